// Invoicing (docs/invoicing.md): VAT rates by country and validity, invoices and notes drafted
// from validated settlements with their lines, and the payments recorded on them. Amounts are
// `numeric` (decimal strings in code). The lifecycle (GUARDADO -> SOLICITADO -> FACTURADO ->
// CONCILIADO) is decided by machines/invoicing; triggers of migration 0016_invoicing hold it in
// the database too: a status never goes back, a requested invoice's amounts never change, and a
// payment is never edited or deleted.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { CREDIT_TYPES, CURRENCIES } from '../../../schemas/contract.schema';
import { INVOICE_DIRECTIONS, INVOICE_KINDS, INVOICE_LINE_CONCEPTS, INVOICE_STATES } from '../../../schemas/invoice.schema';
import { COUNTRY_CODES } from '../../../schemas/role.schema';
import { editedColumns } from './columns';
import { files } from './files';
import { empresas } from './relations-companies';
import { contratos } from './relations-contracts';
import { liquidaciones } from './settlements';

/**
 * VAT rates (percent) by country from a date, an open end while in force. The periods of one
 * country never overlap: an exclusion constraint of the migration (as cargos_pais).
 */
export const tasasIva = pgTable(
  'tasas_iva',
  {
    id: serial('id').primaryKey(),
    pais: text('pais', { enum: COUNTRY_CODES }).notNull(),
    vigente_desde: date('vigente_desde', { mode: 'string' }).notNull(),
    vigente_hasta: date('vigente_hasta', { mode: 'string' }),
    tasa: numeric('tasa').notNull(),
    ...editedColumns(),
  },
  (table) => [
    unique('tasas_iva_vigencia_unique').on(table.pais, table.vigente_desde),
    check('tasas_iva_vigencia_orden', sql`${table.vigente_hasta} is null or ${table.vigente_hasta} >= ${table.vigente_desde}`),
    check('tasas_iva_tasa_valid', sql`${table.tasa} >= 0 and ${table.tasa} <= 100`),
  ],
);

/**
 * An invoice of a validated DF, or a debit or credit note of a validated CD (its difference
 * against the settlement before it). One document per settlement. What the document says of
 * the company and contract is copied when it is drafted: an issued invoice never changes with
 * later edits of the company.
 */
export const facturas = pgTable(
  'facturas',
  {
    id: serial('id').primaryKey(),
    tipo_documento: text('tipo_documento', { enum: INVOICE_KINDS }).notNull(),
    sentido: text('sentido', { enum: INVOICE_DIRECTIONS }).notNull(),
    liquidacion_id: integer('liquidacion_id')
      .notNull()
      .references(() => liquidaciones.id, { onDelete: 'restrict' }),
    factura_origen_id: integer('factura_origen_id'),
    contrato_id: integer('contrato_id')
      .notNull()
      .references(() => contratos.id, { onDelete: 'restrict' }),
    empresa_id: integer('empresa_id')
      .notNull()
      .references(() => empresas.id, { onDelete: 'restrict' }),
    contrato_codigo: text('contrato_codigo').notNull(),
    razon_social: text('razon_social').notNull(),
    nit: text('nit').notNull(),
    direccion: text('direccion').notNull(),
    incoterm: text('incoterm').notNull(),
    pais: text('pais', { enum: COUNTRY_CODES }).notNull(),
    anio: integer('anio').notNull(),
    mes: smallint('mes').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    energia_mwh: numeric('energia_mwh').notNull(),
    precio_unitario: numeric('precio_unitario'),
    subtotal: numeric('subtotal').notNull(),
    descuento_pct: numeric('descuento_pct').notNull().default('0'),
    descuento: numeric('descuento').notNull().default('0'),
    ajuste: numeric('ajuste').notNull().default('0'),
    tasa_iva: numeric('tasa_iva').notNull(),
    iva: numeric('iva').notNull(),
    total: numeric('total').notNull(),
    pagado: numeric('pagado').notNull().default('0'),
    moneda: text('moneda', { enum: CURRENCIES }).notNull(),
    tipo_cambio: numeric('tipo_cambio').notNull(),
    estado: text('estado', { enum: INVOICE_STATES }).notNull().default('GUARDADO'),
    tipo_credito: text('tipo_credito', { enum: CREDIT_TYPES }),
    dias_credito: integer('dias_credito').notNull(),
    solicitado_por: text('solicitado_por'),
    solicitado_en: timestamp('solicitado_en', { withTimezone: true }),
    numero: text('numero'),
    fecha_emision: date('fecha_emision', { mode: 'string' }),
    fecha_vencimiento: date('fecha_vencimiento', { mode: 'string' }),
    archivo_fisica: text('archivo_fisica').references(() => files.key, { onDelete: 'restrict' }),
    archivo_flex: text('archivo_flex').references(() => files.key, { onDelete: 'restrict' }),
    emitido_por: text('emitido_por'),
    emitido_en: timestamp('emitido_en', { withTimezone: true }),
    conciliado_en: timestamp('conciliado_en', { withTimezone: true }),
    ...editedColumns(),
  },
  (table) => [
    unique('facturas_liquidacion_key').on(table.liquidacion_id),
    // A number we issue is our branch's, once; a supplier's number is once per supplier.
    uniqueIndex('facturas_numero_cobrar_key').on(table.pais, table.numero).where(sql`${table.sentido} = 'cobrar'`),
    uniqueIndex('facturas_numero_pagar_key').on(table.empresa_id, table.numero).where(sql`${table.sentido} = 'pagar'`),
    index('facturas_periodo_idx').on(table.anio, table.mes),
    index('facturas_empresa_idx').on(table.empresa_id),
    index('facturas_origen_idx').on(table.factura_origen_id),
    // Home's "to issue" (server/home): the requested ones, a few among the issued.
    index('facturas_solicitadas_idx').on(table.pais).where(sql`${table.estado} = 'SOLICITADO'`),
    check('facturas_mes_valid', sql`${table.mes} between 1 and 12`),
    check('facturas_estado_valid', sql`${table.estado} in ('GUARDADO', 'SOLICITADO', 'FACTURADO', 'CONCILIADO')`),
    check('facturas_tipo_documento_valid', sql`${table.tipo_documento} in ('factura', 'nota_debito', 'nota_credito')`),
    check('facturas_sentido_valid', sql`${table.sentido} in ('cobrar', 'pagar')`),
    check('facturas_moneda_valid', sql`${table.moneda} in ('USD', 'MXN')`),
    // An invoice corrects nothing; a note of a CD names the invoice it corrects (a DF whose
    // amount is negative, a CFD's, is a credit note of its own).
    check('facturas_nota_origen', sql`${table.tipo_documento} <> 'factura' or ${table.factura_origen_id} is null`),
    // The amounts add up (invoice-amounts.ts computes them; this holds whoever writes).
    check(
      'facturas_importes',
      sql`${table.descuento} = round(${table.subtotal} * ${table.descuento_pct} / 100, 2)
        and ${table.iva} = round((${table.subtotal} - ${table.descuento} + ${table.ajuste}) * ${table.tasa_iva} / 100, 2)
        and ${table.total} = ${table.subtotal} - ${table.descuento} + ${table.ajuste} + ${table.iva}
        and ${table.total} >= 0 and ${table.subtotal} >= 0`,
    ),
    check('facturas_pagado', sql`${table.pagado} >= 0 and ${table.pagado} <= ${table.total}`),
    check('facturas_tipo_cambio_positive', sql`${table.tipo_cambio} > 0`),
    // What each status has: who requested; the number, date and both documents; paid in full.
    check('facturas_solicitada', sql`${table.estado} = 'GUARDADO' or (${table.solicitado_por} is not null and ${table.solicitado_en} is not null)`),
    check(
      'facturas_emitida',
      sql`${table.estado} in ('GUARDADO', 'SOLICITADO') or (${table.numero} is not null and ${table.fecha_emision} is not null
        and ${table.fecha_vencimiento} is not null and ${table.archivo_fisica} is not null and ${table.archivo_flex} is not null
        and ${table.emitido_por} is not null and ${table.emitido_por} is distinct from ${table.solicitado_por})`,
    ),
    check('facturas_conciliada', sql`(${table.estado} = 'CONCILIADO') = (${table.conciliado_en} is not null) and (${table.estado} <> 'CONCILIADO' or ${table.pagado} = ${table.total})`),
  ],
);

/** The lines of an invoice: one per settlement column that is part of the invoice amount. */
export const facturaLineas = pgTable(
  'factura_lineas',
  {
    factura_id: integer('factura_id')
      .notNull()
      .references(() => facturas.id, { onDelete: 'cascade' }),
    concepto: text('concepto', { enum: INVOICE_LINE_CONCEPTS }).notNull(),
    cantidad_mwh: numeric('cantidad_mwh'),
    monto: numeric('monto').notNull(),
  },
  (table) => [primaryKey({ name: 'factura_lineas_pkey', columns: [table.factura_id, table.concepto] })],
);

/** A payment recorded on an issued invoice: received (cobrar) or made (pagar). Append-only. */
export const pagos = pgTable(
  'pagos',
  {
    id: serial('id').primaryKey(),
    factura_id: integer('factura_id')
      .notNull()
      .references(() => facturas.id, { onDelete: 'restrict' }),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    monto: numeric('monto').notNull(),
    moneda: text('moneda', { enum: CURRENCIES }).notNull(),
    referencia: text('referencia').notNull(),
    registrado_por: text('registrado_por'),
    registrado_en: timestamp('registrado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pagos_factura_idx').on(table.factura_id), check('pagos_monto_positive', sql`${table.monto} > 0`)],
);

export type FacturaRow = typeof facturas.$inferSelect;
export type PagoRow = typeof pagos.$inferSelect;
export type TasaIvaRow = typeof tasasIva.$inferSelect;
