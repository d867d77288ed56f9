// The accounting billing reports (docs/reports.md). `saldo-gtm` [P]: what each customer of the
// Guatemala branch owes us in USD at the end of the month, aged by days past each document's
// due date, read with the account statement's own SQL (`openDocuments`,
// server/accounting/statement-store.ts: receivables, issued documents and payments up to the
// cut-off), so a company's row is its statement account's balance and ageing.
import { sql } from 'drizzle-orm';
import { AGEING_BUCKETS } from '../../schemas/accounting.schema';
import { balanceGtBodySchema, type BalanceGtBody } from '../../schemas/report.schema';
import { defineReport, monthRange } from '../reports/kit';
import { openDocuments } from './statement-store';

const bucketSums = sql.raw(AGEING_BUCKETS.map((bucket) => `coalesce(sum(t."saldo") filter (where t."tramo" = '${bucket}'), 0) as "${bucket}"`).join(', '));

export const balanceGtReport = defineReport<BalanceGtBody>({
  nombre: 'saldo-gtm',
  body: balanceGtBodySchema,
  columns: [
    { clave: 'empresa_id', tipo: 'integer' },
    { clave: 'razon_social', tipo: 'text' },
    { clave: 'documentos', tipo: 'integer', total: 'sum' },
    ...AGEING_BUCKETS.map((bucket) => ({ clave: bucket, tipo: 'usd' as const })),
    { clave: 'saldo', tipo: 'usd' },
  ],
  order: ['razon_social', 'empresa_id'],
  rows: (body) => {
    const filters = { tipo: 'cobrar', moneda: 'USD', pais: 'GT', fecha_corte: monthRange(body).hasta, empresa_id: body.empresa_id } as const;
    // Every company with a document up to the cut-off, as the statement's accounts (a settled one at 0).
    return sql`with ${openDocuments(filters)},
        cuentas as (select distinct d."empresa_id" from documentos d)
      select c."empresa_id", e."razon_social", count(t."id") as documentos, ${bucketSums}, coalesce(sum(t."saldo"), 0) as saldo
      from cuentas c join "empresas" e on e."id" = c."empresa_id" left join tramos t on t."empresa_id" = c."empresa_id"
      group by c."empresa_id", e."razon_social"`;
  },
});
