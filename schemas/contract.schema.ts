import type { FromSchema } from 'json-schema-to-ts';
import { editColumnsProperties, idBodySchema, pickProperties, recordIdSchema, updateBodySchema } from './record.schema';
import { isoDate } from './date.schema';
import { DECIMAL_BOUNDS, decimalSchema } from './decimal.schema';
import { FILE_KEY_PATTERN } from './file.schema';
import { nodeListSchema } from './node-code.schema';

// Field rules of the Contract entity (spec sections 3 and 5). Schemas carry no $id: Fastify
// compiles each route's schema on one ajv, which refuses an $id seen twice. No `format`
// keyword either: the browser's validators are compiled standalone without ajv-formats, so
// dates are checked by pattern here and for calendar validity by the server.

/** A stored file's key, as the files service hands it out (`f_<uuid>`). */
export { FILE_KEY_PATTERN };

/** The EPWM branches a contract is signed by: one per market the company trades in. */
export const EPWM_BRANCHES = ['GT', 'SV', 'PA', 'MX', 'US'] as const;
/** Price rule of the contract (DOMAIN.md): market, collar, fee, fixed price, take or pay, CFD. */
export const CONTRACT_TYPES = ['MC', 'COLLAR', 'FEE', 'PF', 'TOP', 'CFD'] as const;
/** I = injection, R = withdrawal (spec section 3). */
export const TRANSACTION_TYPES = ['I', 'R'] as const;
/** Contract class: CF firm, POT capacity, EYP energy and capacity, EG energy as generated, CNFFF non-firm flexible. */
export const CONTRACT_CLASSES = ['CF', 'POT', 'EYP', 'EG', 'CNFFF'] as const;
export type ContractClass = (typeof CONTRACT_CLASSES)[number];
export type ContractType = (typeof CONTRACT_TYPES)[number];
/** Incoterms 2020: where delivery (and risk) passes to the buyer. */
export const INCOTERMS = ['EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF'] as const;
/** How the offer behind the contract is placed on the market. */
export const OFFER_TYPES = ['firme', 'no_firme', 'flexible', 'spot'] as const;
/** How often the counterpart is invoiced. */
export const INVOICE_TYPES = ['mensual', 'quincenal', 'semanal'] as const;
/** Whether credit days count calendar or business days. */
export const CREDIT_TYPES = ['dias_calendario', 'dias_habiles'] as const;
/** The instrument that backs the counterpart's payments (DOMAIN.md, Guarantees). */
export const GUARANTEE_TYPES = ['carta_credito', 'garantia_bancaria', 'fianza', 'deposito_efectivo', 'sin_garantia'] as const;
/** What the contract settles: energy, capacity or both (the two settlement runs of spec section 7). */
export const SETTLEMENT_TYPES = ['energia', 'potencia', 'energia_potencia'] as const;
export const LOCAL_REGIONAL = ['local', 'regional'] as const;
export const CURRENCIES = ['USD', 'MXN'] as const;

const text = { type: 'string', minLength: 1, maxLength: 120, pattern: '\\S' } as const;
const code = { type: 'string', minLength: 1, maxLength: 40, pattern: '\\S' } as const;
const days = { type: 'integer', minimum: 0, maximum: 365 } as const;
const price = decimalSchema(DECIMAL_BOUNDS.price);
const quantity = decimalSchema(DECIMAL_BOUNDS.quantity);

/** One authorised signer of the contract. */
const signerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['nombre', 'cargo', 'email'],
  properties: {
    nombre: text,
    cargo: text,
    email: { type: 'string', maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' },
  },
} as const;

export type Signer = FromSchema<typeof signerSchema>;

/** The contract's kinds, each one of its list: what a body sends and a row answers alike. */
const kindFields = {
  sucursal: { type: 'string', enum: EPWM_BRANCHES },
  tipo_contrato: { type: 'string', enum: CONTRACT_TYPES },
  tipo_transaccion: { type: 'string', enum: TRANSACTION_TYPES },
  tipo_oferta: { type: ['string', 'null'], enum: [...OFFER_TYPES, null] },
  clase_contrato: { type: 'string', enum: CONTRACT_CLASSES },
  incoterm: { type: 'string', enum: INCOTERMS },
} as const;

/** Every field a contract body may carry (create and update share the rules). */
const contractFields = {
  empresa_id: recordIdSchema,
  ...kindFields,
  fecha_inicio: isoDate,
  /** Term in months. */
  plazo: { type: 'integer', minimum: 1, maximum: 600 },
  codigo_contraparte: code,
  /** The EPWM (agent) code. */
  codigo_agente: code,
  tripartito: { type: 'boolean' },
  nombre_empresa_tercero: { type: ['string', 'null'], maxLength: 120, pattern: '\\S' },
  codigo_tercero: { type: ['string', 'null'], maxLength: 40, pattern: '\\S' },
  tipo_factura: { type: 'string', enum: INVOICE_TYPES },
  dias_factura: days,
  tipo_credito: { type: ['string', 'null'], enum: [...CREDIT_TYPES, null] },
  dias_credito: days,
  tipo_garantia: { type: 'string', enum: GUARANTEE_TYPES },
  monto_garantia: decimalSchema(DECIMAL_BOUNDS.money),
  moneda: { type: 'string', enum: CURRENCIES },
  /** Key of the signed contract's file (files service). */
  archivo_firmado: { type: 'string', pattern: FILE_KEY_PATTERN },
  local_regional: { type: 'string', enum: LOCAL_REGIONAL },
  tipo_liquidacion: { type: ['string', 'null'], enum: [...SETTLEMENT_TYPES, null] },
  pmi: nodeListSchema,
  pmr: nodeListSchema,
  /** Price of the cap ($/MWh). */
  poc: price,
  /** EPWM margin, in percent (an indexed price is the market price x (1 + margin %)). */
  margen: decimalSchema(DECIMAL_BOUNDS.percentage),
  /** $/MWh. */
  fee: price,
  precio_fijo: price,
  /** MWh. */
  energia: quantity,
  /** MW. */
  potencia: quantity,
  firmantes: { type: 'array', maxItems: 10, items: signerSchema },
} as const;

/** Fields a new contract must have: each has its spec message (CONTRACT_FIELD_MESSAGES). */
const CONTRACT_REQUIRED_FIELDS = [
  'empresa_id',
  'sucursal',
  'tipo_contrato',
  'tipo_transaccion',
  'clase_contrato',
  'incoterm',
  'fecha_inicio',
  'plazo',
  'codigo_contraparte',
  'codigo_agente',
  'tipo_factura',
  'dias_factura',
  'dias_credito',
  'tipo_garantia',
  'monto_garantia',
  'archivo_firmado',
  'local_regional',
  'pmi',
  'pmr',
  'poc',
  'margen',
  'fee',
  'precio_fijo',
  'energia',
  'potencia',
] as const;

/** A tripartite contract names the third company and its code. */
export const TRIPARTITE_REQUIRED_FIELDS = ['nombre_empresa_tercero', 'codigo_tercero'] as const;

/**
 * `POST /contratos/api/v1/create` body. A tripartite contract also needs the third party's
 * name and code (the `if`/`then`; with ajv's allErrors that adds one `if` issue at the root
 * beside the `required` issues of the two fields).
 */
export const contractCreateSchema = {
  type: 'object',
  additionalProperties: false,
  required: CONTRACT_REQUIRED_FIELDS,
  properties: contractFields,
  if: { required: ['tripartito'], properties: { tripartito: { const: true } } },
  then: { required: TRIPARTITE_REQUIRED_FIELDS },
} as const;

export type ContractCreate = FromSchema<typeof contractCreateSchema>;

/**
 * `PATCH /contratos/api/v1/update/{id}` body: the fields to change plus the version the editor
 * read. The tripartite rule is checked by the server on the merged record.
 */
export const contractUpdateSchema = updateBodySchema(contractFields);

export type ContractUpdate = FromSchema<typeof contractUpdateSchema>;

/** `GET /contratos/api/v1/get` query: optionally only one company's contracts. */
export const contractListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { empresa_id: recordIdSchema },
} as const;

export type ContractListQuery = FromSchema<typeof contractListQuerySchema>;

/** `POST /contratos/api/v1/delete` body. */
export const contractDeleteSchema = idBodySchema;

const nullableString = { type: ['string', 'null'] } as const;
/** The columns of a stored contract as the API returns them (the list shows some of them). */
const contractRowProperties = {
  id: { type: 'integer' },
  empresa_id: { type: 'integer' },
  empresa_razon_social: { type: 'string' },
  ...kindFields,
  fecha_inicio: { type: 'string' },
  plazo: { type: 'integer' },
  codigo_contraparte: { type: 'string' },
  codigo_agente: { type: 'string' },
  tripartito: { type: 'boolean' },
  nombre_empresa_tercero: nullableString,
  codigo_tercero: nullableString,
  tipo_factura: { type: 'string', enum: INVOICE_TYPES },
  dias_factura: { type: 'integer' },
  tipo_credito: { type: ['string', 'null'], enum: [...CREDIT_TYPES, null] },
  dias_credito: { type: 'integer' },
  tipo_garantia: { type: 'string', enum: GUARANTEE_TYPES },
  monto_garantia: { type: 'string' },
  moneda: { type: 'string', enum: CURRENCIES },
  archivo_firmado: { type: 'string' },
  local_regional: { type: 'string', enum: LOCAL_REGIONAL },
  tipo_liquidacion: { type: ['string', 'null'], enum: [...SETTLEMENT_TYPES, null] },
  pmi: { type: 'array', items: { type: 'string' } },
  pmr: { type: 'array', items: { type: 'string' } },
  poc: { type: 'string' },
  margen: { type: 'string' },
  fee: { type: 'string' },
  precio_fijo: { type: 'string' },
  energia: { type: 'string' },
  potencia: { type: 'string' },
  firmantes: { type: 'array', items: signerSchema },
  /** How many annexes the contract has (a contract with annexes cannot be deleted). */
  numero_anexos: { type: 'integer' },
} as const;

/** What every contract row has, in the list and read alone. */
const CONTRACT_LIST_REQUIRED = [
  'id',
  'empresa_id',
  'empresa_razon_social',
  'sucursal',
  'tipo_contrato',
  'tipo_transaccion',
  'clase_contrato',
  'fecha_inicio',
  'plazo',
  'local_regional',
  'codigo_contraparte',
  'tripartito',
  'moneda',
  'monto_garantia',
  'numero_anexos',
] as const;

/** A contract as the API returns it (with its company's business name). */
export const contractSchema = {
  type: 'object',
  // What a new contract must have, and what the server adds (or defaults) when it stores one.
  required: [
    ...CONTRACT_REQUIRED_FIELDS,
    'id',
    'empresa_razon_social',
    'tripartito',
    'moneda',
    'firmantes',
    'numero_anexos',
    'version',
    'created_at',
    'updated_at',
  ],
  properties: {
    ...contractRowProperties,
    /** The uploaded name of the signed contract (read alone, not in the list). */
    archivo_firmado_nombre: nullableString,
    ...editColumnsProperties,
  },
} as const;

export type Contract = FromSchema<typeof contractSchema>;

/** One row of `GET /contratos/api/v1/get`: what the list shows. */
export const contractListItemSchema = {
  type: 'object',
  required: [...CONTRACT_LIST_REQUIRED, 'version'],
  properties: {
    ...pickProperties(contractRowProperties, [...CONTRACT_LIST_REQUIRED, 'incoterm', 'codigo_agente']),
    version: editColumnsProperties.version,
    updated_at: editColumnsProperties.updated_at,
  },
} as const;

export type ContractListItem = FromSchema<typeof contractListItemSchema>;

/**
 * The spec's validation messages of contract creation (section 5), by field: the i18n key
 * shown beside an empty field (for a choice, beside any choice that is not one of its options).
 * English texts are the spec's, word for word, except that the spec's Spanish field names
 * (Margen EPWM, Precio Fijo, Energia, Potencia) are in English in the English interface.
 */
export const CONTRACT_FIELD_MESSAGES = {
  sucursal: 'contractMessages.sucursal', // Select a valid EPWM Branch
  empresa_id: 'contractMessages.empresa_id', // Input Company Name
  nombre_empresa_tercero: 'contractMessages.nombre_empresa_tercero', // Input Third Party Company Name
  fecha_inicio: 'contractMessages.fecha_inicio', // Input Start Date (dd/mm/yyyy)
  plazo: 'contractMessages.plazo', // Input Term
  tipo_contrato: 'contractMessages.tipo_contrato', // Select a valid Contract Type
  codigo_contraparte: 'contractMessages.codigo_contraparte', // Input Counterpart Code
  codigo_tercero: 'contractMessages.codigo_tercero', // Input Third Party Code
  codigo_agente: 'contractMessages.codigo_agente', // Input EPWM Code
  tipo_transaccion: 'contractMessages.tipo_transaccion', // Select a valid Transaction Type
  tipo_garantia: 'contractMessages.tipo_garantia', // Select a valid Guarantee Type
  monto_garantia: 'contractMessages.monto_garantia', // Input Amount
  pmi: 'contractMessages.pmi', // Input PMi
  pmr: 'contractMessages.pmr', // Input PMr
  tipo_factura: 'contractMessages.tipo_factura', // Select a valid Invoice Type
  dias_factura: 'contractMessages.dias_factura', // Input Invoice Days
  dias_credito: 'contractMessages.dias_credito', // Input Credit Days
  incoterm: 'contractMessages.incoterm', // Select Incoterm
  archivo_firmado: 'contractMessages.archivo_firmado', // Must upload a File
  poc: 'contractMessages.poc', // Input POC
  margen: 'contractMessages.margen', // Input EPWM Margin
  fee: 'contractMessages.fee', // Input Fee
  precio_fijo: 'contractMessages.precio_fijo', // Input Fixed Price
  energia: 'contractMessages.energia', // Input Energy
  potencia: 'contractMessages.potencia', // Input Power
} as const;

/** i18n key of 'There was a problem creating the contract.' (spec sections 5 and 8). */
export const CONTRACT_CREATE_FAILED_MESSAGE = 'contractMessages.createFailed';

/**
 * The fields chosen rather than typed (an option, a company, an uploaded file): "Select a
 * valid …" is right whatever rule they break. A typed field breaks other rules than being
 * empty (a margin of 150, 400 days, a 5,000-character code), and each of those says so.
 */
const CHOSEN_FIELDS: ReadonlySet<string> = new Set([
  'sucursal',
  'empresa_id',
  'tipo_contrato',
  'tipo_transaccion',
  'tipo_garantia',
  'tipo_factura',
  'incoterm',
  'archivo_firmado',
]);

/**
 * CONTRACT_FIELD_MESSAGES in the shape of the forms' `MessageOverrides` (field -> keyword ->
 * key): the spec message of an empty field (an empty node list breaks `minItems`), or of any
 * broken rule of a chosen field.
 */
export const CONTRACT_MESSAGE_OVERRIDES: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.fromEntries(
  Object.entries(CONTRACT_FIELD_MESSAGES).map(([field, key]): [string, Readonly<Record<string, string>>] => [
    field,
    CHOSEN_FIELDS.has(field) ? { required: key, '*': key } : { required: key, minItems: key },
  ]),
);
