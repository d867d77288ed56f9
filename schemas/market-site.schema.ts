import type { FromSchema } from 'json-schema-to-ts';
import { isoDate } from './date.schema';
import { BID_PERIODS, MARKET_SITES } from './process.schema';
import { DECIMAL_BOUNDS, decimalSchema, nullableDecimalSchema } from './decimal.schema';

// The market operator's site API (docs/processes.md, "The site's API"): what the simulator
// (server/market-sim) answers and what the HTTP adapter (server/processes/site-http.ts) sends.
// Not our product's API: a site's own shapes, so both sides read them from here.

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const nullableText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
const points = { type: 'array', maxItems: 50, items: text(40) } as const;

/** `{ sitio }` of every site path. */
export const siteParamsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['sitio'],
  properties: { sitio: { type: 'string', enum: MARKET_SITES } },
} as const;

/** `POST /sesiones`. */
export const siteSignInBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['usuario', 'clave'],
  properties: { usuario: text(80), clave: text(200) },
} as const;
export type SiteSignInBody = FromSchema<typeof siteSignInBodySchema>;

/** `POST /planillas`: a planilla to register (its natural key: `codigo_anexo`). */
export const sitePlanillaBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['codigo_anexo', 'tipo_contrato', 'transaccion', 'contraparte', 'inicio', 'fin', 'pmi', 'pmr', 'oferta_maxima', 'derechos_transmision', 'paga_transporte'],
  properties: {
    codigo_anexo: { type: 'string', minLength: 1, maxLength: 80 },
    tipo_contrato: nullableText(20),
    transaccion: nullableText(1),
    contraparte: nullableText(120),
    inicio: isoDate,
    fin: isoDate,
    pmi: points,
    pmr: points,
    oferta_maxima: nullableDecimalSchema(DECIMAL_BOUNDS.quantity),
    derechos_transmision: nullableText(40),
    paga_transporte: { type: 'boolean' },
  },
} as const;
export type SitePlanillaBody = FromSchema<typeof sitePlanillaBodySchema>;

/** A planilla as the site holds it. */
export type SitePlanilla = SitePlanillaBody & { numero_planilla: string; registrada_en: string };

/** `POST /ofertas`: the hourly bids of one PM for one operating day (natural key: both). */
export const siteBidsBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fecha_operacion', 'pm', 'horas'],
  properties: {
    fecha_operacion: isoDate,
    pm: { type: 'string', minLength: 1, maxLength: 40 },
    horas: {
      type: 'array',
      minItems: 1,
      maxItems: BID_PERIODS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['periodo', 'potencia', 'precio'],
        properties: {
          periodo: { type: 'integer', minimum: 1, maximum: BID_PERIODS },
          potencia: decimalSchema(DECIMAL_BOUNDS.quantity),
          precio: decimalSchema(DECIMAL_BOUNDS.price),
        },
      },
    },
  },
} as const;
export type SiteBidsBody = FromSchema<typeof siteBidsBodySchema>;

/** One PM's bids as the site holds them. */
export type SiteBids = SiteBidsBody & { id: number; recibida_en: string };

/** `GET /planillas?codigo_anexo=`. */
export const sitePlanillaQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { codigo_anexo: text(80) },
} as const;

/** `GET /ofertas?fecha_operacion=&pm=`. */
export const siteBidsQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { fecha_operacion: isoDate, pm: text(40) },
} as const;

/** `DELETE /planillas/{numero}`. */
export const sitePlanillaParamsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['sitio', 'numero'],
  properties: { sitio: { type: 'string', enum: MARKET_SITES }, numero: text(40) },
} as const;

/**
 * `PUT /market-sim/{sitio}/admin/config`: how the simulated site behaves (tests, benchmark, demo).
 * `caducidad_sesion_ms` (ours, beyond the list): a session idle that long ends, so the
 * places of a process that died come free again, as on a real site.
 */
export const siteConfigSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['latencia_ms', 'jitter_ms', 'tasa_fallos', 'tasa_fallos_tras_aplicar', 'limite_sesiones'],
  properties: {
    latencia_ms: { type: 'integer', minimum: 0, maximum: 60_000 },
    jitter_ms: { type: 'integer', minimum: 0, maximum: 60_000 },
    /** The share of calls that fail (0 to 1). */
    tasa_fallos: { type: 'number', minimum: 0, maximum: 1 },
    /** The share of a change's failures that happen after the change was applied (0 to 1). */
    tasa_fallos_tras_aplicar: { type: 'number', minimum: 0, maximum: 1 },
    limite_sesiones: { type: 'integer', minimum: 1, maximum: 1_000 },
    caducidad_sesion_ms: { type: 'integer', minimum: 1_000, maximum: 86_400_000 },
  },
} as const;
export type SiteConfigBody = FromSchema<typeof siteConfigSchema>;
export type SiteConfig = Required<SiteConfigBody>;
