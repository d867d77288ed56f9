import type { FromSchema } from 'json-schema-to-ts';
import { EPWM_BRANCHES } from './contract.schema';
import { isoDate, isOnOrAfter } from './date.schema';
import { decimalSchema, DECIMAL_BOUNDS } from './decimal.schema';
import { plainTextSchema } from './plain-text.schema';
import { editColumnsProperties, recordIdSchema, updateBodySchema } from './record.schema';

// Guarantees (docs/guarantees.md; AREAS.md (c)): what the company posts with each market
// operator so its purchases and bids are covered, and how much of it what the company owes and
// may owe takes up. The server and the forms judge an instrument with these schemas and rules.

/** The market operators (OS/OM) guarantees are posted with. */
export const GUARANTEE_OPERATORS = ['EOR', 'AMM', 'UT', 'CND', 'CENACE', 'ERCOT'] as const;
export type GuaranteeOperator = (typeof GUARANTEE_OPERATORS)[number];

/**
 * The branches the company is an agent through at each operator: the regional market's agents are
 * the Central American branches; each national operator has its country's branch.
 */
export const OPERATOR_BRANCHES: Readonly<Record<GuaranteeOperator, readonly string[]>> = {
  EOR: ['GT', 'SV', 'PA'],
  AMM: ['GT'],
  UT: ['SV'],
  CND: ['PA'],
  CENACE: ['MX'],
  ERCOT: ['US'],
};

/** The currency each operator's guarantees are measured in: pesos at CENACE, dollars elsewhere. */
export const OPERATOR_CURRENCY: Readonly<Record<GuaranteeOperator, 'USD' | 'MXN'>> = {
  EOR: 'USD',
  AMM: 'USD',
  UT: 'USD',
  CND: 'USD',
  CENACE: 'MXN',
  ERCOT: 'USD',
};

/** What an instrument is: a letter of credit, a surety bond, a cash deposit, a bank guarantee, a credit line. */
export const INSTRUMENT_KINDS = ['carta_credito', 'fianza', 'deposito', 'garantia_bancaria', 'linea_credito'] as const;
export type InstrumentKind = (typeof INSTRUMENT_KINDS)[number];

export const GUARANTEE_CURRENCIES = ['USD', 'MXN'] as const;

/** What the rules of an instrument read (its values as stored, or as a form sends them). */
export interface InstrumentRuleValues {
  operador: string;
  sucursal: string;
  moneda: string;
  fecha_emision: string;
  fecha_vencimiento: string;
  liberada_en: string | null;
}

/** A broken instrument rule: the field it is shown beside and its keyword (`guarantees.problems.<keyword>`). */
export interface InstrumentRuleBreak {
  field: 'sucursal' | 'moneda' | 'fecha_vencimiento' | 'liberada_en';
  keyword: 'guaranteeBranchOperator' | 'guaranteeCurrencyOperator' | 'guaranteeEndBeforeStart' | 'guaranteeReleaseBeforeStart';
}

/**
 * The rules of an instrument a JSON Schema cannot state, judged alike by the server and the form:
 * a branch the company is an agent through at that operator, the operator's currency, a due date
 * on or after the issue date, and a release no earlier than the issue. A value that is not a date
 * yet is the schema's to refuse.
 */
export function instrumentRuleBreaks(values: InstrumentRuleValues): InstrumentRuleBreak[] {
  const breaks: InstrumentRuleBreak[] = [];
  const operator = values.operador as GuaranteeOperator;
  const branches = OPERATOR_BRANCHES[operator] as readonly string[] | undefined;
  if (branches && !branches.includes(values.sucursal)) breaks.push({ field: 'sucursal', keyword: 'guaranteeBranchOperator' });
  if (branches && values.moneda !== OPERATOR_CURRENCY[operator]) breaks.push({ field: 'moneda', keyword: 'guaranteeCurrencyOperator' });
  if (!isOnOrAfter(values.fecha_emision, values.fecha_vencimiento)) breaks.push({ field: 'fecha_vencimiento', keyword: 'guaranteeEndBeforeStart' });
  if (values.liberada_en !== null && !isOnOrAfter(values.fecha_emision, values.liberada_en)) breaks.push({ field: 'liberada_en', keyword: 'guaranteeReleaseBeforeStart' });
  return breaks;
}

/** An instrument's fields as a form sends them (create, and any of them on update). */
export const instrumentFields = {
  operador: { type: 'string', enum: GUARANTEE_OPERATORS },
  sucursal: { type: 'string', enum: EPWM_BRANCHES },
  agente: { type: 'string', minLength: 2, maxLength: 30, pattern: '^[A-Z][A-Z0-9_-]*$' },
  tipo: { type: 'string', enum: INSTRUMENT_KINDS },
  emisor: plainTextSchema(200),
  numero: { type: 'string', minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9][A-Za-z0-9/._-]*$' },
  moneda: { type: 'string', enum: GUARANTEE_CURRENCIES },
  monto: decimalSchema(DECIMAL_BOUNDS.positiveMoney),
  fecha_emision: isoDate,
  fecha_vencimiento: isoDate,
  liberada_en: { anyOf: [isoDate, { type: 'null' }] },
} as const;

export const INSTRUMENT_REQUIRED_FIELDS = ['operador', 'sucursal', 'agente', 'tipo', 'emisor', 'numero', 'moneda', 'monto', 'fecha_emision', 'fecha_vencimiento'] as const;

/** `POST /garantias/api/v1/instrumentos` body. */
export const instrumentCreateSchema = {
  type: 'object',
  additionalProperties: false,
  required: INSTRUMENT_REQUIRED_FIELDS,
  properties: instrumentFields,
} as const;
export type InstrumentCreate = FromSchema<typeof instrumentCreateSchema>;

/** `PATCH /garantias/api/v1/instrumentos` body: the instrument, the fields to change and the version read. */
export const instrumentUpdateSchema = (() => {
  const base = updateBodySchema(instrumentFields);
  return { ...base, required: ['id', ...base.required], minProperties: 3, properties: { id: recordIdSchema, ...base.properties } } as const;
})();
export type InstrumentUpdate = FromSchema<typeof instrumentUpdateSchema>;

/** Where an instrument stands on a day: posted (counts), not yet issued, due, or released. */
export const INSTRUMENT_STATES = ['vigente', 'futura', 'vencida', 'liberada'] as const;

/** An instrument as the API returns it, with where it stands on the business day. */
export const instrumentSchema = {
  type: 'object',
  required: ['id', ...INSTRUMENT_REQUIRED_FIELDS, 'liberada_en', 'estado', 'version', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'integer' },
    operador: { type: 'string', enum: GUARANTEE_OPERATORS },
    sucursal: { type: 'string' },
    agente: { type: 'string' },
    tipo: { type: 'string', enum: INSTRUMENT_KINDS },
    emisor: { type: 'string' },
    numero: { type: 'string' },
    moneda: { type: 'string', enum: GUARANTEE_CURRENCIES },
    monto: { type: 'string' },
    fecha_emision: { type: 'string' },
    fecha_vencimiento: { type: 'string' },
    liberada_en: { type: ['string', 'null'] },
    estado: { type: 'string', enum: INSTRUMENT_STATES },
    ...editColumnsProperties,
  },
} as const;
export type Instrument = FromSchema<typeof instrumentSchema>;

/** `GET /posicion`: an operator and branch's position of a day, in the operator's currency. */
export const guaranteePositionSchema = {
  type: 'object',
  required: ['operador', 'sucursal', 'moneda', 'monto_garantizado', 'pasivo_conocido', 'pasivo_potencial'],
  properties: {
    operador: { type: 'string', enum: GUARANTEE_OPERATORS },
    sucursal: { type: 'string' },
    moneda: { type: 'string', enum: GUARANTEE_CURRENCIES },
    monto_garantizado: { type: 'string' },
    pasivo_conocido: { type: 'string' },
    pasivo_potencial: { type: 'string' },
  },
} as const;
export type GuaranteePosition = FromSchema<typeof guaranteePositionSchema>;

/** The longest range a history asks for (spec section 8's limit for ranges: 400 beyond it). */
export const GUARANTEE_MAX_RANGE_DAYS = 366;

/** `POST /garantias/api/v1/get-garantias-historicas` body. */
export const guaranteeHistoryBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['desde', 'hasta'],
  properties: {
    desde: isoDate,
    hasta: isoDate,
    operador: { type: 'string', enum: GUARANTEE_OPERATORS },
    sucursal: { type: 'string', enum: EPWM_BRANCHES },
  },
} as const;
export type GuaranteeHistoryBody = FromSchema<typeof guaranteeHistoryBodySchema>;

const money = { type: ['string', 'null'] } as const;

/**
 * One day of one operator and branch (the spec's fields): the payment guarantee the operator
 * requires and its minimum, the amount the instruments in force guarantee, the known and
 * potential liabilities and their sum (REA), the available value (guaranteed - REA), and
 * what the operator's own statement said (REA at CENACE; ACL and EAL at ERCOT).
 */
export const guaranteeDaySchema = {
  type: 'object',
  required: [
    'fecha',
    'operador',
    'sucursal',
    'agente',
    'moneda',
    'garantia_pago',
    'garantia_minima',
    'monto_garantizado',
    'pasivo_conocido',
    'pasivo_potencial',
    'rea',
    'valor_disponible',
    'utilizacion_pct',
    'rea_operador',
    'acl',
    'eal',
  ],
  properties: {
    fecha: { type: 'string' },
    operador: { type: 'string', enum: GUARANTEE_OPERATORS },
    sucursal: { type: 'string' },
    agente: { type: ['string', 'null'] },
    moneda: { type: 'string', enum: GUARANTEE_CURRENCIES },
    garantia_pago: money,
    garantia_minima: money,
    monto_garantizado: { type: 'string' },
    pasivo_conocido: { type: 'string' },
    pasivo_potencial: { type: 'string' },
    rea: { type: 'string' },
    /** guaranteed - REA (the definition; AREAS.md (c) proposed guaranteed - max(payment, minimum, REA)). */
    valor_disponible: { type: 'string' },
    /** REA / guaranteed, in percent; null when nothing is guaranteed. */
    utilizacion_pct: money,
    rea_operador: money,
    acl: money,
    eal: money,
  },
} as const;
export type GuaranteeDay = FromSchema<typeof guaranteeDaySchema>;

/** What an operator requires of a branch and when to warn (`PUT /garantias/api/v1/terminos`). */
export const termsBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['operador', 'sucursal', 'agente', 'garantia_pago', 'garantia_minima', 'pct_aviso', 'dias_vencimiento'],
  properties: {
    operador: { type: 'string', enum: GUARANTEE_OPERATORS },
    sucursal: { type: 'string', enum: EPWM_BRANCHES },
    agente: instrumentFields.agente,
    garantia_pago: { anyOf: [decimalSchema(DECIMAL_BOUNDS.money), { type: 'null' }] },
    garantia_minima: { anyOf: [decimalSchema(DECIMAL_BOUNDS.money), { type: 'null' }] },
    /** Warn when the available value falls under this share of the guaranteed amount. */
    pct_aviso: decimalSchema(DECIMAL_BOUNDS.percentage),
    /** Warn when an instrument falls due within this many days. */
    dias_vencimiento: { type: 'integer', minimum: 0, maximum: 365 },
  },
} as const;
export type TermsBody = FromSchema<typeof termsBodySchema>;

export const termsSchema = {
  type: 'object',
  required: [...termsBodySchema.required, 'moneda', 'version'],
  properties: {
    operador: { type: 'string', enum: GUARANTEE_OPERATORS },
    sucursal: { type: 'string' },
    agente: { type: 'string' },
    moneda: { type: 'string', enum: GUARANTEE_CURRENCIES },
    garantia_pago: { type: ['string', 'null'] },
    garantia_minima: { type: ['string', 'null'] },
    pct_aviso: { type: 'string' },
    dias_vencimiento: { type: 'integer' },
    version: { type: 'integer' },
  },
} as const;
export type Terms = FromSchema<typeof termsSchema>;

/** The kinds of guarantee alert: available value under the warning share, guaranteed under the minimum, an instrument about to fall due. */
export const GUARANTEE_ALERT_KINDS = ['disponible_bajo', 'bajo_minimo', 'vencimiento'] as const;

/** An alert as the API returns it: what crossed which threshold, on which day (an instrument's due date for `vencimiento`). */
export const guaranteeAlertSchema = {
  type: 'object',
  required: ['id', 'tipo', 'operador', 'sucursal', 'fecha', 'instrumento_id', 'valor', 'umbral', 'creada_en'],
  properties: {
    id: { type: 'integer' },
    tipo: { type: 'string', enum: GUARANTEE_ALERT_KINDS },
    operador: { type: 'string', enum: GUARANTEE_OPERATORS },
    sucursal: { type: 'string' },
    fecha: { type: 'string' },
    instrumento_id: { type: ['integer', 'null'] },
    valor: { type: ['string', 'null'] },
    umbral: { type: ['string', 'null'] },
    creada_en: { type: 'string' },
  },
} as const;
export type GuaranteeAlert = FromSchema<typeof guaranteeAlertSchema>;

/** `POST /garantias/api/v1/estados` answer: how many statement rows the file stored, and the days they cover. */
export const statementImportedSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['filas', 'desde', 'hasta'],
  properties: { filas: { type: 'integer', minimum: 1 }, desde: { type: 'string' }, hasta: { type: 'string' } },
} as const;
export type StatementImported = FromSchema<typeof statementImportedSchema>;

/** The largest statement file an import takes (a year of daily rows is a few kB). */
export const STATEMENT_MAX_BYTES = 4 * 1024 * 1024;
