// The accounting billing reports (docs/reports.md): `saldo-gtm`, `saldo-sv`, `saldo-mex` [P]:
// what each customer of one country's branch owes us at the end of the month, aged by days past
// each document's due date, read with the account statement's own SQL (`openDocuments`,
// server/accounting/statement-store.ts: receivables, issued documents and payments up to the
// cut-off, narrowed to the branch's `facturas.pais`), so a company's row is its statement
// account's balance and ageing. One report per country, one
// query for the three: GT and SV invoice in USD (a row per company); MX in MXN and USD (a row
// per company and currency, each currency's amounts in its own columns so every total adds one
// currency).
import { sql, type SQL } from 'drizzle-orm';
import { AGEING_BUCKETS } from '../../schemas/accounting.schema';
import type { CountryCode } from '../../schemas/role.schema';
import {
  balanceGtBodySchema,
  balanceMxBodySchema,
  balanceSvBodySchema,
  type BalanceBody,
  type ReportBodySchema,
  type ReportName,
} from '../../schemas/report.schema';
import { defineReport, monthRange, type ReportColumn } from '../reports/kit';
import { openDocuments } from './statement-store';

type Currency = 'USD' | 'MXN';

/** The amount keys of a row: each ageing bucket, and the balance. */
const AMOUNT_KEYS = [...AGEING_BUCKETS, 'saldo'] as const;

/** A bucket's (or the balance's) sum over the open documents `t` of the account (0 when none). */
const amountOf = (key: (typeof AMOUNT_KEYS)[number]) =>
  key === 'saldo' ? sql`coalesce(sum(t."saldo"), 0)` : sql`coalesce(sum(t."saldo") filter (where t."tramo" = ${key}), 0)`;

/**
 * The balance report of `pais`'s branch in `monedas`. In one currency, its amounts are the
 * columns `corriente` ... `saldo`; in several, a row per company and currency (`moneda`) and the
 * amounts of each currency in their own columns (`corriente_mxn` ... `saldo_usd`), empty on
 * the other currency's rows.
 */
function balanceReport(nombre: ReportName, body: ReportBodySchema, pais: CountryCode, monedas: readonly Currency[]) {
  const split = monedas.length > 1;
  const clave = (key: string, moneda: Currency) => (split ? `${key}_${moneda.toLowerCase()}` : key);
  const amountColumns: ReportColumn[] = monedas.flatMap((moneda) => AMOUNT_KEYS.map((key) => ({ clave: clave(key, moneda), tipo: moneda === 'USD' ? ('usd' as const) : ('mxn' as const) })));
  const amounts: SQL = sql.join(
    monedas.flatMap((moneda) =>
      AMOUNT_KEYS.map((key) => {
        const value = split ? sql`case when c."moneda" = ${moneda} then ${amountOf(key)} end` : amountOf(key);
        return sql`${value} as ${sql.identifier(clave(key, moneda))}`;
      }),
    ),
    sql`, `,
  );
  return defineReport<BalanceBody>({
    nombre,
    body,
    columns: [
      { clave: 'empresa_id', tipo: 'integer' },
      { clave: 'razon_social', tipo: 'text' },
      ...(split ? [{ clave: 'moneda', tipo: 'text' as const }] : []),
      { clave: 'documentos', tipo: 'integer', total: 'sum' },
      ...amountColumns,
    ],
    order: ['razon_social', 'empresa_id', ...(split ? ['moneda'] : [])],
    rows: (body) => {
      const filters = {
        tipo: 'cobrar',
        moneda: split ? undefined : monedas[0],
        pais,
        fecha_corte: monthRange(body).hasta,
        empresa_id: body.empresa_id,
      } as const;
      // Every company (and currency) with a document up to the cut-off, as the statement's accounts (a settled one at 0).
      return sql`with ${openDocuments(filters)},
          cuentas as (
            select distinct d."empresa_id", d."moneda" from documentos d
            where d."moneda" in (${sql.join(
              monedas.map((moneda) => sql`${moneda}`),
              sql`, `,
            )})
          )
        select c."empresa_id", e."razon_social", c."moneda", count(t."id") as documentos, ${amounts}
        from cuentas c join "empresas" e on e."id" = c."empresa_id"
          left join tramos t on t."empresa_id" = c."empresa_id" and t."moneda" = c."moneda"
        group by c."empresa_id", e."razon_social", c."moneda"`;
    },
  });
}

/** GT invoices in USD. */
export const balanceGtReport = balanceReport('saldo-gtm', balanceGtBodySchema, 'GT', ['USD']);
/** SV invoices in USD. */
export const balanceSvReport = balanceReport('saldo-sv', balanceSvBodySchema, 'SV', ['USD']);
/** MX invoices in MXN or USD (a contract's currency). */
export const balanceMxReport = balanceReport('saldo-mex', balanceMxBodySchema, 'MX', ['MXN', 'USD']);
