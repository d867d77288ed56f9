import type { FromSchema } from 'json-schema-to-ts';
import { isoDate } from './date.schema';
import { DECIMAL_BOUNDS, decimalSchema, nullableDecimalSchema } from './decimal.schema';
import { percentOf } from './exact-decimal';
import { CONTRACT_CLASSES, CONTRACT_TYPES } from './contract.schema';

// The bid processes (spec sections 3, 4, 5 and 9; DOMAIN.md "Offers and bid processes";
// docs/processes.md): Registra Planillas registers planillas on a market operator's site, Sube
// Planillas uploads the hourly bids of an operating day, Supresion deletes registered planillas.
// Each is a run: a job (server/jobs) whose items go through a pool of site sessions. These are
// the wire shapes and the selection rules both sides of the wire apply.

// ---- Sites and limits (spec section 9).

/** The two operator sites (DOMAIN.md): different limits, the same API. */
export const MARKET_SITES = ['original', 'modified'] as const;
export type MarketSite = (typeof MARKET_SITES)[number];

/**
 * The most workers (site sessions) a run may use on each site. The spec gives 12 (English) or 16
 * (Spanish) for the original site; we use 12 in both languages (docs/processes.md): the site
 * itself admits 16 sessions, so a run of 12 leaves room for a trader signed in by hand.
 */
export const WORKER_LIMITS: Record<MarketSite, number> = { original: 12, modified: 10 };

/** Sessions each simulated site admits at once before it answers 429. */
export const SITE_SESSION_LIMITS: Record<MarketSite, number> = { original: 16, modified: 10 };

/** Retries of one item after its first attempt (spec section 5: 1 to 5). */
export const RETRIES_MIN = 1;
export const RETRIES_MAX = 5;

/** PMs one Sube run uploads (spec section 5: we read 1 to 400 in both languages, docs/processes.md). */
export const PM_MIN = 1;
export const PM_MAX = 400;

/** The price percentage of a Sube run (spec section 5: we read 1 to 100 in both languages). */
export const PRICE_PERCENT_MIN = 1;
export const PRICE_PERCENT_MAX = 100;

/** Periods of an operating day. */
export const BID_PERIODS = 24;

// ---- Runs.

/** What a run does. */
export const RUN_KINDS = ['registra', 'sube', 'supresion'] as const;
export type RunKind = (typeof RUN_KINDS)[number];

/**
 * A run's states on the wire (machines/processes/run.machine.ts): en_curso -> deteniendo ->
 * detenida, or en_curso -> completada | fallida. Final: detenida, completada, fallida.
 */
export const RUN_STATES = ['en_curso', 'deteniendo', 'detenida', 'completada', 'fallida'] as const;
export type RunState = (typeof RUN_STATES)[number];

/**
 * An item's states: pendiente (not sent yet), enviando (a request may be on its way: after a
 * crash or an ambiguous failure the site is asked before it is sent again), hecho, fallido
 * (every attempt failed, or the site refused it for good).
 */
export const ITEM_STATES = ['pendiente', 'enviando', 'hecho', 'fallido'] as const;
export type ItemState = (typeof ITEM_STATES)[number];

/** What a worker session is doing (the hub's tiles). */
export const SESSION_STATES = ['conectando', 'libre', 'enviando', 'esperando', 'cerrada'] as const;
export type SessionState = (typeof SESSION_STATES)[number];

const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
const count = { type: 'integer', minimum: 0 } as const;
const timestamp = { type: 'string' } as const;
const nullableTimestamp = { type: ['string', 'null'] } as const;
const siteField = { type: 'string', enum: MARKET_SITES } as const;
const retriesField = { type: 'integer', minimum: RETRIES_MIN, maximum: RETRIES_MAX } as const;
/** Bounded by the larger site limit; the site's own limit is a rule (workersWithinLimit). */
const workersField = { type: 'integer', minimum: 1, maximum: Math.max(...Object.values(WORKER_LIMITS)) } as const;

/** A run as the API shows it: what it does, on which site, how far it got. */
export const runSchema = {
  type: 'object',
  required: [
    'id', 'tipo', 'sitio', 'estado', 'trabajadores', 'max_reintentos', 'fecha_operacion', 'total', 'hechos', 'fallidos',
    'pendientes', 'reintentos', 'trabajo_id', 'creado_por', 'creado_en', 'terminado_en', 'error', 'detenible', 'reanudable',
  ],
  properties: {
    id: { type: 'integer' },
    tipo: { type: 'string', enum: RUN_KINDS },
    sitio: siteField,
    estado: { type: 'string', enum: RUN_STATES },
    trabajadores: { type: 'integer' },
    /** The retries each item may take after its first attempt. */
    max_reintentos: { type: 'integer' },
    /** The operating day of a Sube run; null otherwise. */
    fecha_operacion: { type: ['string', 'null'] },
    total: count,
    hechos: count,
    fallidos: count,
    /** Not sent yet or on their way. */
    pendientes: count,
    /** Attempts beyond each item's first, so far. */
    reintentos: count,
    /** The job that carries it: its log is the run's live log. */
    trabajo_id: { type: 'integer' },
    creado_por: { type: ['string', 'null'] },
    creado_en: timestamp,
    terminado_en: nullableTimestamp,
    /** Why it failed (an i18n key), when fallida. */
    error: { type: ['string', 'null'] },
    /** Whether the caller may stop it now. */
    detenible: { type: 'boolean' },
    /** Always false for Sube (a stopped Sube run cannot be restarted); a new run can be started. */
    reanudable: { type: 'boolean' },
  },
} as const;
export type Run = FromSchema<typeof runSchema>;

/** One item of a run: a planilla to register or delete, or a PM's bids. */
export const runItemSchema = {
  type: 'object',
  required: ['id', 'orden', 'clave', 'descripcion', 'estado', 'intentos', 'resultado', 'error', 'trabajador', 'actualizado_en'],
  properties: {
    id: { type: 'integer' },
    orden: { type: 'integer' },
    /** Its natural key on the site: the annex code (registra), the planilla number (supresion), the PM (sube). */
    clave: { type: 'string' },
    /** What a user recognises it by (contract and counterpart, or the PM and its hours). */
    descripcion: { type: 'string' },
    estado: { type: 'string', enum: ITEM_STATES },
    intentos: count,
    /** What the site answered: the planilla number (registra), null otherwise. */
    resultado: { type: ['string', 'null'] },
    /** Why it failed or was retried last (an i18n key under `processes.errors`). */
    error: { type: ['string', 'null'] },
    /** The worker session sending it now, if any. */
    trabajador: { type: ['integer', 'null'] },
    actualizado_en: timestamp,
  },
} as const;
export type RunItem = FromSchema<typeof runItemSchema>;

/** One worker session of a run (a tile of the hub). */
const runSessionSchema = {
  type: 'object',
  required: ['trabajador', 'estado', 'item_clave', 'intentos', 'desde'],
  properties: {
    /** 1 to `trabajadores`. */
    trabajador: { type: 'integer' },
    estado: { type: 'string', enum: SESSION_STATES },
    /** The item it is sending or waiting to retry. */
    item_clave: { type: ['string', 'null'] },
    /** Attempts of that item so far. */
    intentos: count,
    /** Since when it is in this state (the tile shows the time elapsed). */
    desde: timestamp,
  },
} as const;
export type RunSession = FromSchema<typeof runSessionSchema>;

/** `GET /procesos/api/v1/ejecuciones/{id}`: the run, and its sessions for the hub. */
export const runDetailSchema = {
  type: 'object',
  required: ['ejecucion', 'sesiones'],
  properties: {
    ejecucion: runSchema,
    sesiones: { type: 'array', items: runSessionSchema },
  },
} as const;
export type RunDetail = FromSchema<typeof runDetailSchema>;

/** `GET /procesos/api/v1/ejecuciones` query. */
export const runListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tipo: { type: 'string', enum: RUN_KINDS },
    estado: { type: 'string', enum: RUN_STATES },
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
  },
} as const;
export type RunListQuery = FromSchema<typeof runListQuerySchema>;

/** `GET /procesos/api/v1/ejecuciones/{id}/items` query. */
export const runItemsQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { estado: { type: 'string', enum: ITEM_STATES } },
} as const;
export type RunItemsQuery = FromSchema<typeof runItemsQuerySchema>;

// ---- Registra Planillas (spec section 3, Registration row).

/** R withdrawal (retiro), I injection (inyeccion): the contract's transaction type. */
const TRANSACTION_TYPES = ['R', 'I'] as const;

/**
 * One registration row, built from an annex in force: the planilla the site would register.
 * Spec columns: start, end, id, type, R/I, counterpart, transmission rights, pays transport,
 * max bid, PM, PIH, register flag. Our reading (docs/processes.md): `id` is the annex code
 * (the planilla's natural key on the site), PM the withdrawal points (PMr) and PIH the
 * injection points (PMi); `oferta_maxima` the annex's contracted power in MW.
 */
export const registrationRowSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'anexo_id', 'codigo', 'contrato_id', 'contrato_codigo', 'inicio', 'fin', 'tipo', 'clase_contrato', 'transaccion',
    'contraparte', 'derechos_transmision', 'titular_transmision', 'paga_transporte', 'oferta_maxima', 'pmr', 'pmi', 'registrar',
  ],
  properties: {
    anexo_id: id,
    /** The annex code: `<contract code>-A<annex id>`. */
    codigo: { type: 'string', minLength: 1, maxLength: 80 },
    contrato_id: id,
    contrato_codigo: { type: 'string', maxLength: 80 },
    inicio: isoDate,
    fin: isoDate,
    tipo: { type: 'string', enum: CONTRACT_TYPES },
    clase_contrato: { type: 'string', enum: CONTRACT_CLASSES },
    transaccion: { type: ['string', 'null'], enum: [...TRANSACTION_TYPES, null] },
    contraparte: { type: ['string', 'null'], maxLength: 120 },
    /** $ or % (annex parameters), as text: `1500.00 $`, `25 %`; null without one. */
    derechos_transmision: { type: ['string', 'null'], maxLength: 40 },
    titular_transmision: { type: ['string', 'null'], maxLength: 120 },
    /** Whether the counterpart pays the transport (the annex names a transmission responsible share above 0). */
    paga_transporte: { type: 'boolean' },
    oferta_maxima: nullableDecimalSchema(DECIMAL_BOUNDS.quantity),
    pmr: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 40 } },
    pmi: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 40 } },
    registrar: { type: 'boolean' },
  },
} as const;
export type RegistrationRow = FromSchema<typeof registrationRowSchema>;

/** `POST /procesos/api/v1/registra/ejecuciones`. */
export const registraRunBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['sitio', 'trabajadores', 'reintentos', 'filas'],
  properties: {
    sitio: siteField,
    trabajadores: workersField,
    reintentos: retriesField,
    filas: { type: 'array', maxItems: 2000, items: registrationRowSchema },
  },
} as const;
export type RegistraRunBody = FromSchema<typeof registraRunBodySchema>;

/**
 * `GET /procesos/api/v1/registra/candidatos` query: the annexes in force on `fecha` (default
 * today, in the server's calendar).
 */
export const registrationCandidatesQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { fecha: isoDate },
} as const;
export type RegistrationCandidatesQuery = FromSchema<typeof registrationCandidatesQuerySchema>;

// ---- Sube Planillas (spec section 3, Bid hour row).

/**
 * One bid hour: a PM (node) and a period of the operating day. `potencia` and `precio` are what
 * the annexes in force and the day's prices give; `potencia_oferta` and `precio_oferta` what is
 * bid (the price percentage applied to `precio` unless typed); `ofertar` the bid flag;
 * `prioridad` 1, 2 or 3 when node prioritisation puts its node first, second or third.
 */
export const bidHourSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['periodo', 'nodo', 'potencia', 'potencia_oferta', 'precio', 'precio_oferta', 'ofertar', 'prioridad'],
  properties: {
    periodo: { type: 'integer', minimum: 1, maximum: BID_PERIODS },
    nodo: { type: 'string', minLength: 1, maxLength: 40 },
    potencia: nullableDecimalSchema(DECIMAL_BOUNDS.quantity),
    potencia_oferta: decimalSchema(DECIMAL_BOUNDS.quantity),
    precio: nullableDecimalSchema(DECIMAL_BOUNDS.price),
    /** Checked by `isValidBidPrice` (a JSON Schema pattern cannot say "greater than 0"). */
    precio_oferta: { type: 'string', maxLength: 20 },
    ofertar: { type: 'boolean' },
    prioridad: { type: ['integer', 'null'], enum: [1, 2, 3, null] },
  },
} as const;
export type BidHour = FromSchema<typeof bidHourSchema>;

/** Node prioritisation: the first and second nodes are required when it is on, the third optional. */
const prioritisationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['activa', 'nodos'],
  properties: {
    activa: { type: 'boolean' },
    nodos: { type: 'array', maxItems: 3, items: { type: ['string', 'null'], maxLength: 40 } },
  },
} as const;
export type Prioritisation = FromSchema<typeof prioritisationSchema>;

/** `POST /procesos/api/v1/sube/ejecuciones`. */
export const subeRunBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['sitio', 'fecha_operacion', 'trabajadores', 'reintentos', 'pm', 'porcentaje_precio', 'priorizacion', 'horas'],
  properties: {
    sitio: siteField,
    fecha_operacion: isoDate,
    trabajadores: workersField,
    reintentos: retriesField,
    pm: { type: 'integer', minimum: PM_MIN, maximum: PM_MAX },
    porcentaje_precio: { type: 'integer', minimum: PRICE_PERCENT_MIN, maximum: PRICE_PERCENT_MAX },
    priorizacion: prioritisationSchema,
    horas: { type: 'array', maxItems: BID_PERIODS * PM_MAX, items: bidHourSchema },
  },
} as const;
export type SubeRunBody = FromSchema<typeof subeRunBodySchema>;

/** `GET /procesos/api/v1/sube/horas?fecha_operacion=`: the bid-hour grid of an operating day. */
export const bidHoursQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fecha_operacion'],
  properties: { fecha_operacion: isoDate },
} as const;
export type BidHoursQuery = FromSchema<typeof bidHoursQuerySchema>;

// ---- Supresion Planilla (spec section 3, Deletion row).

/** A planilla our runs registered and nobody deleted since. */
export const deletionRowSchema = {
  type: 'object',
  required: ['ejecucion_id', 'tipo_contrato', 'transaccion', 'contraparte', 'pmi', 'pmr', 'numero_planilla', 'registrada_en', 'codigo_anexo', 'sitio'],
  properties: {
    /** RUN_ID: the Registra run that registered it. */
    ejecucion_id: { type: 'integer' },
    tipo_contrato: { type: ['string', 'null'] },
    transaccion: { type: ['string', 'null'] },
    contraparte: { type: ['string', 'null'] },
    pmi: { type: 'array', items: { type: 'string' } },
    pmr: { type: 'array', items: { type: 'string' } },
    numero_planilla: { type: 'string' },
    registrada_en: timestamp,
    codigo_anexo: { type: 'string' },
    sitio: siteField,
  },
} as const;
export type DeletionRow = FromSchema<typeof deletionRowSchema>;

/** `POST /procesos/api/v1/supresion/eliminar`: the planillas to delete on their site. */
export const deletionBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['numeros'],
  properties: {
    numeros: { type: 'array', minItems: 1, maxItems: 2000, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 40 } },
  },
} as const;
export type DeletionBody = FromSchema<typeof deletionBodySchema>;

// ---- Rules both sides apply (the server's 400 details and the forms' messages).

/** Whether `trabajadores` is within the site's limit. */
export function workersWithinLimit(sitio: MarketSite, trabajadores: number): boolean {
  return Number.isInteger(trabajadores) && trabajadores >= 1 && trabajadores <= WORKER_LIMITS[sitio];
}

const BID_PRICE = /^(0|[1-9]\d{0,7})(\.\d{1,4})?$/;

/** A bid price is a decimal above 0 and within a price's bounds ($/MWh, at most 4 decimals). */
export function isValidBidPrice(value: unknown): boolean {
  return typeof value === 'string' && BID_PRICE.test(value) && Number(value) > 0;
}

/** The bid price a percentage gives on a reference price, to the cent (decimal text, no float rounding surprises). */
export function bidPriceOf(precio: string | null, porcentaje: number): string | null {
  if (precio === null || !/^\d+(\.\d+)?$/.test(precio)) return null;
  return percentOf(precio, String(porcentaje));
}

/** Whether a list of PMs names at least one (a blank name is none). */
export function hasPoints(points: readonly string[] | null | undefined): boolean {
  return (points ?? []).some((point) => point.trim() !== '');
}

/** Whether a whole number is within [min, max] (the schema's bounds, for the forms' messages). */
export function isWholeWithin(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** The nodes prioritisation names, in order, blanks left out. */
function prioritisedNodes(priorizacion: Prioritisation): string[] {
  if (!priorizacion.activa) return [];
  return priorizacion.nodos.filter((node): node is string => typeof node === 'string' && node.trim() !== '');
}

/**
 * The PMs a Sube run uploads, in the order it sends them (docs/processes.md, "PM count"): the
 * nodes with at least one hour to bid, the prioritised ones first in their order, then the
 * others in node order (as text); at most `pm` of them.
 */
export function subePmOrder(horas: readonly Pick<BidHour, 'nodo' | 'ofertar'>[], priorizacion: Prioritisation, pm: number): string[] {
  const offered = [...new Set(horas.filter((hour) => hour.ofertar).map((hour) => hour.nodo))].sort();
  const first = prioritisedNodes(priorizacion).filter((node, index, all) => offered.includes(node) && all.indexOf(node) === index);
  return [...first, ...offered.filter((node) => !first.includes(node))].slice(0, pm);
}

/** A Supresion run's pool: the trader chooses no workers nor retries for a deletion. */
export const DELETION_WORKERS = 4;
export const DELETION_RETRIES = 3;
