// Commercial relations: contracts signed with a company and their annexes
// (spec section 3; DOMAIN.md). A contract keeps its company from being deleted, an annex its
// contract (ON DELETE RESTRICT: the routes answer 409 before the database has to refuse).
// Money, energy, prices and percentages are `numeric` (exact; decimal strings on the wire).
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { POWER_UNITS, TRANSMISSION_RIGHT_KINDS } from '../../../schemas/annex.schema';
import {
  CONTRACT_CLASSES,
  CONTRACT_TYPES,
  CREDIT_TYPES,
  CURRENCIES,
  EPWM_BRANCHES,
  GUARANTEE_TYPES,
  INCOTERMS,
  INVOICE_TYPES,
  LOCAL_REGIONAL,
  OFFER_TYPES,
  SETTLEMENT_TYPES,
  TRANSACTION_TYPES,
  type Signer,
} from '../../../schemas/contract.schema';
import { editedColumns } from './columns';
import { files } from './files';
import { empresas } from './relations-companies';

export const contratos = pgTable(
  'contratos',
  {
    id: serial('id').primaryKey(),
    empresa_id: integer('empresa_id')
      .notNull()
      .references(() => empresas.id, { onDelete: 'restrict' }),
    sucursal: text('sucursal', { enum: EPWM_BRANCHES }).notNull(),
    tipo_contrato: text('tipo_contrato', { enum: CONTRACT_TYPES }).notNull(),
    tipo_transaccion: text('tipo_transaccion', { enum: TRANSACTION_TYPES }).notNull(),
    tipo_oferta: text('tipo_oferta', { enum: OFFER_TYPES }),
    clase_contrato: text('clase_contrato', { enum: CONTRACT_CLASSES }).notNull(),
    incoterm: text('incoterm', { enum: INCOTERMS }).notNull(),
    fecha_inicio: date('fecha_inicio', { mode: 'string' }).notNull(),
    /** Term in months. */
    plazo: integer('plazo').notNull(),
    codigo_contraparte: text('codigo_contraparte').notNull(),
    codigo_agente: text('codigo_agente').notNull(),
    tripartito: boolean('tripartito').notNull().default(false),
    nombre_empresa_tercero: text('nombre_empresa_tercero'),
    codigo_tercero: text('codigo_tercero'),
    tipo_factura: text('tipo_factura', { enum: INVOICE_TYPES }).notNull(),
    dias_factura: integer('dias_factura').notNull(),
    tipo_credito: text('tipo_credito', { enum: CREDIT_TYPES }),
    dias_credito: integer('dias_credito').notNull(),
    tipo_garantia: text('tipo_garantia', { enum: GUARANTEE_TYPES }).notNull(),
    monto_garantia: numeric('monto_garantia').notNull(),
    moneda: text('moneda', { enum: CURRENCIES }).notNull().default('USD'),
    archivo_firmado: text('archivo_firmado')
      .notNull()
      .references(() => files.key, { onDelete: 'restrict' }),
    local_regional: text('local_regional', { enum: LOCAL_REGIONAL }).notNull(),
    tipo_liquidacion: text('tipo_liquidacion', { enum: SETTLEMENT_TYPES }),
    pmi: text('pmi').array().notNull().default(sql`'{}'::text[]`),
    pmr: text('pmr').array().notNull().default(sql`'{}'::text[]`),
    poc: numeric('poc').notNull(),
    margen: numeric('margen').notNull(),
    fee: numeric('fee').notNull(),
    precio_fijo: numeric('precio_fijo').notNull(),
    energia: numeric('energia').notNull(),
    potencia: numeric('potencia').notNull(),
    firmantes: jsonb('firmantes').$type<Signer[]>().notNull().default(sql`'[]'::jsonb`),
    ...editedColumns(),
  },
  (table) => [
    index('contratos_empresa_id_idx').on(table.empresa_id),
    check('contratos_tipo_contrato_valid', sql`${table.tipo_contrato} in ('MC', 'COLLAR', 'FEE', 'PF', 'TOP', 'CFD')`),
    check('contratos_tipo_transaccion_valid', sql`${table.tipo_transaccion} in ('I', 'R')`),
    check('contratos_clase_contrato_valid', sql`${table.clase_contrato} in ('CF', 'POT', 'EYP', 'EG', 'CNFFF')`),
    check('contratos_local_regional_valid', sql`${table.local_regional} in ('local', 'regional')`),
    check('contratos_moneda_valid', sql`${table.moneda} in ('USD', 'MXN')`),
    check('contratos_plazo_positive', sql`${table.plazo} > 0`),
    check(
      'contratos_tercero_when_tripartito',
      sql`not ${table.tripartito} or (${table.nombre_empresa_tercero} is not null and ${table.codigo_tercero} is not null)`,
    ),
  ],
);

export const anexos = pgTable(
  'anexos',
  {
    id: serial('id').primaryKey(),
    contrato_id: integer('contrato_id')
      .notNull()
      .references(() => contratos.id, { onDelete: 'restrict' }),
    fecha_inicio: date('fecha_inicio', { mode: 'string' }).notNull(),
    fecha_fin: date('fecha_fin', { mode: 'string' }).notNull(),
    tripartito: boolean('tripartito').notNull().default(false),
    potencia_contratada: numeric('potencia_contratada').notNull(),
    unidad_potencia: text('unidad_potencia', { enum: POWER_UNITS }).notNull(),
    pmr: text('pmr').array().notNull().default(sql`'{}'::text[]`),
    pmi: text('pmi').array().notNull().default(sql`'{}'::text[]`),
    archivo: text('archivo').references(() => files.key, { onDelete: 'restrict' }),
    fee: numeric('fee'),
    precio_fijo: numeric('precio_fijo'),
    poc: numeric('poc'),
    margen_pct: numeric('margen_pct'),
    derecho_transmision: numeric('derecho_transmision'),
    derecho_transmision_tipo: text('derecho_transmision_tipo', { enum: TRANSMISSION_RIGHT_KINDS }),
    participacion_pct: numeric('participacion_pct'),
    titular_transmision: text('titular_transmision'),
    codigo_contrato_firme: text('codigo_contrato_firme'),
    precio_referencia: numeric('precio_referencia'),
    precio_potencia: numeric('precio_potencia'),
    precio_opcion_compra: numeric('precio_opcion_compra'),
    numero_planilla: text('numero_planilla'),
    tipo_planilla: text('tipo_planilla'),
    pct_responsable_transmision: numeric('pct_responsable_transmision'),
    pct_peaje_principal: numeric('pct_peaje_principal'),
    pct_cargos_mmi: numeric('pct_cargos_mmi'),
    pct_cargos_mmr: numeric('pct_cargos_mmr'),
    pct_fpn: numeric('pct_fpn'),
    ...editedColumns(),
  },
  (table) => [
    index('anexos_contrato_id_idx').on(table.contrato_id),
    check('anexos_fechas_orden', sql`${table.fecha_fin} >= ${table.fecha_inicio}`),
    check('anexos_unidad_potencia_valid', sql`${table.unidad_potencia} in ('MW', 'kW')`),
    check(
      'anexos_pct_range',
      sql`coalesce(${table.margen_pct}, 0) between 0 and 100
        and coalesce(${table.participacion_pct}, 0) between 0 and 100
        and coalesce(${table.pct_responsable_transmision}, 0) between 0 and 100
        and coalesce(${table.pct_peaje_principal}, 0) between 0 and 100
        and coalesce(${table.pct_cargos_mmi}, 0) between 0 and 100
        and coalesce(${table.pct_cargos_mmr}, 0) between 0 and 100
        and coalesce(${table.pct_fpn}, 0) between 0 and 100`,
    ),
  ],
);

export type ContratoRow = typeof contratos.$inferSelect;
export type AnexoRow = typeof anexos.$inferSelect;
