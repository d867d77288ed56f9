import type { FromSchema } from 'json-schema-to-ts';
import { editColumnsProperties, idBodySchema, recordIdSchema, updateBodySchema } from './record.schema';
import {
  CONTRACT_CLASSES,
  CONTRACT_TYPES,
  DECIMAL_PATTERN,
  FILE_KEY_PATTERN,
  NODE_CODE_PATTERN,
  NON_NEGATIVE_DECIMAL_PATTERN,
} from './contract.schema';
import { ISO_DATE_PATTERN } from './date.schema';

// Field rules of the Annex entity and its parameters (spec section 3): a dated amendment of a
// contract carrying the commercial parameters and the PMi / PMr lists (DOMAIN.md). No $id and
// no `format` (see contract.schema.ts).

/** A percentage in [0, 100] as a decimal string. */
export const PERCENTAGE_PATTERN = '^(100(\\.0+)?|\\d{1,2}(\\.\\d+)?)$';

export const POWER_UNITS = ['MW', 'kW'] as const;
/** A transmission right is an amount ($) or a share of the transmission cost (%). */
export const TRANSMISSION_RIGHT_KINDS = ['$', '%'] as const;

const decimal = { type: ['string', 'null'], maxLength: 30, pattern: DECIMAL_PATTERN } as const;
const percentage = { type: ['string', 'null'], maxLength: 30, pattern: PERCENTAGE_PATTERN } as const;
const optionalText = { type: ['string', 'null'], maxLength: 120 } as const;
const nodeList = {
  type: 'array',
  minItems: 1,
  maxItems: 50,
  uniqueItems: true,
  items: { type: 'string', pattern: NODE_CODE_PATTERN },
} as const;

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
export const annexFields = {
  contrato_id: recordIdSchema,
  fecha_inicio: { type: 'string', pattern: ISO_DATE_PATTERN },
  /** On or after fecha_inicio (checked by the server and the form). */
  fecha_fin: { type: 'string', pattern: ISO_DATE_PATTERN },
  tripartito: { type: 'boolean' },
  potencia_contratada: { type: 'string', maxLength: 30, pattern: NON_NEGATIVE_DECIMAL_PATTERN },
  unidad_potencia: { type: 'string', enum: POWER_UNITS },
  pmr: nodeList,
  pmi: nodeList,
  /** Key of the annex document (files service). */
  archivo: { type: ['string', 'null'], pattern: FILE_KEY_PATTERN },
  /** $/MWh. */
  fee: decimal,
  precio_fijo: decimal,
  poc: decimal,
  margen_pct: percentage,
  derecho_transmision: decimal,
  derecho_transmision_tipo: { type: ['string', 'null'], enum: [...TRANSMISSION_RIGHT_KINDS, null] },
  participacion_pct: percentage,
  /** Holder of the transmission rights: required for an annex of a CF (firm) contract. */
  titular_transmision: optionalText,
  codigo_contrato_firme: optionalText,
  precio_referencia: decimal,
  precio_potencia: decimal,
  precio_opcion_compra: decimal,
  numero_planilla: { type: ['string', 'null'], maxLength: 40 },
  tipo_planilla: { type: ['string', 'null'], maxLength: 40 },
  pct_responsable_transmision: percentage,
  pct_peaje_principal: percentage,
  pct_cargos_mmi: percentage,
  pct_cargos_mmr: percentage,
  pct_fpn: percentage,
} as const;

export const ANNEX_REQUIRED_FIELDS = [
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

export type AnnexDelete = FromSchema<typeof annexDeleteSchema>;

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
 * Messages of the annex form by field (i18n keys), for the rules whose generic text would not
 * say enough: percentages, the date order and the CF transmission holder.
 */
export const ANNEX_FIELD_MESSAGES = {
  fecha_inicio: 'annexMessages.fecha_inicio',
  fecha_fin: 'annexMessages.fecha_fin',
  potencia_contratada: 'annexMessages.potencia_contratada',
  pmi: 'annexMessages.pmi',
  pmr: 'annexMessages.pmr',
  titular_transmision: 'annexMessages.titular_transmision',
  ...Object.fromEntries(ANNEX_PERCENTAGE_FIELDS.map((field) => [field, 'annexMessages.percentage'])),
} as Readonly<Record<string, string>>;

/** ANNEX_FIELD_MESSAGES in the forms' `MessageOverrides` shape (field -> keyword -> key). */
export const ANNEX_MESSAGE_OVERRIDES: Readonly<Record<string, Readonly<Record<string, string>>>> =
  Object.fromEntries(Object.entries(ANNEX_FIELD_MESSAGES).map(([field, key]) => [field, { required: key, '*': key }]));

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

/** Whether a transmission right given as a share (%) lies within [0, 100]; an amount ($) has no such bound. */
export function isTransmissionRightInRange(tipo: string | null | undefined, value: string | null | undefined): boolean {
  if (tipo !== '%' || value === null || value === undefined || value === '') return true;
  const share = Number(value);
  return share >= 0 && share <= 100;
}
