// The pre-flight credit check of a Sube Planillas run (docs/guarantees.md "Pre-flight check"):
// before a run of MER bids starts, the most its bids may cost is set against what the EOR
// guarantee of each bidding branch has available today. Short: 409 naming each branch's
// shortfall, and nothing starts. The rules are shared with the selection page
// (schemas/credit-check.schema.ts), which shows the same figures before Start.
import { sql } from 'drizzle-orm';
import { bidExposures, creditShortfalls, nodeBranchOf, type CreditBranch, type MerCredit } from '../../schemas/credit-check.schema';
import { businessToday } from '../../schemas/date.schema';
import { OPERATOR_BRANCHES } from '../../schemas/guarantee.schema';
import type { SubeRunBody } from '../../schemas/process.schema';
import { addDecimals, subtractDecimals } from '../../schemas/exact-decimal';
import { queryRows, type Db } from '../db/client';
import { AppErrors, withDetails } from '../errors/catalogue';
import { merContracts } from '../logbooks/store';
import { positionsOn } from './position';

const EOR_BRANCHES = OPERATOR_BRANCHES.EOR;

/** The branch of the contract naming each node of the MER's annexes in force on `fecha` (the first by code where two do). */
function nodeBranches(db: Db, fecha: string) {
  return queryRows<{ nodo: string; sucursal: string }>(
    db,
    sql`select nodo, min(sucursal) as sucursal
        from (select unnest(a.pmi || a.pmr) as nodo, c.sucursal
              from anexos a join contratos c on c.id = a.contrato_id
              where ${merContracts} and a.fecha_inicio <= ${fecha}::date and a.fecha_fin >= ${fecha}::date) as puntos
        where trim(nodo) <> ''
        group by nodo
        order by nodo`,
  );
}

/** Each EOR branch's guarantee today: guaranteed, REA and the value available (0 guaranteed where nothing is posted). */
async function eorBranches(db: Db, today: string): Promise<CreditBranch[]> {
  const positions = new Map((await positionsOn(db, today, 'EOR')).map((position) => [position.sucursal, position]));
  return EOR_BRANCHES.map((sucursal) => {
    const position = positions.get(sucursal);
    const guaranteed = position?.monto_garantizado ?? '0';
    const rea = position ? addDecimals(position.pasivo_conocido, position.pasivo_potencial) : '0';
    return { sucursal, moneda: 'USD', monto_garantizado: guaranteed, rea, disponible: subtractDecimals(guaranteed, rea) };
  });
}

/** GET /procesos/api/v1/sube/credito: the credit a MER bid run of `fecha` is judged against. */
export async function merCredit(db: Db, fecha: string): Promise<MerCredit> {
  const today = businessToday();
  const [sucursales, nodos] = await Promise.all([eorBranches(db, today), nodeBranches(db, fecha)]);
  return { fecha: today, sucursales, nodos };
}

/** Refuses (409 APP_ERR_GUARANTEE_SHORT, a detail per short branch with its figures) a Sube run whose bids may cost more than a branch's guarantee has available. */
export async function assertMerCredit(db: Db, body: Pick<SubeRunBody, 'fecha_operacion' | 'horas'>): Promise<void> {
  const credit = await merCredit(db, body.fecha_operacion);
  const shortfalls = creditShortfalls(bidExposures(body.horas, nodeBranchOf(credit)), credit.sucursales);
  if (shortfalls.length === 0) return;
  throw withDetails(
    new AppErrors.guaranteeShort(),
    shortfalls.map(({ sucursal, exposicion, disponible, faltante, horas }) => ({
      instancePath: '/horas',
      keyword: 'guaranteeShort',
      message: `EOR ${sucursal ?? '(no branch)'}: ${horas} hours may cost ${exposicion} USD against ${disponible} USD available, short by ${faltante} USD`,
      params: { sucursal: sucursal ?? '', exposicion, disponible, faltante, horas },
    })),
  );
}
