// The demo's ERCOT section (docs/ercot.md "Demo"): six settlement points (two hubs, two load
// zones, two resource nodes), their day-ahead hourly and real-time 15-minute prices for the 61
// operating days up to today, and the company's day-ahead awards at them (energy-only offers at
// the resource nodes, a bid at a load zone, a point-to-point obligation between the hubs), so the
// section shows real figures from the first start. The window always holds a change of clock:
// when the last 61 days hold none, it is the 61 days around the latest one. First start only: a
// database with any ERCOT point is left alone. The prices are illustrative, not ERCOT's.
import { sql } from 'drizzle-orm';
import { addDays, businessToday } from '../../../schemas/date.schema';
import type { AwardKind, SettlementPointType } from '../../../schemas/ercot.schema';
import { operatingDayHours, type AwardRow, type PriceRow } from '../../ercot/rules';
import { storeAwards, storePrices } from '../../ercot/store';
import { queryRows, type Db } from '../client';

/** Operating days of prices and awards. */
export const DEMO_ERCOT_DAYS = 61;
const SEED_FILE = 'demo';

const POINTS: ReadonlyArray<{ nombre: string; tipo: SettlementPointType; base: number }> = [
  { nombre: 'HB_NORTH', tipo: 'HU', base: 32 },
  { nombre: 'HB_HOUSTON', tipo: 'HU', base: 35 },
  { nombre: 'LZ_NORTH', tipo: 'LZ', base: 33 },
  { nombre: 'LZ_HOUSTON', tipo: 'LZ', base: 37 },
  { nombre: 'RN_EPWM_WIND1', tipo: 'RN', base: 26 },
  { nombre: 'RN_EPWM_SOLAR1', tipo: 'RN', base: 29 },
];

/** The company's regular awards: kind, point (PTP: source and sink), hours ending, MW and the price bid. */
const AWARDS: ReadonlyArray<{ tipo: AwardKind; punto: string; sumidero?: string; horas: readonly number[]; mw: number; precio: number }> = [
  { tipo: 'OFFER', punto: 'RN_EPWM_WIND1', horas: [1, 2, 3, 4, 5, 6, 21, 22, 23, 24], mw: 40, precio: 12 },
  { tipo: 'OFFER', punto: 'RN_EPWM_SOLAR1', horas: [9, 10, 11, 12, 13, 14, 15, 16, 17], mw: 25, precio: 8 },
  { tipo: 'BID', punto: 'LZ_HOUSTON', horas: [16, 17, 18, 19, 20], mw: 30, precio: 90 },
  { tipo: 'PTP', punto: 'HB_NORTH', sumidero: 'HB_HOUSTON', horas: [14, 15, 16, 17, 18], mw: 15, precio: 20 },
];

/** A day holds a change of clock when it has not 24 hours. */
const changesClock = (day: string) => operatingDayHours(day).length !== 24;

/** The first day of the demo's window: the 61 days up to today, or around the latest change of clock when those hold none. */
export function demoErcotStart(today: string): string {
  const start = addDays(today, 1 - DEMO_ERCOT_DAYS);
  for (let back = 0; back < 400; back += 1) {
    const day = addDays(today, -back);
    if (changesClock(day)) return day >= start ? start : addDays(day, -Math.floor(DEMO_ERCOT_DAYS / 2));
  }
  return start;
}

/** A repeatable pseudo-random number in [0, 1) of a seed (mulberry32). */
function randomOf(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** A day's hourly DAM price at a point: a night trough, an evening peak, some noise and, rarely, a spike. */
function damPrice(base: number, hour: number, random: () => number): string {
  const shape = hour <= 6 ? -8 : hour >= 16 && hour <= 20 ? 18 : 4;
  const spike = random() < 0.004 ? 400 + random() * 1200 : 0;
  return (base + shape + (random() - 0.5) * 10 + spike).toFixed(2);
}

export async function seedDemoErcot(db: Db, today = new Date()): Promise<void> {
  const [existing] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from "ercot_puntos"`);
  if (existing?.n) return;
  const last = businessToday(today);
  const first = demoErcotStart(last);
  const days = Array.from({ length: DEMO_ERCOT_DAYS }, (_, index) => addDays(first, index));
  const random = randomOf(20260308);

  const prices: PriceRow[] = [];
  for (const dia of days) {
    for (const hour of operatingDayHours(dia)) {
      for (const point of POINTS) {
        prices.push({ punto: point.nombre, dia_operacion: dia, hora_final: hour.hora_final, intervalo: null, repetida: hour.repetida, inicio_utc: hour.inicio_utc, precio: damPrice(point.base, hour.hora_final, random) });
      }
    }
  }
  const damOf = new Map(prices.map((price) => [`${price.punto}|${price.inicio_utc}`, Number(price.precio)]));
  const awards: AwardRow[] = [];
  for (const dia of days) {
    for (const hour of operatingDayHours(dia)) {
      for (const award of AWARDS) {
        if (!award.horas.includes(hour.hora_final)) continue;
        const spp = damOf.get(`${award.punto}|${hour.inicio_utc}`)!;
        const spread = award.sumidero ? damOf.get(`${award.sumidero}|${hour.inicio_utc}`)! - spp : 0;
        // Cleared only where the price bid allows it: an offer at or under the SPP, a bid at or over it, a PTP whose spread is within its price.
        const clears = award.tipo === 'OFFER' ? award.precio <= spp : award.tipo === 'BID' ? award.precio >= spp : award.precio >= spread;
        const mw = Math.round(award.mw * (0.5 + random() * 0.5));
        if (!clears) continue;
        awards.push({
          punto: award.punto,
          punto_sumidero: award.sumidero ?? null,
          tipo: award.tipo,
          dia_operacion: dia,
          hora_final: hour.hora_final,
          repetida: hour.repetida,
          inicio_utc: hour.inicio_utc,
          mw_oferta: String(award.mw),
          precio_oferta: award.precio.toFixed(2),
          mw_adjudicado: String(mw),
        });
      }
    }
  }

  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into "ercot_puntos" ("nombre", "tipo", "vigente_desde")
        select r.nombre, r.tipo, '2010-12-01'::date from json_to_recordset(${JSON.stringify(POINTS)}::json) as r(nombre text, tipo text)`,
    );
    await storePrices(tx, 'DAM', prices, SEED_FILE);
    // Each hour's four real-time intervals: the DAM price moved by up to a fifth either way, repeatably.
    await tx.execute(
      sql`insert into "ercot_precios" ("mercado", "punto", "inicio_utc", "dia_operacion", "hora_final", "intervalo", "repetida", "precio", "archivo_nombre")
        select 'RTM', d."punto", d."inicio_utc" + (i - 1) * interval '15 minutes', d."dia_operacion", d."hora_final", i, d."repetida",
          round(d."precio" * (1 + 0.2 * sin(extract(epoch from d."inicio_utc") / 900 + i * 1.7 + length(d."punto"))::numeric), 2), ${SEED_FILE}
        from "ercot_precios" d, generate_series(1, 4) i
        where d."mercado" = 'DAM'`,
    );
    await storeAwards(tx, awards, SEED_FILE);
  });
}
