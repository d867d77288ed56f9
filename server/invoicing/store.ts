// The SQL of the invoicing area: one column set that reads, locks and answers an invoice in the
// shape the API shows (its columns, its settlement's version, what is still owed), the filtered
// page of the list with its totals per status and currency (summed by the database), one
// invoice with its lines and payments, and the writes of each lifecycle step.
import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { InvoiceFacts } from '../../machines/invoicing/invoice-rules';
import {
  INVOICE_LINE_CONCEPTS,
  INVOICE_STATES,
  type Invoice,
  type InvoiceDetail,
  type InvoiceIssueBody,
  type InvoiceListQuery,
  type InvoicePage,
  type InvoiceState,
  type PaymentBody,
} from '../../schemas/invoice.schema';
import { queryRows, type Db } from '../db/client';
import { facturaLineas, facturas, pagos, type FacturaRow } from '../db/schema/invoicing';
import { liquidaciones } from '../db/schema/settlements';
import { createStamp, editStamp, wireRow } from '../db/versioned';
import { AppErrors } from '../errors/catalogue';

const invoiceColumns = {
  ...getTableColumns(facturas),
  version_liquidacion: liquidaciones.version_liquidacion,
  // Written out with the table's name: drizzle leaves column names unqualified inside sql.
  saldo: sql<string>`("facturas"."total" - "facturas"."pagado")::text`,
};

type InvoiceRead = FacturaRow & { version_liquidacion: string; saldo: string };

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** An invoice as the API returns it: timestamps as ISO strings. */
function toInvoice(row: InvoiceRead): Invoice {
  return {
    ...wireRow(row),
    solicitado_en: iso(row.solicitado_en),
    emitido_en: iso(row.emitido_en),
    conciliado_en: iso(row.conciliado_en),
  } as Invoice;
}

function selectInvoices(db: Db) {
  return db.select(invoiceColumns).from(facturas).innerJoin(liquidaciones, eq(liquidaciones.id, facturas.liquidacion_id));
}

function filters(query: InvoiceListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.anio !== undefined) conditions.push(eq(facturas.anio, query.anio));
  if (query.mes !== undefined) conditions.push(eq(facturas.mes, query.mes));
  if (query.pais !== undefined) conditions.push(sql`${facturas.pais} = ${query.pais}`);
  if (query.estado !== undefined) conditions.push(eq(facturas.estado, query.estado));
  if (query.empresa_id !== undefined) conditions.push(eq(facturas.empresa_id, query.empresa_id));
  if (query.moneda !== undefined) conditions.push(eq(facturas.moneda, query.moneda));
  if (query.sentido !== undefined) conditions.push(eq(facturas.sentido, query.sentido));
  if (query.tipo_documento !== undefined) conditions.push(eq(facturas.tipo_documento, query.tipo_documento));
  if (query.liquidacion_id !== undefined) conditions.push(eq(facturas.liquidacion_id, query.liquidacion_id));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** How a document counts in a sum: a credit note takes away what the others add (as in the statements). */
const SIGN = sql`(case when ${facturas.tipo_documento} = 'nota_credito' then -1 else 1 end)`;

const STATE_ORDER = sql.raw(`array[${INVOICE_STATES.map((state) => `'${state}'`).join(', ')}]::text[]`);

/**
 * One page of the invoices `query` selects (newest month first, then by contract and id), how
 * many it selects in all, and their totals per direction, status and currency (what we are owed
never added to what we owe, USD never to MXN; a credit note counts negative).
 */
export async function listInvoices(db: Db, query: InvoiceListQuery): Promise<InvoicePage> {
  const where = filters(query);
  const perPage = query.por_pagina ?? 50;
  const page = query.pagina ?? 1;
  const [rows, [total], totales] = await Promise.all([
    selectInvoices(db)
      .where(where)
      .orderBy(desc(facturas.anio), desc(facturas.mes), asc(facturas.contrato_codigo), asc(facturas.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(facturas).where(where),
    db
      .select({
        sentido: facturas.sentido,
        estado: facturas.estado,
        moneda: facturas.moneda,
        cantidad: sql<number>`count(*)::int`,
        total: sql<string>`sum(${SIGN} * ${facturas.total})::text`,
        saldo: sql<string>`sum(${SIGN} * (${facturas.total} - ${facturas.pagado}))::text`,
      })
      .from(facturas)
      .where(where)
      .groupBy(facturas.sentido, facturas.estado, facturas.moneda)
      .orderBy(facturas.sentido, sql`array_position(${STATE_ORDER}, ${facturas.estado})`, facturas.moneda),
  ]);
  return { data: rows.map(toInvoice), total: Number(total?.n ?? 0), totales };
}

/** The invoice `id`; 404 when there is none. */
export async function readInvoice(db: Db, id: number): Promise<Invoice> {
  const [row] = await selectInvoices(db).where(eq(facturas.id, id));
  if (!row) throw new AppErrors.invoiceNotFound();
  return toInvoice(row);
}

/** The invoice `id` with its lines (in the document's order) and its payments (by date). */
export async function readInvoiceDetail(db: Db, id: number): Promise<InvoiceDetail> {
  const invoice = await readInvoice(db, id);
  const [lineas, payments] = await Promise.all([
    db
      .select({ concepto: facturaLineas.concepto, cantidad_mwh: facturaLineas.cantidad_mwh, monto: facturaLineas.monto })
      .from(facturaLineas)
      .where(eq(facturaLineas.factura_id, id))
      .orderBy(sql`array_position(${sql.raw(`array[${INVOICE_LINE_CONCEPTS.map((concept) => `'${concept}'`).join(', ')}]::text[]`)}, ${facturaLineas.concepto})`),
    db.select().from(pagos).where(eq(pagos.factura_id, id)).orderBy(asc(pagos.fecha), asc(pagos.id)),
  ]);
  return { ...invoice, lineas, pagos: payments.map((payment) => ({ ...payment, registrado_en: payment.registrado_en.toISOString() })) };
}

/**
 * The invoices `ids` locked for the rest of the transaction, in id order (two batches naming
 * the same invoices take turns instead of waiting on each other); 404 naming the first id
 * that does not exist.
 */
export async function lockInvoices(tx: Db, ids: readonly number[]): Promise<FacturaRow[]> {
  const rows = await tx.select().from(facturas).where(inArray(facturas.id, [...ids])).orderBy(asc(facturas.id)).for('update');
  if (rows.length !== new Set(ids).size) throw new AppErrors.invoiceNotFound();
  return rows;
}

/** The invoice `id` locked: concurrent commands on it take turns, the second reads what the first wrote. */
export async function lockInvoice(tx: Db, id: number): Promise<FacturaRow> {
  const [row] = await tx.select().from(facturas).where(eq(facturas.id, id)).for('update');
  if (!row) throw new AppErrors.invoiceNotFound();
  return row;
}

/** What the lifecycle machine reads of a stored invoice. */
export function invoiceFacts(row: FacturaRow): InvoiceFacts {
  return { estado: row.estado, solicitado_por: row.solicitado_por, total: row.total, pagado: row.pagado, moneda: row.moneda };
}

/** A draft's new fields and the amounts computed from them. */
export interface DraftChanges {
  descripcion?: string;
  descuento_pct: string;
  descuento: string;
  ajuste: string;
  iva: string;
  total: string;
}

export async function updateDraft(tx: Db, id: number, changes: DraftChanges, actor: string): Promise<void> {
  await tx
    .update(facturas)
    .set({ ...changes, ...editStamp(facturas, actor) })
    .where(eq(facturas.id, id));
}

/** GUARDADO -> SOLICITADO for every one of `ids`, stamped with who requested them and when. */
export async function requestInvoices(tx: Db, ids: readonly number[], actor: string): Promise<void> {
  await tx
    .update(facturas)
    .set({ estado: 'SOLICITADO', solicitado_por: actor, solicitado_en: sql`now()`, ...editStamp(facturas, actor) })
    .where(inArray(facturas.id, [...ids]));
}

/** SOLICITADO -> FACTURADO: the number, the date, the due date the database computes, both documents. */
export async function issueInvoice(tx: Db, id: number, issue: InvoiceIssueBody, actor: string): Promise<void> {
  await tx
    .update(facturas)
    .set({
      estado: 'FACTURADO',
      numero: issue.numero.trim(),
      fecha_emision: issue.fecha,
      fecha_vencimiento: sql`fecha_vencimiento(${issue.fecha}::date, ${facturas.dias_credito}, ${facturas.tipo_credito})`,
      archivo_fisica: issue.archivo_fisica,
      archivo_flex: issue.archivo_flex,
      emitido_por: actor,
      emitido_en: sql`now()`,
      ...editStamp(facturas, actor),
    })
    .where(eq(facturas.id, id));
}

/** Appends the payment and adds it to what is paid; `estado` is the machine's (CONCILIADO when it covers the total). */
export async function recordPayment(tx: Db, id: number, payment: PaymentBody, estado: InvoiceState, actor: string): Promise<void> {
  await tx.insert(pagos).values({
    factura_id: id,
    fecha: payment.fecha,
    monto: payment.monto,
    moneda: payment.moneda,
    referencia: payment.referencia.trim(),
    registrado_por: actor,
  });
  await tx
    .update(facturas)
    .set({
      pagado: sql`${facturas.pagado} + ${payment.monto}::numeric`,
      estado,
      ...(estado === 'CONCILIADO' ? { conciliado_en: sql`now()` } : {}),
      ...editStamp(facturas, actor),
    })
    .where(eq(facturas.id, id));
}

/** The document of settlement `liquidacionId`, or null while it has none. */
export async function documentOf(tx: Db, liquidacionId: number): Promise<number | null> {
  const [row] = await tx.select({ id: facturas.id }).from(facturas).where(eq(facturas.liquidacion_id, liquidacionId));
  return row?.id ?? null;
}

/** The VAT rate (percent) of `pais` in force on the month's last day, or null when none is. */
export async function vatRateOf(tx: Db, pais: string, anio: number, mes: number): Promise<string | null> {
  const [row] = await queryRows<{ tasa: string }>(
    tx,
    sql`with dia as (select (make_date(${anio}, ${mes}, 1) + interval '1 month - 1 day')::date as d)
        select "tasa"::text as tasa from "tasas_iva", dia
        where "pais" = ${pais} and "vigente_desde" <= dia.d and ("vigente_hasta" is null or "vigente_hasta" >= dia.d)`,
  );
  return row?.tasa ?? null;
}

/** A new draft (GUARDADO) with its lines; answers its id. */
export async function insertDraft(
  tx: Db,
  values: Omit<typeof facturas.$inferInsert, 'id' | 'created_by' | 'updated_by'>,
  lines: readonly { concepto: (typeof facturaLineas.$inferInsert)['concepto']; monto: string }[],
  actor: string | null,
): Promise<number> {
  const [inserted] = await tx
    .insert(facturas)
    .values({ ...values, ...createStamp(actor) })
    .returning({ id: facturas.id });
  const id = inserted!.id;
  if (lines.length > 0) {
    await tx.insert(facturaLineas).values(
      lines.map((line) => ({ factura_id: id, concepto: line.concepto, monto: line.monto, cantidad_mwh: line.concepto === 'energia' ? values.energia_mwh : null })),
    );
  }
  return id;
}
