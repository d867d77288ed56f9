import type { FromSchema } from 'json-schema-to-ts';
import { editColumnsProperties, idBodySchema, recordIdSchema, updateBodySchema } from './record.schema';
import { CONTRACT_CLASSES, CONTRACT_TYPES, FILE_KEY_PATTERN } from './contract.schema';
import { isoDate } from './date.schema';
import { DECIMAL_BOUNDS, decimalSchema, isWithinBounds, nullableDecimalSchema } from './decimal.schema';
import { nodeListSchema } from './node-code.schema';

// Field rules of the Annex entity and its parameters (spec section 3): a dated amendment of a
// contract carrying the commercial parameters and the PMi / PMr lists (DOMAIN.md). No $id and
// no `format` (see contract.schema.ts).

export const POWER_UNITS = ['MW', 'kW'] as const;
/** A transmission right is an amount ($) or a share of the transmission cost (%). */
export const TRANSMISSION_RIGHT_KINDS = ['$', '%'] as const;

const price = nullableDecimalSchema(DECIMAL_BOUNDS.price);
const percentage = nullableDecimalSchema(DECIMAL_BOUNDS.percentage);
const optionalText = { type: ['string', 'null'], maxLength: 120 } as const;

/** The fields whose value is a percentage in [0, 100]. */
export const ANNEX_PERCENTAGE_FIELDS = [
  'margen_pct',
  'participacion_pct',
  'pct_responsable_transmision',
  'pct_peaje_principal',
  'pct_cargos_mmi',
  'pct_cargos_mmr',
  'pct_fpn',
] as const;

/** Every field an annex body may carry (create and update share the rules). */
const annexFields = {
  contrato_id: recordIdSchema,
  fecha_inicio: isoDate,
  /** On or after fecha_inicio (checked by the server and the form). */
  fecha_fin: isoDate,
  tripartito: { type: 'boolean' },
  /** In `unidad_potencia` (MW or kW). */
  potencia_contratada: decimalSchema(DECIMAL_BOUNDS.quantity),
  unidad_potencia: { type: 'string', enum: POWER_UNITS },
  pmr: nodeListSchema,
  pmi: nodeListSchema,
  /** Key of the annex document (files service). */
  archivo: { type: ['string', 'null'], pattern: FILE_KEY_PATTERN },
  /** $/MWh. */
  fee: price,
  precio_fijo: price,
  poc: price,
  margen_pct: percentage,
  /** An amount ($) or, with `derecho_transmision_tipo` '%', a share within [0, 100] (isTransmissionRightInRange). */
  derecho_transmision: price,
  derecho_transmision_tipo: { type: ['string', 'null'], enum: [...TRANSMISSION_RIGHT_KINDS, null] },
  participacion_pct: percentage,
  /** Holder of the transmission rights: required for an annex of a CF (firm) contract. */
  titular_transmision: optionalText,
  codigo_contrato_firme: optionalText,
  precio_referencia: price,
  precio_potencia: price,
  precio_opcion_compra: price,
  numero_planilla: { type: ['string', 'null'], maxLength: 40 },
  tipo_planilla: { type: ['string', 'null'], maxLength: 40 },
  pct_responsable_transmision: percentage,
  pct_peaje_principal: percentage,
  pct_cargos_mmi: percentage,
  pct_cargos_mmr: percentage,
  pct_fpn: percentage,
} as const;

const ANNEX_REQUIRED_FIELDS = [
  'contrato_id',
  'fecha_inicio',
  'fecha_fin',
  'potencia_contratada',
  'unidad_potencia',
  'pmr',
  'pmi',
] as const;

/** `POST /anexos/api/v1/create` body. */
export const annexCreateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ANNEX_REQUIRED_FIELDS,
  properties: annexFields,
} as const;

export type AnnexCreate = FromSchema<typeof annexCreateSchema>;

/** `PATCH /anexos/api/v1/update/{id}` body: the fields to change plus the version read. */
export const annexUpdateSchema = updateBodySchema(annexFields);

export type AnnexUpdate = FromSchema<typeof annexUpdateSchema>;

/** `POST /anexos/api/v1/delete` body. */
export const annexDeleteSchema = idBodySchema;

/** `GET /anexos/api/v1/get` query: optionally only one contract's annexes. */
export const annexListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { contrato_id: recordIdSchema },
} as const;

export type AnnexListQuery = FromSchema<typeof annexListQuerySchema>;

const nullableString = { type: ['string', 'null'] } as const;

const annexOutputFields = {
  id: { type: 'integer' },
  contrato_id: { type: 'integer' },
  empresa_id: { type: 'integer' },
  empresa_razon_social: { type: 'string' },
  tipo_contrato: { type: 'string', enum: CONTRACT_TYPES },
  clase_contrato: { type: 'string', enum: CONTRACT_CLASSES },
  fecha_inicio: { type: 'string' },
  fecha_fin: { type: 'string' },
  tripartito: { type: 'boolean' },
  potencia_contratada: { type: 'string' },
  unidad_potencia: { type: 'string', enum: POWER_UNITS },
  pmr: { type: 'array', items: { type: 'string' } },
  pmi: { type: 'array', items: { type: 'string' } },
  archivo: nullableString,
} as const;

/** What every annex row has, in the list and read alone. */
const ANNEX_ROW_REQUIRED = [
  'id',
  'contrato_id',
  'empresa_id',
  'empresa_razon_social',
  'tipo_contrato',
  'clase_contrato',
  'fecha_inicio',
  'fecha_fin',
  'tripartito',
  'potencia_contratada',
  'unidad_potencia',
  'pmr',
  'pmi',
  'version',
] as const;

/** An annex as the API returns it, with its contract's type and class and its company. */
export const annexSchema = {
  type: 'object',
  required: [...ANNEX_ROW_REQUIRED, 'created_at', 'updated_at'],
  properties: {
    ...annexOutputFields,
    /** The uploaded name of the annex's document (read alone, not in the list). */
    archivo_nombre: nullableString,
    fee: nullableString,
    precio_fijo: nullableString,
    poc: nullableString,
    margen_pct: nullableString,
    derecho_transmision: nullableString,
    derecho_transmision_tipo: { type: ['string', 'null'], enum: [...TRANSMISSION_RIGHT_KINDS, null] },
    participacion_pct: nullableString,
    titular_transmision: nullableString,
    codigo_contrato_firme: nullableString,
    precio_referencia: nullableString,
    precio_potencia: nullableString,
    precio_opcion_compra: nullableString,
    numero_planilla: nullableString,
    tipo_planilla: nullableString,
    pct_responsable_transmision: nullableString,
    pct_peaje_principal: nullableString,
    pct_cargos_mmi: nullableString,
    pct_cargos_mmr: nullableString,
    pct_fpn: nullableString,
    ...editColumnsProperties,
  },
} as const;

export type Annex = FromSchema<typeof annexSchema>;

/** One row of `GET /anexos/api/v1/get`: what the list shows. */
export const annexListItemSchema = {
  type: 'object',
  required: ANNEX_ROW_REQUIRED,
  properties: {
    ...annexOutputFields,
    titular_transmision: nullableString,
    numero_planilla: nullableString,
    version: editColumnsProperties.version,
    updated_at: editColumnsProperties.updated_at,
  },
} as const;

export type AnnexListItem = FromSchema<typeof annexListItemSchema>;

/**
 * Messages of the annex form by field (i18n keys): what an empty required field says, the
 * date order and the CF transmission holder. Amounts out of their bounds say the bounds (the
 * forms' generic messages).
 */
export const ANNEX_FIELD_MESSAGES: Readonly<Record<string, string>> = {
  fecha_inicio: 'annexMessages.fecha_inicio',
  fecha_fin: 'annexMessages.fecha_fin',
  potencia_contratada: 'annexMessages.potencia_contratada',
  pmi: 'annexMessages.pmi',
  pmr: 'annexMessages.pmr',
  titular_transmision: 'annexMessages.titular_transmision',
};

/**
 * ANNEX_FIELD_MESSAGES in the forms' `MessageOverrides` shape (field -> keyword -> key): for an
 * empty field (an empty node list breaks `minItems`); any other rule has its own message.
 */
export const ANNEX_MESSAGE_OVERRIDES: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.fromEntries(
  Object.entries(ANNEX_FIELD_MESSAGES).map(([field, key]) => [field, { required: key, minItems: key }]),
);

/**
 * Whether an annex of a contract of this class must name its transmission holder: a firm (CF)
 * contract is backed by firm transmission rights, and someone has to hold them (DOMAIN.md).
 */
export function needsTransmissionHolder(claseContrato: string | null | undefined): boolean {
  return claseContrato === 'CF';
}

/** Whether an annex lacks the transmission holder its contract's class asks for. */
export function lacksTransmissionHolder(claseContrato: string | null | undefined, titular: unknown): boolean {
  return needsTransmissionHolder(claseContrato) && (typeof titular !== 'string' || titular.trim() === '');
}

/**
 * Whether a transmission right given as a share (%) is a percentage (within [0, 100], at most
 * its decimals); an amount ($) has the bounds of a price only, which the schema states.
 */
export function isTransmissionRightInRange(tipo: string | null | undefined, value: string | null | undefined): boolean {
  if (tipo !== '%' || value === null || value === undefined || value === '') return true;
  return isWithinBounds(value, DECIMAL_BOUNDS.percentage);
}
