import type { FromSchema } from 'json-schema-to-ts';
import { EPWM_BRANCHES } from './contract.schema';
import { isoDate } from './date.schema';
import { amount, nullableAmount } from './decimal.schema';
import { recordIdSchema } from './record.schema';
import { SETTLEMENT_VERSIONS } from './settlement.schema';

// Wire shapes of power and energy monitoring (docs/monitoring.md, docs/api-monitoring.md, base
// /monitoreo/api/v1). Buyers (`comprador`) are the counterparties of withdrawal contracts
// (tipo_transaccion 'R'), sellers (`vendedor`) those of injection contracts ('I'); a company
// can be both. MW, MWh and percentages are decimal strings as the database computes them;
// "no energy" is null (or the row is absent), never 0.

/** A counterparty's role: buyer (withdrawal contracts) or seller (injection contracts). */
export const MONITORING_ROLES = ['comprador', 'vendedor'] as const;
export type MonitoringRole = (typeof MONITORING_ROLES)[number];

/** The longest range (days, both ends counted) the monitoring calls answer: a leap year. */
export const MONITORING_MAX_RANGE_DAYS = 366;

const role = { type: 'string', enum: MONITORING_ROLES } as const;
const branch = { type: 'string', enum: EPWM_BRANCHES } as const;
/** One version asked for; none asked means the best one each annex has that day (CD > DF > PE). */
const version = { type: 'string', enum: SETTLEMENT_VERSIONS } as const;
const nullableVersion = { type: ['string', 'null'], enum: [...SETTLEMENT_VERSIONS, null] } as const;

/** The filters every monitoring read takes beside its days. */
const filterProperties = { sucursal: branch, empresa_id: recordIdSchema, version } as const;

/** The body of the four POST calls: a range of days (at most MONITORING_MAX_RANGE_DAYS) and the filters. */
export const monitoringBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['desde', 'hasta'],
  properties: { desde: isoDate, hasta: isoDate, ...filterProperties },
} as const;
export type MonitoringBody = FromSchema<typeof monitoringBodySchema>;

/** The query of `GET energia`: one day, hour by hour. */
export const energyDayQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fecha'],
  properties: { fecha: isoDate, ...filterProperties },
} as const;
export type EnergyDayQuery = FromSchema<typeof energyDayQuerySchema>;

/** The query of `GET lista-compradores-vendedores`. */
export const counterpartiesQuerySchema = { type: 'object', additionalProperties: false, properties: { sucursal: branch } } as const;
export type CounterpartiesQuery = FromSchema<typeof counterpartiesQuerySchema>;

/** The languages of an Excel download. */
const languageField = { type: 'string', enum: ['es-ES', 'en-US'], default: 'es-ES' } as const;

/** The body of a workbook download: the range and filters of the page, and the language. */
export const monitoringExcelBodySchema = {
  ...monitoringBodySchema,
  properties: { ...monitoringBodySchema.properties, idioma: languageField },
} as const;
export type MonitoringExcelBody = FromSchema<typeof monitoringExcelBodySchema>;

/** A buyer or seller: a company with contracts of one direction, how many, and the branches they are of. */
export const counterpartySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['empresa_id', 'razon_social', 'rol', 'sucursales', 'contratos', 'anexos'],
  properties: {
    empresa_id: { type: 'integer' },
    razon_social: { type: 'string' },
    rol: role,
    sucursales: { type: 'array', items: branch },
    contratos: { type: 'integer' },
    anexos: { type: 'integer' },
  },
} as const;
export type Counterparty = FromSchema<typeof counterpartySchema>;

/** Who a row is about. */
const whoProperties = { empresa_id: { type: 'integer' }, razon_social: { type: 'string' }, rol: role } as const;

/** One counterparty's power on one day: the MW of its annexes in force, against the largest hourly energy delivered (MWh in one hour = average MW). */
export const powerRowSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fecha', 'empresa_id', 'razon_social', 'rol', 'anexos', 'mw_contratada', 'mw_max', 'periodo_max', 'version', 'factor_uso_pct'],
  properties: {
    fecha: isoDate,
    ...whoProperties,
    /** Annexes in force that day. */
    anexos: { type: 'integer' },
    mw_contratada: amount,
    mw_max: nullableAmount,
    /** The hour (1-24) of mw_max. */
    periodo_max: { type: ['integer', 'null'] },
    /** The least final version among the energy used (PE < DF < CD). */
    version: nullableVersion,
    /** mw_max / mw_contratada in percent; null without energy or without MW in force. */
    factor_uso_pct: nullableAmount,
  },
} as const;
export type PowerRow = FromSchema<typeof powerRowSchema>;

const powerDaySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fecha', 'mw_contratada', 'mw_max'],
  properties: { fecha: isoDate, mw_contratada: amount, mw_max: nullableAmount },
} as const;

/** One role's power: each day the sum of its counterparties' rows, and over the range the largest day. */
export const powerTotalSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['rol', 'mw_contratada_max', 'mw_max', 'dias'],
  properties: {
    rol: role,
    /** The largest day's contracted MW. */
    mw_contratada_max: amount,
    /** The largest day's Σ of the counterparties' hourly maxima. */
    mw_max: nullableAmount,
    dias: { type: 'array', items: powerDaySchema },
  },
} as const;
export type PowerTotal = FromSchema<typeof powerTotalSchema>;

/** Energy figures: contracted (flat: MW × 24 h), delivered physical, flex and total (Qt = physical + flex), and fulfilment. */
const energyProperties = {
  mwh_contratada: amount,
  mwh_fisica: nullableAmount,
  mwh_flex: nullableAmount,
  mwh_total: nullableAmount,
  /** The least final version among the energy summed. */
  version: nullableVersion,
  /** mwh_total / mwh_contratada in percent; null without energy or without MWh contracted. */
  cumplimiento_pct: nullableAmount,
} as const;
const energyRequired = ['mwh_contratada', 'mwh_fisica', 'mwh_flex', 'mwh_total', 'version', 'cumplimiento_pct'] as const;

/** One counterparty's energy on one day. */
export const energyRowSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fecha', 'empresa_id', 'razon_social', 'rol', 'anexos', ...energyRequired],
  properties: { fecha: isoDate, ...whoProperties, anexos: { type: 'integer' }, ...energyProperties },
} as const;
export type EnergyRow = FromSchema<typeof energyRowSchema>;

const energyDaySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fecha', ...energyRequired],
  properties: { fecha: isoDate, ...energyProperties },
} as const;

/** One role's energy over the range and per day: each the sum of its counterparties' rows. */
export const energyTotalSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['rol', ...energyRequired, 'dias'],
  properties: { rol: role, ...energyProperties, dias: { type: 'array', items: energyDaySchema } },
} as const;
export type EnergyTotal = FromSchema<typeof energyTotalSchema>;

/** One counterparty's energy in one hour of one day (only hours with energy). */
export const energyHourSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['empresa_id', 'razon_social', 'rol', 'periodo', 'mwh_fisica', 'mwh_flex', 'mwh_total', 'version'],
  properties: { ...whoProperties, periodo: { type: 'integer' }, mwh_fisica: amount, mwh_flex: amount, mwh_total: amount, version: nullableVersion },
} as const;
export type EnergyHour = FromSchema<typeof energyHourSchema>;
