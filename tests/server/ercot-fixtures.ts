// What the ERCOT tests share (tests/server/ercot*.test.ts): the app with its admin, a small
// catalogue set before each test, ERCOT's file layouts as CSV lines, and the calls made as the
// world's users.
import { sql } from 'drizzle-orm';
import { beforeEach, expect } from 'vitest';
import { queryRows } from '../../server/db/client';
import { operatingDayHours } from '../../server/ercot/rules';
import { ADMIN, expectError, useAdminWorld, type AdminWorld } from './admin-fixtures';
import type { TestApp } from './helpers';
import { multipart } from './support/multipart';

export const BASE = '/ercot/api/v1';
/** A spring-forward day (23 hours), a fall-back day (25) and a normal one. */
export const SPRING = '2026-03-08';
export const FALL = '2026-11-01';
export const NORMAL = '2026-07-15';

/** ERCOT's `mm/dd/yyyy`. */
export const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
/** An hour ending as ERCOT's files write it. */
export const he = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export const DAM_HEADER = 'DeliveryDate,HourEnding,SettlementPoint,SettlementPointPrice,DSTFlag';
export const RTM_HEADER = 'DeliveryDate,DeliveryHour,DeliveryInterval,SettlementPointName,SettlementPointType,SettlementPointPrice,DSTFlag';
export const AWARD_HEADER = 'DeliveryDate,HourEnding,DSTFlag,SettlementPoint,SinkSettlementPoint,AwardType,BidMW,BidPrice,ClearedMW';
export const POINTS_HEADER = 'SettlementPoint,SettlementPointType,ValidFrom,ValidTo';

/** A day's DAM rows at a point as ERCOT's file gives them (the repeated hour flagged Y), each hour's price from `price`. */
export function damDay(day: string, point: string, price: (hour: number, repeated: boolean) => string = () => '25.00'): string[] {
  return operatingDayHours(day).map((hour) => `${us(day)},${he(hour.hora_final)},${point},${price(hour.hora_final, hour.repetida)},${hour.repetida ? 'Y' : 'N'}`);
}

/** The problems of a refused file as `row column code`. */
export function problemsOf(response: { statusCode: number; body: string; json(): unknown }): string[] {
  expectError(response as never, 400, 'APP_ERR_MARKET_DATA_INVALID');
  return ((response.json() as { details: Array<{ fila: number; columna: string | null; keyword: string }> }).details ?? []).map(
    (found) => `${found.fila} ${found.columna} ${found.keyword}`,
  );
}

/**
 * Starts the app with its admin world (handed to `ready`), sets the catalogue before each test
 * (HB_NORTH, HB_HOUSTON, LZ_HOUSTON in force since 2010, RN_RETIRED from 2015 to 2025, nothing
 * else stored), and answers the calls as the world's users.
 */
export function useErcotWorld(ready: (t: TestApp, w: AdminWorld) => void) {
  let t: TestApp;
  let w: AdminWorld;
  useAdminWorld((app, world) => {
    t = app;
    w = world;
    ready(app, world);
  });
  beforeEach(async () => {
    for (const table of ['ercot_adjudicaciones', 'ercot_precios', 'ercot_puntos']) await t.db.execute(sql`delete from ${sql.identifier(table)}`);
    await t.db.execute(sql`insert into ercot_puntos (nombre, tipo, vigente_desde, vigente_hasta) values
      ('HB_NORTH', 'HU', '2010-12-01', null), ('HB_HOUSTON', 'HU', '2010-12-01', null),
      ('LZ_HOUSTON', 'LZ', '2010-12-01', null), ('RN_RETIRED', 'RN', '2015-01-01', '2025-12-31')`);
  });

  /** A CSV file posted to an import. */
  const upload = (kind: string, lines: readonly string[], email = ADMIN) =>
    w.as(email, { method: 'POST', url: `${BASE}/${kind}`, ...multipart([{ name: 'file', value: lines.join('\n'), filename: `${kind}.csv`, contentType: 'text/csv' }]) });

  /** A CSV file imported: what the import answered (a refusal fails the test). */
  async function imported(kind: string, lines: readonly string[]) {
    const response = await upload(kind, lines);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { tipo: string; filas: number; desde: string; hasta: string; nuevos?: number; actualizados?: number };
  }

  const count = async (table: string) => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

  const post = (path: string, payload: object, email = ADMIN) => w.as(email, { method: 'POST', url: `${BASE}/${path}`, payload });

  return { upload, imported, count, post };
}
