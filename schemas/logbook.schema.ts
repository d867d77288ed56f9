import type { FromSchema } from 'json-schema-to-ts';
import { addDays, businessToday, isoDate } from './date.schema';
import { compareDecimals, sumDecimals } from './exact-decimal';
import { decimalSchema, DECIMAL_BOUNDS } from './decimal.schema';
import { plainTextSchema } from './plain-text.schema';
import { recordIdSchema, versionSchema } from './record.schema';

// The log books (bitácoras, spec sections 2, 3, 4 and 7; docs/logbooks.md): what the traders
// declare and offer, hour by hour, into the regional market (MER), Mexico's link (MEX), El
// Salvador's opportunity market (SLV) and Guatemala's (AMM). One offer model serves the four
// (AREAS.md 0.5): an offer is a period of an operating day at a metering point (PM), in one
// direction, of one kind, with its price/MW blocks; each screen is a filter over them.

/** The four log books, by the market they go to. */
export const LOGBOOK_MARKETS = ['MER', 'MEX', 'SLV', 'AMM'] as const;
export type LogbookMarket = (typeof LOGBOOK_MARKETS)[number];

/** The hourly periods of an operating day in the Central American markets and at the Mexico link (UTC-6, no DST). */
export const LOGBOOK_PERIODS = 24;

/** Injection (a sale into the market: export) or withdrawal (a purchase: import). */
export const OFFER_DIRECTIONS = ['I', 'R'] as const;
export type OfferDirection = (typeof OFFER_DIRECTIONS)[number];

/**
 * What an offer is: a contract declaration of an annex (MER, AMM), an opportunity offer (MER,
 * SLV top offers), or an offer at the Mexico link, export (MX -> GT, a CENACE purchase) or
 * import (GT -> MX, a CENACE sale).
 */
export const OFFER_KINDS = ['DECLARACION', 'OPORTUNIDAD', 'EXPORTACION', 'IMPORTACION'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

export const OFFER_CURRENCIES = ['USD', 'MXN'] as const;

/** The most price/MW blocks an offer has: five in the MER, a fixed MW and three segments at CENACE. */
export const MAX_BLOCKS: Record<LogbookMarket, number> = { MER: 5, SLV: 5, AMM: 5, MEX: 3 };

/** A log book's states: being prepared, sent (read-only), replaced by a later version. */
export const LOGBOOK_STATES = ['borrador', 'enviada', 'reemplazada'] as const;
export type LogbookState = (typeof LOGBOOK_STATES)[number];

const priceSchema = decimalSchema(DECIMAL_BOUNDS.offerPrice);
const mwSchema = decimalSchema(DECIMAL_BOUNDS.offerMw);

/** One price/MW block of an offer. */
export const offerBlockSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['precio', 'mw'],
  properties: { precio: priceSchema, mw: mwSchema },
} as const;

const pmSchema = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$' } as const;

/**
 * One offer row as a form sends it: the period, the PM, the direction, the annex it declares
 * (none for an opportunity offer), the MW declared (a contract declaration's), the fixed MW
 * (CENACE) and the blocks in order.
 */
export const offerRowSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['periodo', 'pm', 'sentido', 'tipo', 'bloques'],
  properties: {
    periodo: { type: 'integer', minimum: 1, maximum: LOGBOOK_PERIODS },
    pm: pmSchema,
    sentido: { type: 'string', enum: OFFER_DIRECTIONS },
    tipo: { type: 'string', enum: OFFER_KINDS },
    anexo_id: { anyOf: [recordIdSchema, { type: 'null' }] },
    mw_declarada: { anyOf: [mwSchema, { type: 'null' }] },
    mw_fija: { anyOf: [mwSchema, { type: 'null' }] },
    bloques: { type: 'array', maxItems: 5, items: offerBlockSchema },
  },
} as const;
export type OfferRow = FromSchema<typeof offerRowSchema>;

/** The most rows one log book holds: every period of 200 PMs in both directions. */
export const LOGBOOK_MAX_ROWS = LOGBOOK_PERIODS * 200 * 2;

/** `POST /bitacoras/api/v1/create`: a log book of a market and operating day with its rows. */
export const logbookCreateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['mercado', 'fecha_operacion', 'filas'],
  properties: {
    mercado: { type: 'string', enum: LOGBOOK_MARKETS },
    fecha_operacion: isoDate,
    filas: { type: 'array', maxItems: LOGBOOK_MAX_ROWS, items: offerRowSchema },
    /** The version of the day's draft read, when one is being saved again (a stale one is 409). */
    version: versionSchema,
    /** Send it as saved (the page asked first): it becomes read-only. */
    enviar: { type: 'boolean' },
    /** The day's log book was sent: prepare its next version instead (before the gate closes). */
    nueva_version: { type: 'boolean' },
  },
} as const;
export type LogbookCreate = FromSchema<typeof logbookCreateSchema>;

/** What the rules of a set of offers read beyond the rows: the market and its facts of the day. */
export interface OfferFacts {
  mercado: LogbookMarket;
  /** Contracted MW of each annex in force that day, by annex id. */
  potenciaAnexo: ReadonlyMap<number, string>;
  /** El Salvador: the floor price (variable cost + system charge) and the offerable MW, by PM. */
  limitesSlv?: ReadonlyMap<string, { precio_piso: string; mw_ofertable: string }>;
  /** The Mexico link's MW per hour, by direction (I: export MX -> GT, R: import GT -> MX). */
  limiteEnlace?: Readonly<Record<OfferDirection, string>>;
}

/** A broken offer rule: the row (its index in `filas`), the field and the keyword (message `logbooks.problems.<keyword>`). */
export interface OfferRuleBreak {
  fila: number;
  field: 'periodo' | 'bloques' | 'mw_declarada' | 'anexo_id' | 'mw_fija' | 'tipo';
  keyword:
    | 'offerDuplicate'
    | 'offerBlocksOrder'
    | 'offerBlocksCount'
    | 'offerOverPower'
    | 'offerBlocksOverDeclared'
    | 'offerBelowFloor'
    | 'offerOverAvailable'
    | 'offerOverLink'
    | 'offerAnnexMissing'
    | 'offerAnnexUnknown'
    | 'offerScope';
  params?: Record<string, string | number>;
}

/**
 * Which offers of a day's log book a call saves, leaving the others as they are: the MER's
 * whole log book, El Salvador's injection or withdrawal top offers, Mexico's export or import
 * offers, an AMM record's declarations.
 */
export interface OfferScope {
  tipos: readonly OfferKind[];
  sentido?: OfferDirection;
}

export const OFFER_SCOPES = {
  mer: { tipos: ['DECLARACION', 'OPORTUNIDAD'] },
  slvInyeccion: { tipos: ['OPORTUNIDAD'], sentido: 'I' },
  slvRetiro: { tipos: ['OPORTUNIDAD'], sentido: 'R' },
  mexExportacion: { tipos: ['EXPORTACION'], sentido: 'I' },
  mexImportacion: { tipos: ['IMPORTACION'], sentido: 'R' },
  amm: { tipos: ['DECLARACION'] },
} as const satisfies Record<string, OfferScope>;

/** Whether an offer row belongs to the part of the log book a call saves. */
export function inScope(row: Pick<OfferRow, 'tipo' | 'sentido'>, scope: OfferScope): boolean {
  return scope.tipos.includes(row.tipo) && (scope.sentido === undefined || scope.sentido === row.sentido);
}

/** The key an offer row is stored under: one row per PM, direction, kind, annex and period. */
export function offerKey(row: Pick<OfferRow, 'pm' | 'sentido' | 'tipo' | 'periodo' | 'anexo_id'>): string {
  return [row.pm, row.sentido, row.tipo, row.anexo_id ?? 0, row.periodo].join('|');
}

/** The MW an offer carries: its declared MW for a declaration, else its blocks' (and a CENACE fixed MW). */
export function offerMw(row: Pick<OfferRow, 'tipo' | 'mw_declarada' | 'mw_fija' | 'bloques'>): string {
  if (row.tipo === 'DECLARACION' && row.mw_declarada) return row.mw_declarada;
  return sumDecimals([row.mw_fija ?? '0', ...row.bloques.map((block) => block.mw)]);
}

/**
 * Whether the blocks' prices run the right way: a sale (injection) asks more for more MW, so its
 * prices never fall from one block to the next; a purchase (withdrawal) pays less for more, so
 * its prices never rise (AREAS.md (a), invariant 1).
 */
export function blocksOrdered(sentido: OfferDirection, bloques: readonly { precio: string }[]): boolean {
  return bloques.every((block, index) => {
    if (index === 0) return true;
    const step = compareDecimals(block.precio, bloques[index - 1]!.precio);
    return sentido === 'I' ? step >= 0 : step <= 0;
  });
}

/**
 * The rules of a day's offers a JSON Schema cannot state, judged alike by the server and the
 * forms (docs/logbooks.md): each key once; as many blocks as the market takes (a CENACE offer
 * at most three segments); block prices in the direction's order; a declaration names an annex
 * in force, the annex's declarations of a period (at all its PMs) stay within its contracted MW,
 * and its blocks within what it declares; El
 * Salvador's export offers at or above the unit's floor price and within its offerable MW; the
 * Mexico link's MW per hour within its limit in each direction.
 */
export function offerRuleBreaks(filas: readonly OfferRow[], facts: OfferFacts, scope?: OfferScope): OfferRuleBreak[] {
  const breaks: OfferRuleBreak[] = [];
  if (scope) filas.forEach((row, fila) => (inScope(row, scope) ? null : breaks.push({ fila, field: 'tipo', keyword: 'offerScope' })));
  const seen = new Map<string, number>();
  const linkMw = new Map<string, string>();
  const annexMw = new Map<string, string>();
  filas.forEach((row, fila) => {
    const key = offerKey(row);
    const first = seen.get(key);
    if (first !== undefined) breaks.push({ fila, field: 'periodo', keyword: 'offerDuplicate', params: { fila: first + 1 } });
    else seen.set(key, fila);
    if (row.bloques.length > MAX_BLOCKS[facts.mercado]) {
      breaks.push({ fila, field: 'bloques', keyword: 'offerBlocksCount', params: { max: MAX_BLOCKS[facts.mercado] } });
    }
    if (!blocksOrdered(row.sentido, row.bloques)) breaks.push({ fila, field: 'bloques', keyword: 'offerBlocksOrder' });
    const blocksMw = sumDecimals(row.bloques.map((block) => block.mw));
    if (row.tipo === 'DECLARACION') {
      const contracted = row.anexo_id ? facts.potenciaAnexo.get(row.anexo_id) : undefined;
      // An annex delivering at several PMs declares its contracted MW at most across them in a period.
      // (A repeated row is refused as such, not counted twice.)
      const hour = `${row.anexo_id}|${row.sentido}|${row.periodo}`;
      const previous = annexMw.get(hour) ?? '0';
      const declared = first === undefined ? sumDecimals([previous, offerMw(row)]) : previous;
      annexMw.set(hour, declared);
      if (!row.anexo_id) breaks.push({ fila, field: 'anexo_id', keyword: 'offerAnnexMissing' });
      else if (contracted === undefined) breaks.push({ fila, field: 'anexo_id', keyword: 'offerAnnexUnknown', params: { id: row.anexo_id } });
      // Named once: at the row whose MW takes the period over.
      else if (compareDecimals(declared, contracted) > 0 && compareDecimals(previous, contracted) <= 0) {
        breaks.push({ fila, field: 'mw_declarada', keyword: 'offerOverPower', params: { max: contracted } });
      }
      if (row.mw_declarada && compareDecimals(blocksMw, row.mw_declarada) > 0) {
        breaks.push({ fila, field: 'bloques', keyword: 'offerBlocksOverDeclared', params: { max: row.mw_declarada } });
      }
    }
    const limits = facts.mercado === 'SLV' && row.sentido === 'I' ? facts.limitesSlv?.get(row.pm) : undefined;
    if (limits) {
      if (row.bloques.some((block) => compareDecimals(block.precio, limits.precio_piso) < 0)) {
        breaks.push({ fila, field: 'bloques', keyword: 'offerBelowFloor', params: { floor: limits.precio_piso } });
      }
      if (compareDecimals(blocksMw, limits.mw_ofertable) > 0) breaks.push({ fila, field: 'bloques', keyword: 'offerOverAvailable', params: { max: limits.mw_ofertable } });
    }
    if (facts.mercado === 'MEX' && facts.limiteEnlace) {
      const hour = `${row.sentido}|${row.periodo}`;
      const total = sumDecimals([linkMw.get(hour) ?? '0', offerMw(row)]);
      linkMw.set(hour, total);
      if (compareDecimals(total, facts.limiteEnlace[row.sentido]) > 0) {
        breaks.push({ fila, field: 'bloques', keyword: 'offerOverLink', params: { max: facts.limiteEnlace[row.sentido], periodo: row.periodo } });
      }
    }
  });
  return breaks;
}

/**
 * When a market stops taking a day's offers: `diasAntes` days before the operating day, at
 * `hora` in Central America time (UTC-6, no DST; AREAS.md 0.2). The operators' real times were
 * not found (AREAS.md (a)): these defaults are a proposal, and LOGBOOK_GATE_CLOSURE sets them.
 */
export interface GateClosure {
  diasAntes: number;
  hora: string;
}

export const DEFAULT_GATE_CLOSURES: Readonly<Record<LogbookMarket, GateClosure>> = {
  MER: { diasAntes: 1, hora: '10:00' },
  SLV: { diasAntes: 1, hora: '09:00' },
  MEX: { diasAntes: 1, hora: '09:30' },
  AMM: { diasAntes: 1, hora: '11:00' },
};

/** The instant a market's gate closes for an operating day (ISO date), as an ISO timestamp in UTC. */
export function gateClosureAt(fecha: string, closure: GateClosure): string {
  const [hours, minutes] = closure.hora.split(':').map(Number) as [number, number];
  const day = new Date(`${fecha}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - closure.diasAntes);
  // Central America time is UTC-6 all year: 10:00 there is 16:00 UTC.
  day.setUTCHours(hours + 6, minutes, 0, 0);
  return day.toISOString();
}

// ---- Answers.

/** `GET /anexos-activos?fecha=`: a regional annex in force on the day, with its PMs and contracted MW, and whether the day's log book declared it. */
export const activeAnnexSchema = {
  type: 'object',
  required: ['anexo_id', 'contrato_id', 'contrato_codigo', 'clase_contrato', 'tipo_transaccion', 'contraparte', 'pmi', 'pmr', 'potencia_mw', 'enviado'],
  properties: {
    anexo_id: { type: 'integer' },
    contrato_id: { type: 'integer' },
    contrato_codigo: { type: 'string' },
    clase_contrato: { type: 'string' },
    tipo_transaccion: { type: 'string' },
    contraparte: { type: 'string' },
    pmi: { type: 'array', items: { type: 'string' } },
    pmr: { type: 'array', items: { type: 'string' } },
    potencia_mw: { type: 'string' },
    enviado: { type: 'boolean' },
  },
} as const;
export type ActiveAnnex = FromSchema<typeof activeAnnexSchema>;

/** `GET /anexos-resumen-enviados?fecha=`: an annex the day's sent MER log book declared: its periods, MWh, and who sent it when. */
export const sentSummarySchema = {
  type: 'object',
  required: ['anexo_id', 'contrato_codigo', 'periodos', 'mwh', 'enviada_en', 'enviada_por', 'bitacora_id'],
  properties: {
    anexo_id: { type: 'integer' },
    contrato_codigo: { type: 'string' },
    periodos: { type: 'integer' },
    mwh: { type: 'string' },
    enviada_en: { type: 'string' },
    enviada_por: { type: ['string', 'null'] },
    bitacora_id: { type: 'integer' },
  },
} as const;
export type SentSummary = FromSchema<typeof sentSummarySchema>;

/** Where a reference price comes from: the EOR's ex-ante price, else the node's PE price of the day. */
export const PRICE_SOURCES = ['exante', 'PE'] as const;

/** `GET /precios?fecha=&nodo=`: a node's reference price of each period (null where there is none: never 0). */
export const referencePriceSchema = {
  type: 'object',
  required: ['nodo', 'periodo', 'precio', 'fuente'],
  properties: {
    nodo: { type: 'string' },
    periodo: { type: 'integer' },
    precio: { type: ['string', 'null'] },
    fuente: { type: ['string', 'null'], enum: [...PRICE_SOURCES, null] },
  },
} as const;
export type ReferencePrice = FromSchema<typeof referencePriceSchema>;

/** An offer as stored and answered: its row, and what was fixed when it was saved. */
export const storedOfferSchema = {
  type: 'object',
  required: ['id', ...offerRowSchema.required, 'anexo_id', 'mw_declarada', 'mw_fija', 'moneda'],
  properties: {
    id: { type: 'integer' },
    ...offerRowSchema.properties,
    anexo_id: { type: ['integer', 'null'] },
    mw_declarada: { type: ['string', 'null'] },
    mw_fija: { type: ['string', 'null'] },
    precio_piso: { type: ['string', 'null'] },
    moneda: { type: 'string', enum: OFFER_CURRENCIES },
    tipo_cambio: { type: ['string', 'null'] },
    bloques: { type: 'array', items: { type: 'object', required: ['precio', 'mw'], properties: { precio: { type: 'string' }, mw: { type: 'string' } } } },
  },
} as const;

/** A log book with its offers, its gate closure, and the commands its machine allows now. */
export const logbookSchema = {
  type: 'object',
  required: ['id', 'mercado', 'fecha_operacion', 'fecha_fin', 'estado', 'numero', 'enviada_en', 'enviada_por', 'ejecucion_id', 'cierre_en', 'filas', 'version', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'integer' },
    mercado: { type: 'string', enum: LOGBOOK_MARKETS },
    fecha_operacion: { type: 'string' },
    fecha_fin: { type: ['string', 'null'] },
    estado: { type: 'string', enum: LOGBOOK_STATES },
    numero: { type: 'integer' },
    enviada_en: { type: ['string', 'null'] },
    enviada_por: { type: ['string', 'null'] },
    ejecucion_id: { type: ['integer', 'null'] },
    cierre_en: { type: 'string' },
    filas: { type: 'array', items: storedOfferSchema },
    version: { type: 'integer' },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
} as const;
export type Logbook = FromSchema<typeof logbookSchema>;

/** The operating day being prepared when none is named: tomorrow (the day whose gate is open). */
export const nextOperatingDay = () => addDays(businessToday(), 1);

/** The operating day of a log book call (`?fecha=`); the server's tomorrow when absent. */
export const logbookDayQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { fecha: isoDate },
} as const;
export type LogbookDayQuery = FromSchema<typeof logbookDayQuerySchema>;

/** `GET /precios?fecha=&nodo=`. */
export const pricesQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { fecha: isoDate, nodo: pmSchema },
} as const;
export type PricesQuery = FromSchema<typeof pricesQuerySchema>;

// ---- El Salvador, Mexico and AMM.

/** El Salvador's export limits of a unit on the day (ROBCP 11): variable cost, system charge (their sum the floor) and offerable MW. */
export const slvLimitSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['pm', 'costo_variable', 'cargo_sistema', 'mw_ofertable'],
  properties: { pm: pmSchema, costo_variable: priceSchema, cargo_sistema: priceSchema, mw_ofertable: mwSchema },
} as const;
export type SlvLimit = FromSchema<typeof slvLimitSchema>;

/** The body of an offer update (El Salvador's top offers, Mexico's offers): the day, its offers of that kind, the version read. */
export const offersUpdateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fecha_operacion', 'filas'],
  properties: {
    fecha_operacion: isoDate,
    filas: { type: 'array', maxItems: LOGBOOK_MAX_ROWS, items: offerRowSchema },
    version: versionSchema,
    nueva_version: { type: 'boolean' },
    /** El Salvador's injection offers: the units' limits of the day, saved with them. */
    limites: { type: 'array', maxItems: 200, items: slvLimitSchema },
  },
} as const;
export type OffersUpdate = FromSchema<typeof offersUpdateSchema>;

/** An offer view of a day: its log book (offers of that kind only), or null, and what the rules read. */
export const offersViewSchema = {
  type: 'object',
  required: ['bitacora', 'limites', 'tipo_cambio', 'limite_enlace_mw'],
  properties: {
    bitacora: { anyOf: [logbookSchema, { type: 'null' }] },
    limites: { type: 'array', items: { type: 'object', required: ['pm', 'costo_variable', 'cargo_sistema', 'precio_piso', 'mw_ofertable'], properties: { pm: { type: 'string' }, costo_variable: { type: 'string' }, cargo_sistema: { type: 'string' }, precio_piso: { type: 'string' }, mw_ofertable: { type: 'string' } } } },
    /** Mexico: the MXN per USD of the day (the last FIX on or before it), null when none is stored. */
    tipo_cambio: { type: ['string', 'null'] },
    /** Mexico: the link's MW per hour in the offers' direction. */
    limite_enlace_mw: { type: ['string', 'null'] },
  },
} as const;
export type OffersView = FromSchema<typeof offersViewSchema>;

/** The Mexico link's MW per hour in each direction (AREAS.md (a): GT-MX, 200 MX -> GT, 120 GT -> MX; a proposal). */
export const LINK_LIMITS_MW: Readonly<Record<OfferDirection, string>> = { I: '200', R: '120' };

/** The fuels of a thermal plant behind Mexico's import offers. */
export const FUELS = ['bunker', 'diesel', 'carbon', 'gas', 'otro'] as const;

/** `POST /create-mex-ofertas-impo-agentes`: a thermal agent with its variable cost and MW available over a period. */
export const importAgentCreateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['codigo_agente', 'nombre', 'planta', 'combustible', 'cv_usd_mwh', 'mw_max', 'vigente_desde'],
  properties: {
    codigo_agente: { type: 'string', minLength: 2, maxLength: 30, pattern: '^[A-Z][A-Z0-9_-]*$' },
    nombre: plainTextSchema(200),
    planta: plainTextSchema(200),
    combustible: { type: 'string', enum: FUELS },
    cv_usd_mwh: priceSchema,
    mw_max: mwSchema,
    vigente_desde: isoDate,
    vigente_hasta: { anyOf: [isoDate, { type: 'null' }] },
  },
} as const;
export type ImportAgentCreate = FromSchema<typeof importAgentCreateSchema>;

export const importAgentSchema = {
  type: 'object',
  required: ['id', 'codigo_agente', 'nombre', 'planta', 'combustible', 'cv_usd_mwh', 'mw_max', 'vigente_desde', 'vigente_hasta', 'version'],
  properties: {
    id: { type: 'integer' },
    codigo_agente: { type: 'string' },
    nombre: { type: 'string' },
    planta: { type: 'string' },
    combustible: { type: 'string', enum: FUELS },
    cv_usd_mwh: { type: 'string' },
    mw_max: { type: 'string' },
    vigente_desde: { type: 'string' },
    vigente_hasta: { type: ['string', 'null'] },
    version: { type: 'integer' },
  },
} as const;
export type ImportAgent = FromSchema<typeof importAgentSchema>;

/** `GET /anexos-activos-filtro?start_date=&end_date=`: the AMM annexes in force on any day of the range. */
export const rangeQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['start_date', 'end_date'],
  properties: { start_date: isoDate, end_date: isoDate },
} as const;
export type RangeQuery = FromSchema<typeof rangeQuerySchema>;

/** `POST /create-amm`: the AMM process record of a range, with the declarations sent for it. */
export const ammCreateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['desde', 'hasta', 'filas'],
  properties: {
    desde: isoDate,
    hasta: isoDate,
    filas: { type: 'array', minItems: 1, maxItems: LOGBOOK_MAX_ROWS, items: offerRowSchema },
  },
} as const;
export type AmmCreate = FromSchema<typeof ammCreateSchema>;

// ---- The EOR's predespacho against what was sent.

/**
 * `GET /predespacho/comparacion?fecha=`: per contract (its counterpart code, the EOR's), PM and
 * direction, the MWh the day's sent MER log book declared against the MWh the EOR programmed in
 * its predespacho (TCP sheet), the periods where they differ and those the EOR reduced. A line
 * only one side has carries null on the other.
 */
export const predespachoComparisonSchema = {
  type: 'object',
  required: ['importado', 'lineas'],
  properties: {
    /** Whether any country file of the day's predespacho is stored. */
    importado: { type: 'boolean' },
    lineas: {
      type: 'array',
      items: {
        type: 'object',
        required: ['contrato_codigo', 'pm', 'sentido', 'mwh_declarada', 'mwh_programada', 'periodos_distintos', 'periodos_reducidos'],
        properties: {
          contrato_codigo: { type: 'string' },
          pm: { type: 'string' },
          sentido: { type: 'string', enum: OFFER_DIRECTIONS },
          mwh_declarada: { type: ['string', 'null'] },
          mwh_programada: { type: ['string', 'null'] },
          periodos_distintos: { type: 'integer' },
          periodos_reducidos: { type: 'integer' },
        },
      },
    },
  },
} as const;
export type PredespachoComparison = FromSchema<typeof predespachoComparisonSchema>;

/** The largest EOR predespacho workbook an import takes: a TOP sheet of 100,000 offers is about 10 MB. */
export const PREDESPACHO_MAX_BYTES = 32 * 1024 * 1024;
