// The invoicing area's hourly backup report (docs/reports.md). `respaldo-gtm` [P]: the hourly backup
// of each Guatemalan document (invoice or note, in USD, any status) of a month: the rows of the
// settlement it was drafted from, invoice x annex x hour, as drafting reads them
// (server/invoicing/rules.ts, `draftDocument`): an invoice is its DF's rows; a note of a CD is
// the CD's rows less those of the settlement it corrects (the DF, or the CD before), hour by
// hour; amounts in the document's direction (a credit note's are positive, as its lines are).
// A take-or-pay shortfall is a month line of the settlement, not an hour's: it is the document's
// one row without annex, date or hour. So each document's rows add up to its subtotal.
import { sql } from 'drizzle-orm';
import { invoiceBackupGtBodySchema, type InvoiceBackupGtBody } from '../../schemas/report.schema';
import { defineReport } from '../reports/kit';

/** The hour's amounts of a settlement row, as the invoice's lines name them. */
const AMOUNTS = ['liquidacion_energia', 'liquidacion_potencia', 'fee', 'cargos_mmi', 'cargos_mmr'] as const;

export const invoiceBackupGtReport = defineReport<InvoiceBackupGtBody>({
  nombre: 'respaldo-gtm',
  body: invoiceBackupGtBodySchema,
  columns: [
    { clave: 'factura_id', tipo: 'integer' },
    { clave: 'numero', tipo: 'text' },
    { clave: 'tipo_documento', tipo: 'text' },
    { clave: 'estado', tipo: 'text' },
    { clave: 'contrato', tipo: 'text' },
    { clave: 'razon_social', tipo: 'text' },
    { clave: 'anexo_id', tipo: 'integer' },
    { clave: 'fecha', tipo: 'date' },
    { clave: 'periodo', tipo: 'integer' },
    { clave: 'mwh_total', tipo: 'mwh' },
    ...AMOUNTS.map((clave) => ({ clave, tipo: 'usd' as const })),
    { clave: 'take_or_pay', tipo: 'usd' },
    { clave: 'monto', tipo: 'usd' },
  ],
  order: ['factura_id', 'anexo_id', 'fecha', 'periodo'],
  rows: (body) => {
    const signed = (column: string) => sql.raw(`d.signo * sum(p.lado * p."${column}") as "${column}"`);
    return sql`with docs as (
        select f."id", f."numero", f."tipo_documento", f."estado", f."contrato_codigo", f."razon_social", f."liquidacion_id",
          case when f."tipo_documento" = 'nota_credito' then -1 else 1 end as signo,
          (select a."id" from "liquidaciones" a
            where l."version_liquidacion" = 'CD' and a."contrato_id" = l."contrato_id" and a."anio" = l."anio" and a."mes" = l."mes"
              and ((l."reconciliacion" = 1 and a."version_liquidacion" = 'DF') or (a."version_liquidacion" = 'CD' and a."reconciliacion" = l."reconciliacion" - 1))) as anterior_id
        from "facturas" f join "liquidaciones" l on l."id" = f."liquidacion_id"
        where f."pais" = 'GT' and f."moneda" = 'USD' and f."anio" = ${body.anio} and f."mes" = ${body.mes}
          ${body.empresa_id === undefined ? sql`` : sql`and f."empresa_id" = ${body.empresa_id}`}
          ${body.contrato_id === undefined ? sql`` : sql`and f."contrato_id" = ${body.contrato_id}`}
      ),
      partes as (
        select d."id" as factura_id, 1 as lado, r.* from docs d join "liquidacion_filas" r on r."liquidacion_id" = d."liquidacion_id"
        union all
        select d."id", -1, r.* from docs d join "liquidacion_filas" r on r."liquidacion_id" = d.anterior_id
      ),
      horas as (
        select p.factura_id, p."anexo_id", p."fecha", p."periodo", ${signed('energia_total_mwh')}, ${sql.join(AMOUNTS.map(signed), sql`, `)},
          0::numeric as take_or_pay
        from partes p join docs d on d."id" = p.factura_id
        group by p.factura_id, d.signo, p."anexo_id", p."fecha", p."periodo"
      ),
      top as (
        select d."id" as factura_id, null::integer as anexo_id, null::date as fecha, null::smallint as periodo, 0::numeric as energia_total_mwh,
          ${sql.join(AMOUNTS.map((name) => sql.raw(`0::numeric as "${name}"`)), sql`, `)},
          d.signo * (l."take_or_pay" - coalesce(a."take_or_pay", 0)) as take_or_pay
        from docs d join "liquidaciones" l on l."id" = d."liquidacion_id" left join "liquidaciones" a on a."id" = d.anterior_id
        where l."take_or_pay" - coalesce(a."take_or_pay", 0) <> 0
      )
      select d."id" as factura_id, d."numero", d."tipo_documento", d."estado", d."contrato_codigo" as contrato, d."razon_social",
        x."anexo_id", x."fecha", x."periodo", x."energia_total_mwh" as mwh_total, ${sql.join(AMOUNTS.map((name) => sql.raw(`x."${name}"`)), sql`, `)},
        x."take_or_pay", ${sql.raw(AMOUNTS.map((name) => `x."${name}"`).join(' + '))} + x."take_or_pay" as monto
      from (select * from horas union all select * from top) x join docs d on d."id" = x.factura_id`;
  },
});
