import type { FromSchema } from 'json-schema-to-ts';
import { isoDate, isOnOrAfter } from './date.schema';
import { decimalSchema } from './decimal.schema';
import { compareDecimals } from './exact-decimal';
import { MARKET_DATA_BOUNDS } from './market-data.schema';
import { plainTextSchema } from './plain-text.schema';
import { editColumnsProperties, recordIdSchema, updateBodySchema } from './record.schema';
import { CHARGE_KINDS } from './settlement.schema';

// The country charges (spec sections 2, 7 and 9; docs/country-charges.md): each country's
// regulated charges, by code, with the period each rate is in force. The spec names the
// countries by id: Panama 6, El Salvador 2, Mexico 7.

/** The countries with charge pages, by the spec's id, with their code and their page's address. */
export const CHARGE_COUNTRIES = {
  6: { pais: 'PA', slug: 'panama' },
  2: { pais: 'SV', slug: 'salvador' },
  7: { pais: 'MX', slug: 'mexico' },
} as const;
export type ChargeCountryId = keyof typeof CHARGE_COUNTRIES;
export const CHARGE_COUNTRY_IDS = [6, 2, 7] as const satisfies readonly ChargeCountryId[];
export type ChargeCountryCode = (typeof CHARGE_COUNTRIES)[ChargeCountryId]['pais'];

/** Panama: the country whose charges have the update-charges process (spec section 2). */
export const PANAMA_ID = 6;

/**
 * What a charge's rate is applied to: MWh injected, withdrawn or both, contracted kW per month,
 * a percentage of the side's energy amount, or a fixed amount per month.
 */
export const CHARGE_BASES = ['mwh_inyectado', 'mwh_retirado', 'mwh_ambos', 'kw_mes', 'porcentaje', 'fijo'] as const;
export type ChargeBase = (typeof CHARGE_BASES)[number];

/** Who pays the charge by default: the seller, the buyer, or both in halves. */
export const CHARGE_PAYERS = ['vendedor', 'comprador', 'compartido'] as const;

/** The currencies of a charge: USD everywhere; MXN only in Mexico. */
export const CHARGE_CURRENCIES = ['USD', 'MXN'] as const;

/**
 * Which settlement-engine input a charge of each basis may feed (docs/settlements.md, "Charge
 * rates"): the hourly rows read rates per MWh, and per kW-month as a monthly line spread over
 * the month's hours (as power is); percentage and fixed charges are shown and reported.
 */
export const ENGINE_INPUTS_BY_BASE: Record<ChargeBase, readonly (typeof CHARGE_KINDS)[number][]> = {
  mwh_inyectado: ['MMi', 'peaje_principal'],
  mwh_retirado: ['MMr'],
  mwh_ambos: ['MMi', 'MMr', 'peaje_principal'],
  kw_mes: ['MMi', 'MMr'],
  porcentaje: [],
  fijo: [],
};

/** The largest percentage a `porcentaje` charge may be. */
const CHARGE_PERCENT_MAX = '100';

/** What the rules of a charge period read (its values as stored, or as a form would send them). */
export interface ChargeRuleValues {
  pais: string;
  base: ChargeBase;
  moneda: string;
  tasa: string;
  vigente_desde: string;
  vigente_hasta: string | null;
  concepto_liquidacion: (typeof CHARGE_KINDS)[number] | null;
}

/** A broken rule: the field it is shown beside, and its keyword (the message is `charges.problems.<keyword>`). */
export interface ChargeRuleBreak {
  field: 'vigente_hasta' | 'moneda' | 'tasa' | 'concepto_liquidacion';
  keyword: 'chargeEndBeforeStart' | 'chargeCurrencyCountry' | 'chargePercentMax' | 'chargeInputBase';
}

/**
 * The rules of a charge period a JSON Schema cannot state, judged alike by the server and the
 * form: the period ends on or after it starts, MXN only in Mexico, a percentage at most 100,
 * and only a basis that feeds an engine input names one (ENGINE_INPUTS_BY_BASE). A value that
 * is not a date or a number yet is the schema's to refuse, not these rules'.
 */
export function chargeRuleBreaks(values: ChargeRuleValues): ChargeRuleBreak[] {
  const breaks: ChargeRuleBreak[] = [];
  if (!isOnOrAfter(values.vigente_desde, values.vigente_hasta)) breaks.push({ field: 'vigente_hasta', keyword: 'chargeEndBeforeStart' });
  if (values.moneda === 'MXN' && values.pais !== 'MX') breaks.push({ field: 'moneda', keyword: 'chargeCurrencyCountry' });
  if (values.base === 'porcentaje' && isDecimal(values.tasa) && compareDecimals(values.tasa, CHARGE_PERCENT_MAX) > 0) {
    breaks.push({ field: 'tasa', keyword: 'chargePercentMax' });
  }
  const inputs = ENGINE_INPUTS_BY_BASE[values.base] as readonly string[] | undefined;
  if (values.concepto_liquidacion !== null && inputs !== undefined && !inputs.includes(values.concepto_liquidacion)) {
    breaks.push({ field: 'concepto_liquidacion', keyword: 'chargeInputBase' });
  }
  return breaks;
}

const isDecimal = (value: string) => /^-?\d+(\.\d+)?$/.test(value);

/** A charge's fields as a form sends them (create, and any of them on update). */
export const chargeFields = {
  codigo: { type: 'string', minLength: 2, maxLength: 30, pattern: '^[A-Z][A-Z0-9_]*$' },
  nombre: plainTextSchema(200),
  base: { type: 'string', enum: CHARGE_BASES },
  unidad: plainTextSchema(30),
  moneda: { type: 'string', enum: CHARGE_CURRENCIES },
  tasa: decimalSchema(MARKET_DATA_BOUNDS.chargeRate),
  vigente_desde: isoDate,
  vigente_hasta: { anyOf: [isoDate, { type: 'null' }] },
  referencia_legal: { anyOf: [plainTextSchema(300), { type: 'null' }] },
  pagador: { type: 'string', enum: CHARGE_PAYERS },
  gravado: { type: 'boolean' },
  concepto_liquidacion: { anyOf: [{ type: 'string', enum: CHARGE_KINDS }, { type: 'null' }] },
} as const;

export const CHARGE_REQUIRED_FIELDS = ['codigo', 'nombre', 'base', 'unidad', 'moneda', 'tasa', 'vigente_desde', 'pagador'] as const;

const countryIdSchema = { type: 'integer', enum: CHARGE_COUNTRY_IDS } as const;

/** `POST /countries/api/v1/create/cargo/` body: the country and the charge's fields. */
export const chargeCreateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['pais_id', ...CHARGE_REQUIRED_FIELDS],
  properties: { pais_id: countryIdSchema, ...chargeFields },
} as const;

export type ChargeCreate = FromSchema<typeof chargeCreateSchema>;

/** `POST /countries/api/v1/update/cargo/` body: the charge, the fields to change and the version read. */
export const chargeUpdateSchema = (() => {
  const base = updateBodySchema(chargeFields);
  return { ...base, required: ['id', ...base.required], minProperties: 3, properties: { id: recordIdSchema, ...base.properties } } as const;
})();

export type ChargeUpdate = FromSchema<typeof chargeUpdateSchema>;

/** `POST /countries/api/v1/cargo/` body: the charges of a country in force on `fecha` (default today), or every period. */
export const chargeListBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['pais_id'],
  properties: {
    pais_id: countryIdSchema,
    fecha: isoDate,
    historia: { type: 'boolean' },
  },
} as const;

export type ChargeListBody = FromSchema<typeof chargeListBodySchema>;

/** Where a period stands against the business day: in force, still to come, or over. */
export const CHARGE_STATES = ['vigente', 'futura', 'vencida'] as const;

/** A charge period as the API returns it. */
export const chargeSchema = {
  type: 'object',
  required: ['id', 'pais_id', 'pais', ...CHARGE_REQUIRED_FIELDS, 'vigente_hasta', 'referencia_legal', 'gravado', 'concepto_liquidacion', 'estado', 'version', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'integer' },
    pais_id: { type: 'integer' },
    pais: { type: 'string' },
    codigo: { type: 'string' },
    nombre: { type: 'string' },
    base: { type: 'string', enum: CHARGE_BASES },
    unidad: { type: 'string' },
    moneda: { type: 'string', enum: CHARGE_CURRENCIES },
    tasa: { type: 'string' },
    vigente_desde: { type: 'string' },
    vigente_hasta: { type: ['string', 'null'] },
    referencia_legal: { type: ['string', 'null'] },
    pagador: { type: 'string', enum: CHARGE_PAYERS },
    gravado: { type: 'boolean' },
    concepto_liquidacion: { type: ['string', 'null'], enum: [...CHARGE_KINDS, null] },
    estado: { type: 'string', enum: CHARGE_STATES },
    ...editColumnsProperties,
  },
} as const;

export type Charge = FromSchema<typeof chargeSchema>;

/** A settlement that used a charge period: its month, version and state, and its contract. */
export const chargeSettlementSchema = {
  type: 'object',
  required: ['id', 'contrato_id', 'contrato_codigo', 'anio', 'mes', 'version_liquidacion', 'estado'],
  properties: {
    id: { type: 'integer' },
    contrato_id: { type: 'integer' },
    contrato_codigo: { type: 'string' },
    anio: { type: 'integer' },
    mes: { type: 'integer' },
    version_liquidacion: { type: 'string' },
    estado: { type: 'string' },
  },
} as const;

export type ChargeSettlement = FromSchema<typeof chargeSettlementSchema>;
