// The invoicing billing report (docs/reports.md). `facturacion-excel` [P]: the month's invoices
// and notes (every status, as the invoice list of the month shows them), one row per invoice
// line with its branch country, the amount in its currency's column; a credit note's lines count
// negative, as the list's totals and the account statements count a credit note. Its workbook is
// one sheet per country (every branch that invoices, or the one asked), each that country's rows.
// (respaldo-gtm is in ./backup-report.ts.)
import { sql } from 'drizzle-orm';
import { INVOICE_REPORT_COUNTRIES, invoicesExcelBodySchema, type InvoicesExcelBody } from '../../schemas/report.schema';
import { defineReport } from '../reports/kit';

export const invoicesExcelReport = defineReport<InvoicesExcelBody>({
  nombre: 'facturacion-excel',
  body: invoicesExcelBodySchema,
  columns: [
    { clave: 'pais', tipo: 'text' },
    { clave: 'factura_id', tipo: 'integer' },
    { clave: 'numero', tipo: 'text' },
    { clave: 'tipo_documento', tipo: 'text' },
    { clave: 'sentido', tipo: 'text' },
    { clave: 'estado', tipo: 'text' },
    { clave: 'contrato', tipo: 'text' },
    { clave: 'razon_social', tipo: 'text' },
    { clave: 'fecha_emision', tipo: 'date' },
    { clave: 'moneda', tipo: 'text' },
    { clave: 'concepto', tipo: 'text' },
    { clave: 'cantidad_mwh', tipo: 'mwh' },
    { clave: 'monto_usd', tipo: 'usd' },
    { clave: 'monto_mxn', tipo: 'mxn' },
  ],
  order: ['pais', 'factura_id', 'concepto'],
  rows: (body) => {
    const sign = sql`(case when f."tipo_documento" = 'nota_credito' then -1 else 1 end)`;
    return sql`select f."pais", f."id" as factura_id, f."numero", f."tipo_documento", f."sentido", f."estado", f."contrato_codigo" as contrato,
        f."razon_social", f."fecha_emision", f."moneda", l."concepto", ${sign} * l."cantidad_mwh" as cantidad_mwh,
        case when f."moneda" = 'USD' then ${sign} * l."monto" end as monto_usd,
        case when f."moneda" = 'MXN' then ${sign} * l."monto" end as monto_mxn
      from "facturas" f join "factura_lineas" l on l."factura_id" = f."id"
      where f."anio" = ${body.anio} and f."mes" = ${body.mes}
        ${body.pais === undefined ? sql`` : sql`and f."pais" = ${body.pais}`}
        ${body.empresa_id === undefined ? sql`` : sql`and f."empresa_id" = ${body.empresa_id}`}`;
  },
  // One sheet per country: each the same report narrowed to it, named by the country.
  sheets: (body) =>
    (body.pais === undefined ? INVOICE_REPORT_COUNTRIES : [body.pais]).map((pais) => ({ body: { ...body, pais }, nombre: (words) => words.countries[pais] })),
});
