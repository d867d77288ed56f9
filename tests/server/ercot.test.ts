// @vitest-environment node
// ERCOT API (docs/api-ercot.md, base /ercot/api/v1): the operating day's clock in Central
// Prevailing Time (23, 24 and 25 hours); ERCOT's DAM and RTM price files imported on a
// spring-forward and a fall-back day, and every bad file refused whole with each bad row; the
// awards imported and settled at the DAM price, hand-computed for a bid, an offer and a
// point-to-point obligation; the accumulated figures equal to the awards at each grouping; the
// catalogue with its prices; bad ranges and bodies; who may call; the demo's data.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AccumulatedRow, SettledBids, SettlementPoint } from '../../schemas/ercot.schema';
import { queryRows } from '../../server/db/client';
import { DEMO_ERCOT_DAYS, demoErcotStart, seedDemoErcot } from '../../server/db/seed/demo-ercot';
import { operatingDayHours } from '../../server/ercot/rules';
import { ADMIN, auditRows, expectError, userWith, type AdminWorld } from './admin-fixtures';
import { AWARD_HEADER, BASE, DAM_HEADER, damDay, FALL, NORMAL, problemsOf, RTM_HEADER, SPRING, us, useErcotWorld } from './ercot-fixtures';
import type { TestApp } from './helpers';
import { multipart } from './support/multipart';

let t: TestApp;
let w: AdminWorld;

const { upload, imported, count, post } = useErcotWorld((app, world) => {
  t = app;
  w = world;
});

describe('the operating day in Central Prevailing Time', () => {
  it('has 23 hours when the clocks move forward (no hour ending 03:00), 25 when they move back (02:00 twice, the second repeated), 24 otherwise', () => {
    const spring = operatingDayHours(SPRING);
    expect(spring).toHaveLength(23);
    expect(spring.map((hour) => hour.hora_final)).not.toContain(3);
    expect(spring.slice(0, 3)).toEqual([
      { hora_final: 1, repetida: false, inicio_utc: '2026-03-08T06:00:00.000Z' },
      { hora_final: 2, repetida: false, inicio_utc: '2026-03-08T07:00:00.000Z' },
      { hora_final: 4, repetida: false, inicio_utc: '2026-03-08T08:00:00.000Z' },
    ]);
    expect(spring[22]).toEqual({ hora_final: 24, repetida: false, inicio_utc: '2026-03-09T04:00:00.000Z' });

    const fall = operatingDayHours(FALL);
    expect(fall).toHaveLength(25);
    expect(fall.slice(0, 4)).toEqual([
      { hora_final: 1, repetida: false, inicio_utc: '2026-11-01T05:00:00.000Z' },
      { hora_final: 2, repetida: false, inicio_utc: '2026-11-01T06:00:00.000Z' },
      { hora_final: 2, repetida: true, inicio_utc: '2026-11-01T07:00:00.000Z' },
      { hora_final: 3, repetida: false, inicio_utc: '2026-11-01T08:00:00.000Z' },
    ]);
    expect(fall[24]).toEqual({ hora_final: 24, repetida: false, inicio_utc: '2026-11-02T05:00:00.000Z' });

    const normal = operatingDayHours(NORMAL);
    expect(normal.map((hour) => hour.hora_final)).toEqual(Array.from({ length: 24 }, (_, index) => index + 1));
    expect(normal[0]!.inicio_utc).toBe('2026-07-15T05:00:00.000Z');
    expect(operatingDayHours('2026-01-15')[0]!.inicio_utc).toBe('2026-01-15T06:00:00.000Z');
    // 2025 ended DST on 2 November.
    expect(operatingDayHours('2025-11-02')).toHaveLength(25);
  });
});

describe('price imports', () => {
  it('imports a spring-forward day as 23 hours, each by its UTC start, audited', async () => {
    const lines = [DAM_HEADER, ...damDay(SPRING, 'HB_NORTH', (hour) => `${20 + hour}.50`)];
    expect(lines).toHaveLength(24);
    expect(await imported('precios-dam', lines)).toEqual({ tipo: 'precios-dam', filas: 23, desde: SPRING, hasta: SPRING });
    const stored = await queryRows<{ hora_final: number; inicio: string; precio: string }>(
      t.db,
      sql`select hora_final, to_char(inicio_utc at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as inicio, precio::text from ercot_precios
        where mercado = 'DAM' and dia_operacion = ${SPRING} order by inicio_utc`,
    );
    expect(stored).toHaveLength(23);
    expect(stored.slice(1, 3)).toEqual([
      { hora_final: 2, inicio: '2026-03-08T07:00', precio: '22.50' },
      { hora_final: 4, inicio: '2026-03-08T08:00', precio: '24.50' },
    ]);
    const [audit] = await auditRows(t, 'ercot.import');
    expect(audit).toMatchObject({ entity: 'ercot', entity_id: 'precios-dam' });
  });

  it('imports a fall-back day as 25 hours, the repeated hour ending 02:00 told apart by its flag, and its 100 real-time intervals', async () => {
    expect(await imported('precios-dam', [DAM_HEADER, ...damDay(FALL, 'HB_NORTH', (hour, repeated) => (repeated ? '18.00' : '20.00'))])).toMatchObject({ filas: 25 });
    const hours = await queryRows<{ repetida: boolean; inicio: string; precio: string }>(
      t.db,
      sql`select repetida, to_char(inicio_utc at time zone 'UTC', 'HH24:MI') as inicio, precio::text from ercot_precios where mercado = 'DAM' and hora_final = 2 order by inicio_utc`,
    );
    expect(hours).toEqual([
      { repetida: false, inicio: '06:00', precio: '20.00' },
      { repetida: true, inicio: '07:00', precio: '18.00' },
    ]);

    const rtm = operatingDayHours(FALL).flatMap((hour) =>
      [1, 2, 3, 4].map((interval) => `${us(FALL)},${hour.hora_final},${interval},hb_north,HU,${hour.repetida ? '-3.25' : '31'},${hour.repetida ? 'Y' : 'N'}`),
    );
    expect(await imported('precios-rtm', [RTM_HEADER, ...rtm])).toEqual({ tipo: 'precios-rtm', filas: 100, desde: FALL, hasta: FALL });
    const repeated = await queryRows<{ intervalo: number; inicio: string; precio: string }>(
      t.db,
      sql`select intervalo, to_char(inicio_utc at time zone 'UTC', 'HH24:MI') as inicio, precio::text from ercot_precios where mercado = 'RTM' and repetida order by inicio_utc`,
    );
    expect(repeated).toEqual([1, 2, 3, 4].map((intervalo) => ({ intervalo, inicio: `07:${String((intervalo - 1) * 15).padStart(2, '0')}`, precio: '-3.25' })));
    // A file imported again replaces the prices of the same point and interval.
    await imported('precios-dam', [DAM_HEADER, `${FALL},02:00,HB_NORTH,21.00,N`]);
    expect(await count('ercot_precios')).toBe(125);
    expect((await queryRows<{ precio: string }>(t.db, sql`select precio::text from ercot_precios where mercado = 'DAM' and hora_final = 2 and not repetida`))[0]).toEqual({ precio: '21.00' });
  });

  it('refuses a normal day given 25 hours (a repeated hour flagged where none is)', async () => {
    const lines = [DAM_HEADER, ...damDay(NORMAL, 'HB_NORTH'), `${us(NORMAL)},02:00,HB_NORTH,25.00,Y`];
    expect(problemsOf(await upload('precios-dam', lines))).toEqual(['26 dstflag flag_not_repeated']);
    expect(await count('ercot_precios')).toBe(0);
  });

  it('refuses an hour ending that a spring-forward day does not have', async () => {
    const lines = [DAM_HEADER, ...damDay(SPRING, 'HB_NORTH'), `${us(SPRING)},03:00,HB_NORTH,25.00,N`];
    const response = await upload('precios-dam', lines);
    expect(problemsOf(response)).toEqual(['25 null hour_absent']);
    expect(response.json().details[0]).toMatchObject({ key: 'marketData.problems.hour_absent', params: { dia: SPRING, hora: '03:00' } });
    expect(await count('ercot_precios')).toBe(0);
  });

  it("refuses a fall-back day's repeated hour given without its flag", async () => {
    const lines = [DAM_HEADER, ...damDay(FALL, 'HB_NORTH').map((line) => line.replace(/,Y$/, ',N'))];
    const response = await upload('precios-dam', lines);
    expect(problemsOf(response)).toEqual(['4 dstflag flag_missing']);
    expect(response.json().details[0]).toMatchObject({ params: { dia: FALL, hora: '02:00' } });
    const rtm = [RTM_HEADER, `${us(FALL)},2,1,HB_NORTH,HU,20,N`, `${us(FALL)},2,1,HB_NORTH,HU,20,`];
    expect(problemsOf(await upload('precios-rtm', rtm))).toEqual(['3 dstflag flag_missing']);
    expect(await count('ercot_precios')).toBe(0);
  });

  it('refuses the same interval twice, however its date, hour and point are written', async () => {
    const lines = [DAM_HEADER, `${us(NORMAL)},05:00,HB_NORTH,25.00,N`, `${NORMAL},5,hb_north,26.00,`, `${us(NORMAL)},06:00,HB_NORTH,25.00,N`];
    expect(problemsOf(await upload('precios-dam', lines))).toEqual(['3 null duplicate']);
    expect(await count('ercot_precios')).toBe(0);
  });

  it('refuses an unknown or retired point, a price that is not a number, and bad cells, listing every bad row', async () => {
    const lines = [
      DAM_HEADER,
      `${us(NORMAL)},01:00,HB_NORTH,25.00,N`,
      `${us(NORMAL)},02:00,HB_NOWHERE,25.00,N`,
      `${us(NORMAL)},03:00,RN_RETIRED,25.00,N`,
      `${us(NORMAL)},04:00,HB_NORTH,abc,N`,
      `${us(NORMAL)},25:00,HB_NORTH,25.00,N`,
      `13/15/2026,06:00,HB_NORTH,25.00,N`,
      `${us(NORMAL)},07:00,HB_NORTH,25.00,X`,
    ];
    const response = await upload('precios-dam', lines);
    expect(problemsOf(response)).toEqual([
      '3 settlementpoint point_unknown',
      '4 settlementpoint point_unknown',
      '5 settlementpointprice price',
      '6 hourending hour_ending',
      '7 deliverydate us_date',
      '8 dstflag dst_flag',
    ]);
    expect(response.json().details[1]).toMatchObject({ params: { punto: 'RN_RETIRED', dia: NORMAL } });
    expect(problemsOf(await upload('precios-rtm', [RTM_HEADER, `${us(NORMAL)},1,5,HB_NORTH,HU,20,N`]))).toEqual(['2 deliveryinterval interval']);
    expect(problemsOf(await upload('precios-dam', ['DeliveryDate,HourEnding,SettlementPointPrice', `${us(NORMAL)},01:00,25`]))).toEqual(['1 settlementpoint header_missing', '1 dstflag header_missing']);
    expect(await count('ercot_precios')).toBe(0);
  });
});

describe('awards settled at the DAM price', () => {
  /** Prices of one hour of a normal day and of the fall-back day's hour ending 02:00 (both), and awards of those hours and of a day without prices. */
  async function loadAwards() {
    await imported('precios-dam', [
      DAM_HEADER,
      `${us(NORMAL)},18:00,HB_NORTH,40.00,N`,
      `${us(NORMAL)},18:00,HB_HOUSTON,47.50,N`,
      `${us(NORMAL)},18:00,LZ_HOUSTON,52.25,N`,
      `${us(FALL)},02:00,HB_NORTH,20.00,N`,
      `${us(FALL)},02:00,HB_NORTH,18.00,Y`,
    ]);
    return imported('adjudicaciones', [
      AWARD_HEADER,
      // A bid of 68 MW at $60 at LZ_HOUSTON cleared whole at $52.25: pays 68 x 52.25 = 3553.00.
      `${us(NORMAL)},18:00,N,LZ_HOUSTON,,BID,68,60,68`,
      // An offer of 10 MW at $30 at HB_NORTH cleared 7.5 MW at $40: earns 7.5 x 40 = 300.00.
      `${us(NORMAL)},18:00,N,HB_NORTH,,OFFER,10,30,7.5`,
      // A PTP of 12 MW from HB_NORTH to HB_HOUSTON: pays 12 x (47.50 - 40.00) = 90.00.
      `${us(NORMAL)},18:00,N,HB_NORTH,HB_HOUSTON,PTP,12,9.5,12`,
      // The fall-back day: an offer in the first hour ending 02:00 (+4 x 20 = 80.00), a bid in the repeated one (-5 x 18 = -90.00).
      `${us(FALL)},02:00,N,HB_NORTH,,OFFER,4,10,4`,
      `${us(FALL)},02:00,Y,HB_NORTH,,BID,5,25,5`,
      // A day without prices: no amount (never 0).
      `${us('2026-07-16')},10:00,N,LZ_HOUSTON,,offer,3,10,3`,
    ]);
  }

  it('imports the awards and settles each: a bid pays, an offer earns, a PTP pays its spread; an award without a price has no amount', async () => {
    expect(await loadAwards()).toEqual({ tipo: 'adjudicaciones', filas: 6, desde: NORMAL, hasta: FALL });
    const response = await post('settled-bids', { desde: '2026-07-01', hasta: '2026-11-30' });
    expect(response.statusCode, response.body).toBe(200);
    const { adjudicaciones, totales } = response.json().data as SettledBids;
    const shown = adjudicaciones.map((award) => [award.dia_operacion, award.hora_final, award.repetida, award.tipo, award.punto, award.punto_sumidero, award.mw_adjudicado, award.precio, award.precio_sumidero, award.monto]);
    expect(shown).toEqual([
      [NORMAL, 18, false, 'BID', 'LZ_HOUSTON', null, '68', '52.25', null, '-3553'],
      [NORMAL, 18, false, 'OFFER', 'HB_NORTH', null, '7.5', '40', null, '300'],
      [NORMAL, 18, false, 'PTP', 'HB_NORTH', 'HB_HOUSTON', '12', '40', '47.5', '-90'],
      ['2026-07-16', 10, false, 'OFFER', 'LZ_HOUSTON', null, '3', null, null, null],
      [FALL, 2, false, 'OFFER', 'HB_NORTH', null, '4', '20', null, '80'],
      [FALL, 2, true, 'BID', 'HB_NORTH', null, '5', '18', null, '-90'],
    ]);
    expect(adjudicaciones[5]).toMatchObject({ inicio_utc: '2026-11-01T07:00:00Z', mw_oferta: '5', precio_oferta: '25' });
    expect(totales).toEqual({ adjudicaciones: 6, sin_precio: 1, mwh: '99.5', mwh_compra: '73', mwh_venta: '14.5', mwh_ptp: '12', monto: '-3353' });

    // Filtered by a point (as source or sink, any letter case) and by kind.
    const sink = (await post('settled-bids', { desde: '2026-07-01', hasta: '2026-11-30', punto: 'hb_houston' })).json().data as SettledBids;
    expect(sink.adjudicaciones.map((award) => award.tipo)).toEqual(['PTP']);
    const bids = (await post('settled-bids', { desde: '2026-07-01', hasta: '2026-11-30', tipo: 'BID' })).json().data as SettledBids;
    expect(bids.totales).toMatchObject({ adjudicaciones: 2, monto: '-3643', mwh_compra: '73' });
    const none = (await post('settled-bids', { desde: '2026-01-01', hasta: '2026-01-31' })).json().data as SettledBids;
    expect(none).toEqual({ adjudicaciones: [], totales: { adjudicaciones: 0, sin_precio: 0, mwh: '0', mwh_compra: '0', mwh_venta: '0', mwh_ptp: '0', monto: '0' } });

    // Imported again, an award of the same hour, kind, point and sink is replaced.
    await imported('adjudicaciones', [AWARD_HEADER, `${us(NORMAL)},18:00,,HB_NORTH,HB_HOUSTON,PTP,12,9.5,10`]);
    expect(await count('ercot_adjudicaciones')).toBe(6);
    const again = (await post('settled-bids', { desde: NORMAL, hasta: NORMAL, tipo: 'PTP' })).json().data as SettledBids;
    expect(again.totales.monto).toBe('-75');
  });

  it('accumulates MWh and USD by day, month and point, each group the sum of its awards and the running total ending at the total', async () => {
    await loadAwards();
    const { adjudicaciones, totales } = (await post('settled-bids', { desde: '2026-07-01', hasta: '2026-11-30' })).json().data as SettledBids;
    const cents = (value: string | null) => Math.round(Number(value ?? 0) * 100);
    const keyOf = { dia: (award: (typeof adjudicaciones)[number]) => award.dia_operacion, mes: (award: (typeof adjudicaciones)[number]) => award.dia_operacion.slice(0, 7), punto: (award: (typeof adjudicaciones)[number]) => award.punto };
    for (const agrupacion of ['dia', 'mes', 'punto'] as const) {
      const response = await post('acumulados', { desde: '2026-07-01', hasta: '2026-11-30', agrupacion });
      expect(response.statusCode, response.body).toBe(200);
      const rows = response.json().data as AccumulatedRow[];
      const expected = new Map<string, { monto: number; mwh: number; adjudicaciones: number }>();
      for (const award of adjudicaciones) {
        const group = expected.get(keyOf[agrupacion](award)) ?? { monto: 0, mwh: 0, adjudicaciones: 0 };
        expected.set(keyOf[agrupacion](award), { monto: group.monto + cents(award.monto), mwh: group.mwh + cents(award.mw_adjudicado), adjudicaciones: group.adjudicaciones + 1 });
      }
      expect(rows.map((row) => row.clave)).toEqual([...expected.keys()].sort());
      for (const row of rows) expect({ monto: cents(row.monto), mwh: cents(row.mwh), adjudicaciones: row.adjudicaciones }, `${agrupacion} ${row.clave}`).toEqual(expected.get(row.clave));
      expect(rows.reduce((sum, row) => sum + cents(row.monto), 0)).toBe(cents(totales.monto));
      expect(rows.reduce((sum, row) => sum + cents(row.mwh), 0)).toBe(cents(totales.mwh));
      expect(cents(rows[rows.length - 1]!.monto_acumulado)).toBe(cents(totales.monto));
    }
    const byDay = (await post('acumulados', { desde: '2026-07-01', hasta: '2026-11-30', agrupacion: 'dia' })).json().data as AccumulatedRow[];
    expect(byDay.map((row) => [row.clave, row.monto, row.monto_acumulado, row.sin_precio])).toEqual([
      [NORMAL, '-3343', '-3343', 0],
      ['2026-07-16', '0', '-3343', 1],
      [FALL, '-10', '-3353', 0],
    ]);
    const byMonth = (await post('acumulados', { desde: '2026-07-01', hasta: '2026-11-30', agrupacion: 'mes' })).json().data as AccumulatedRow[];
    expect(byMonth.map((row) => [row.clave, row.mwh, row.mwh_compra, row.mwh_venta, row.mwh_ptp, row.monto])).toEqual([
      ['2026-07', '90.5', '68', '10.5', '12', '-3343'],
      ['2026-11', '9', '5', '4', '0', '-10'],
    ]);
  });

  it('refuses a negative cleared MW, cleared above the bid, a PTP without its sink, an offer with one, an unknown kind and an unknown sink, storing nothing', async () => {
    const lines = [
      AWARD_HEADER,
      `${us(NORMAL)},18:00,N,HB_NORTH,,OFFER,10,30,-1`,
      `${us(NORMAL)},17:00,N,HB_NORTH,,OFFER,10,30,11`,
      `${us(NORMAL)},16:00,N,HB_NORTH,,PTP,10,5,10`,
      `${us(NORMAL)},15:00,N,HB_NORTH,HB_HOUSTON,BID,10,5,10`,
      `${us(NORMAL)},14:00,N,HB_NORTH,,SWAP,10,5,10`,
      `${us(NORMAL)},13:00,N,HB_NORTH,HB_NOWHERE,PTP,10,5,10`,
      `${us(NORMAL)},12:00,N,HB_NORTH,,OFFER,10,30,10`,
    ];
    expect(problemsOf(await upload('adjudicaciones', lines))).toEqual([
      '2 clearedmw mw',
      '3 clearedmw cleared_above_bid',
      '4 sinksettlementpoint sink',
      '5 sinksettlementpoint sink',
      '6 awardtype award_kind',
      '7 sinksettlementpoint point_unknown',
    ]);
    expect(problemsOf(await upload('adjudicaciones', [AWARD_HEADER, `${us(SPRING)},03:00,N,HB_NORTH,,OFFER,10,30,10`]))).toEqual(['2 null hour_absent']);
    expect(await count('ercot_adjudicaciones')).toBe(0);
  });
});

describe('settlement points', () => {
  it('lists the catalogue by name, of a type, by a search in any case, and with a market’s prices of a range by UTC start', async () => {
    await imported('precios-dam', [DAM_HEADER, ...damDay(FALL, 'HB_NORTH', (hour, repeated) => (repeated ? '18' : `${hour}`))]);
    const all = (await post('settlement_points', {})).json().data as SettlementPoint[];
    expect(all.map((point) => point.nombre)).toEqual(['HB_HOUSTON', 'HB_NORTH', 'LZ_HOUSTON', 'RN_RETIRED']);
    expect(all[3]).toEqual({ nombre: 'RN_RETIRED', tipo: 'RN', vigente_desde: '2015-01-01', vigente_hasta: '2025-12-31' });
    expect(((await post('settlement_points', { tipo: 'HU' })).json().data as SettlementPoint[]).map((point) => point.nombre)).toEqual(['HB_HOUSTON', 'HB_NORTH']);
    expect(((await post('settlement_points', { buscar: 'north' })).json().data as SettlementPoint[]).map((point) => point.nombre)).toEqual(['HB_NORTH']);
    expect(((await post('settlement_points', { buscar: '_' })).json().data as SettlementPoint[])).toHaveLength(4);

    const priced = (await post('settlement_points', { buscar: 'HB_', con_precios: { desde: FALL, hasta: FALL, mercado: 'DAM' } })).json().data as SettlementPoint[];
    expect(priced.map((point) => [point.nombre, point.precios?.length])).toEqual([
      ['HB_HOUSTON', 0],
      ['HB_NORTH', 25],
    ]);
    expect(priced[1]!.precios!.slice(1, 3)).toEqual([
      { inicio_utc: '2026-11-01T06:00:00Z', dia_operacion: FALL, hora_final: 2, intervalo: null, repetida: false, precio: '2' },
      { inicio_utc: '2026-11-01T07:00:00Z', dia_operacion: FALL, hora_final: 2, intervalo: null, repetida: true, precio: '18' },
    ]);
    const rtm = (await post('settlement_points', { buscar: 'HB_NORTH', con_precios: { desde: FALL, hasta: FALL, mercado: 'RTM' } })).json().data as SettlementPoint[];
    expect(rtm[0]!.precios).toEqual([]);
  });
});

describe('bad input and who may call', () => {
  const READS: ReadonlyArray<[string, Record<string, unknown>]> = [
    ['settled-bids', {}],
    ['acumulados', { agrupacion: 'dia' }],
  ];

  it('refuses reversed ranges and ranges over 366 days, with the limit, and bodies that break the schema', async () => {
    for (const [path, extra] of READS) {
      const reversed = await post(path, { desde: '2026-07-02', hasta: '2026-07-01', ...extra });
      expectError(reversed, 400, 'APP_ERR_REQUEST_INVALID');
      expect(reversed.json().details).toEqual([expect.objectContaining({ instancePath: '/hasta', keyword: 'rangeOrder' })]);
      const long = await post(path, { desde: '2025-01-01', hasta: '2026-01-02', ...extra });
      expectError(long, 400, 'APP_ERR_REQUEST_INVALID');
      expect(long.json().details).toEqual([expect.objectContaining({ keyword: 'rangeMax', params: { max: 366 } })]);
      expect((await post(path, { desde: '2024-01-01', hasta: '2024-12-31', ...extra })).statusCode).toBe(200);
    }
    expectError(await post('settlement_points', { con_precios: { desde: '2026-07-02', hasta: '2026-07-01', mercado: 'DAM' } }), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(await post('settlement_points', { con_precios: { desde: '2025-01-01', hasta: '2026-06-01', mercado: 'RTM' } }), 400, 'APP_ERR_REQUEST_INVALID');
    const badBodies: Array<[string, object]> = [
      ['settled-bids', { desde: '2026-07-01', hasta: '2026-07-31', tipo: 'SWAP' }],
      ['settled-bids', { desde: '2026-02-30', hasta: '2026-07-31' }],
      ['settled-bids', { desde: '2026-07-01' }],
      ['acumulados', { desde: '2026-07-01', hasta: '2026-07-31', agrupacion: 'semana' }],
      ['settlement_points', { tipo: 'XX' }],
      ['settlement_points', { con_precios: { desde: '2026-07-01', hasta: '2026-07-31', mercado: 'HOUR_AHEAD' } }],
    ];
    for (const [path, body] of badBodies) {
      const response = await post(path, body);
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
      expect(response.json().details.length, `${path} ${JSON.stringify(body)}`).toBeGreaterThan(0);
    }
    expectError(await w.as(ADMIN, { method: 'POST', url: `${BASE}/precios-dam`, ...multipart([{ name: 'tipo', value: 'precios-dam' }]) }), 400, 'APP_ERR_FILE_MISSING');
  });

  it('answers 401 without a token and 403 without the mercados view key, on every call', async () => {
    await userWith(t, 'sin-mercados@test.energy', ['relaciones', 'monitoreo'], w.fullRole);
    const bodies: Record<string, object> = { 'settled-bids': { desde: NORMAL, hasta: NORMAL }, settlement_points: {}, acumulados: { desde: NORMAL, hasta: NORMAL, agrupacion: 'mes' } };
    for (const [path, payload] of Object.entries(bodies)) {
      expectError(await t.app.inject({ method: 'POST', url: `${BASE}/${path}`, payload }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
      expectError(await post(path, payload, 'sin-mercados@test.energy'), 403, 'APP_ERR_AUTH_FORBIDDEN');
    }
    const file = [DAM_HEADER, `${us(NORMAL)},01:00,HB_NORTH,25.00,N`];
    for (const kind of ['precios-dam', 'precios-rtm', 'adjudicaciones']) {
      const body = multipart([{ name: 'file', value: file.join('\n'), filename: 'f.csv', contentType: 'text/csv' }]);
      expectError(await t.app.inject({ method: 'POST', url: `${BASE}/${kind}`, ...body }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
      expectError(await upload(kind, file, 'sin-mercados@test.energy'), 403, 'APP_ERR_AUTH_FORBIDDEN');
    }
    expect(await count('ercot_precios')).toBe(0);
  });
});

describe('the demo data', () => {
  it('seeds six points, two months of hourly and 15-minute prices holding a change of clock, and awards all priced; a second start leaves them alone', async () => {
    await t.db.execute(sql`delete from ercot_puntos`);
    await seedDemoErcot(t.db, new Date('2026-11-29T18:00:00Z'));
    const days = await queryRows<{ dias: number; horas: number; cortos: number; largos: number }>(
      t.db,
      sql`select count(*)::int as dias, sum(n)::int as horas, count(*) filter (where n = 23)::int as cortos, count(*) filter (where n = 25)::int as largos
        from (select dia_operacion, count(*) as n from ercot_precios where mercado = 'DAM' and punto = 'HB_NORTH' group by 1) d`,
    );
    expect(days).toEqual([{ dias: DEMO_ERCOT_DAYS, horas: DEMO_ERCOT_DAYS * 24 + 1, cortos: 0, largos: 1 }]);
    expect(await count('ercot_puntos')).toBe(6);
    const sizes = await queryRows<{ dam: number; rtm: number }>(
      t.db,
      sql`select count(*) filter (where mercado = 'DAM')::int as dam, count(*) filter (where mercado = 'RTM')::int as rtm from ercot_precios`,
    );
    expect(sizes).toEqual([{ dam: 6 * (DEMO_ERCOT_DAYS * 24 + 1), rtm: 4 * 6 * (DEMO_ERCOT_DAYS * 24 + 1) }]);
    const settled = (await post('settled-bids', { desde: '2026-09-30', hasta: '2026-11-29' })).json().data as SettledBids;
    expect(settled.totales.adjudicaciones).toBeGreaterThan(500);
    expect(settled.totales.sin_precio).toBe(0);
    expect(new Set(settled.adjudicaciones.map((award) => award.tipo))).toEqual(new Set(['BID', 'OFFER', 'PTP']));
    expect(settled.adjudicaciones.some((award) => award.repetida)).toBe(true);

    await seedDemoErcot(t.db, new Date('2027-03-01T18:00:00Z'));
    expect(await count('ercot_adjudicaciones')).toBe(settled.totales.adjudicaciones);
  });

  it('takes the 61 days around the latest change of clock when the last 61 days hold none', () => {
    expect(demoErcotStart('2026-11-29')).toBe('2026-09-30');
    expect(demoErcotStart('2026-07-15')).toBe('2026-02-06');
  });
});
