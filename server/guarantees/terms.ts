// What each operator requires of a branch and when to warn (docs/guarantees.md): read, and set
// (one row per operator and branch, created or replaced, audited).
import { sql } from 'drizzle-orm';
import { businessToday } from '../../schemas/date.schema';
import { OPERATOR_BRANCHES, type GuaranteeOperator, type Terms, type TermsBody } from '../../schemas/guarantee.schema';
import { queryRows, type Db } from '../db/client';
import { AppErrors, withDetails } from '../errors/catalogue';
import { useCase } from '../kit/use-case';
import { snapshotDay } from './snapshot';

const TERMS_COLUMNS = sql`operador, sucursal, agente, trim_scale(garantia_pago)::text as garantia_pago, trim_scale(garantia_minima)::text as garantia_minima,
  trim_scale(pct_aviso)::text as pct_aviso, dias_vencimiento, case when operador = 'CENACE' then 'MXN' else 'USD' end as moneda, version`;

export function listTerms(db: Db): Promise<Terms[]> {
  return queryRows<Terms>(db, sql`select ${TERMS_COLUMNS} from garantias_terminos order by operador, sucursal`);
}

async function termsOf(db: Db, operador: string, sucursal: string): Promise<Terms | null> {
  const [row] = await queryRows<Terms>(db, sql`select ${TERMS_COLUMNS} from garantias_terminos where operador = ${operador} and sucursal = ${sucursal}`);
  return row ?? null;
}

/** `PUT /garantias/api/v1/terminos`: an operator and branch's terms, in the operator's currency. */
export const setTerms = useCase<TermsBody, Terms>({
  audit: { action: 'guarantee.update', entity: 'guarantee' },
  async run(tx, caller, body) {
    if (!OPERATOR_BRANCHES[body.operador as GuaranteeOperator].includes(body.sucursal)) {
      throw withDetails(new AppErrors.requestInvalid(), [{ instancePath: '/sucursal', keyword: 'guaranteeBranchOperator', message: 'the company is no agent of this operator through that branch' }]);
    }
    const before = await termsOf(tx, body.operador, body.sucursal);
    const actor = caller.user.email;
    await tx.execute(
      sql`insert into garantias_terminos (operador, sucursal, agente, garantia_pago, garantia_minima, pct_aviso, dias_vencimiento, created_by, updated_by)
          values (${body.operador}, ${body.sucursal}, ${body.agente}, ${body.garantia_pago}, ${body.garantia_minima}, ${body.pct_aviso}, ${body.dias_vencimiento}, ${actor}, ${actor})
          on conflict (operador, sucursal) do update set agente = excluded.agente, garantia_pago = excluded.garantia_pago,
            garantia_minima = excluded.garantia_minima, pct_aviso = excluded.pct_aviso, dias_vencimiento = excluded.dias_vencimiento,
            updated_at = now(), updated_by = ${actor}, version = garantias_terminos.version + 1`,
    );
    const after = (await termsOf(tx, body.operador, body.sucursal))!;
    // Today's stored position carries the terms of then: stored again with the new ones.
    await snapshotDay(tx, businessToday());
    return { id: `${body.operador}:${body.sucursal}`, before, after };
  },
});
