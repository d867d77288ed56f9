// @vitest-environment node
// ERCOT's workbooks and catalogue (docs/api-ercot.md): the settled awards, a market's prices at
// several points and the accumulated figures downloaded as Excel workbooks and read back, each
// figure and total the JSON call's, the fall-back day's 25 hours with the repeated one marked;
// the settlement-point catalogue imported (new and updated points, every bad row, a validity
// that would leave stored prices or awards out) and a point edited; bad bodies and who may call.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AccumulatedRow, SettledBids, SettlementPoint } from '../../schemas/ercot.schema';
import { queryRows } from '../../server/db/client';
import { operatingDayHours } from '../../server/ercot/rules';
import { ADMIN, auditRows, expectError, userWith, type AdminWorld } from './admin-fixtures';
import {
  AWARD_HEADER,
  BASE,
  DAM_HEADER,
  damDay,
  FALL,
  he,
  NORMAL,
  POINTS_HEADER,
  problemsOf,
  RTM_HEADER,
  us,
  useErcotWorld,
} from './ercot-fixtures';
import type { TestApp } from './helpers';
import { multipart } from './support/multipart';

let t: TestApp;
let w: AdminWorld;

const { upload, imported, count, post } = useErcotWorld((app, world) => {
  t = app;
  w = world;
});

const UNPRICED = '2026-07-16';

/**
 * Prices of the fall-back day's 25 hours at HB_NORTH (hour ending + 0.25, the repeated hour
 * 18.75) and at HB_HOUSTON (30, none in hour ending 05), and of one hour of a normal day;
 * awards: an offer at HB_NORTH in each of the fall-back day's hours, a bid and a PTP on the
 * normal day, and an offer on a day without prices.
 */
async function loadMarket() {
  await imported('precios-dam', [
    DAM_HEADER,
    ...damDay(FALL, 'HB_NORTH', (hour, repeated) => (repeated ? '18.75' : `${hour}.25`)),
    ...damDay(FALL, 'HB_HOUSTON', () => '30').filter((line) => !line.includes(',05:00,')),
    `${us(NORMAL)},18:00,HB_NORTH,40.00,N`,
    `${us(NORMAL)},18:00,HB_HOUSTON,47.50,N`,
    `${us(NORMAL)},18:00,LZ_HOUSTON,52.25,N`,
  ]);
  await imported('adjudicaciones', [
    AWARD_HEADER,
    ...operatingDayHours(FALL).map((hour) => `${us(FALL)},${he(hour.hora_final)},${hour.repetida ? 'Y' : 'N'},HB_NORTH,,OFFER,10,5,4`),
    `${us(NORMAL)},18:00,N,LZ_HOUSTON,,BID,68,60,68`,
    `${us(NORMAL)},18:00,N,HB_NORTH,HB_HOUSTON,PTP,12,9.5,12`,
    `${us(UNPRICED)},10:00,N,LZ_HOUSTON,,OFFER,3,10,3`,
  ]);
}

/** A downloaded workbook's one sheet, its header block (label: value) and its rows under the titles (cells as ExcelJS reads them, blank as null). */
async function sheetOf(response: { statusCode: number; body: string; rawPayload: Buffer }, firstTitle: string) {
  expect(response.statusCode, response.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push(Array.from({ length: sheet.columnCount }, (_, index) => row.getCell(index + 1).value ?? null));
  });
  const titleIndex = rows.findIndex((row) => row[0] === firstTitle);
  expect(titleIndex, `no row of titles starting "${firstTitle}"`).toBeGreaterThan(0);
  const header = new Map(rows.slice(0, titleIndex - 1).map((row) => [String(row[0]), row[1]]));
  return { name: sheet.name, header, titles: rows[titleIndex]!.filter((cell) => cell !== null), rows: rows.slice(titleIndex + 1) };
}

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const num = (value: string | null) => (value === null ? null : Number(value));

describe('the settled awards workbook', () => {
  it("writes each award of settled-bids with its figures, the fall-back day's 25 hours with the repeated one marked, and the bold totals", async () => {
    await loadMarket();
    const range = { desde: '2026-07-01', hasta: '2026-11-30' };
    const { adjudicaciones, totales } = (await post('settled-bids', range)).json().data as SettledBids;
    const response = await post('settled-bids-excel', { ...range, idioma: 'en-US' });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('ercot-settled-bids-2026-07-01-2026-11-30.xlsx');
    const sheet = await sheetOf(response, 'Operating day');
    expect(sheet.name).toBe('Awards');
    expect(sheet.titles).toEqual([
      'Operating day',
      'Hour ending',
      'Start (UTC)',
      'Kind',
      'Point',
      'Sink point',
      'MW bid',
      'Bid price ($/MWh)',
      'MW cleared',
      'Price ($/MWh)',
      'Sink price ($/MWh)',
      'Amount (USD)',
    ]);
    expect(Object.fromEntries(sheet.header)).toMatchObject({ From: day('2026-07-01'), To: day('2026-11-30'), Point: 'All', Kind: 'All', 'Awards without a price': 1 });

    const body = sheet.rows.slice(0, -1);
    expect(body).toHaveLength(adjudicaciones.length);
    expect(body).toHaveLength(25 + 3);
    body.forEach((row, index) => {
      const award = adjudicaciones[index]!;
      const kind = { BID: 'Bid (BID)', OFFER: 'Offer (OFFER)', PTP: 'Point to point (PTP)' }[award.tipo];
      expect(row, `row ${index}`).toEqual([
        day(award.dia_operacion),
        `${String(award.hora_final).padStart(2, '0')}${award.repetida ? '*' : ''}`,
        new Date(award.inicio_utc),
        kind,
        award.punto,
        award.punto_sumidero,
        num(award.mw_oferta),
        num(award.precio_oferta),
        num(award.mw_adjudicado),
        num(award.precio),
        num(award.precio_sumidero),
        num(award.monto),
      ]);
    });
    // The fall-back day: 25 rows, hour ending 02 twice, the second marked and an hour later in UTC.
    const fall = body.filter((row) => (row[0] as Date).getTime() === day(FALL).getTime());
    expect(fall.map((row) => row[1])).toEqual(['01', '02', '02*', ...Array.from({ length: 22 }, (_, index) => String(index + 3).padStart(2, '0'))]);
    expect(fall.slice(1, 3).map((row) => [(row[2] as Date).toISOString(), row[9], row[11]])).toEqual([
      ['2026-11-01T06:00:00.000Z', 2.25, 9],
      ['2026-11-01T07:00:00.000Z', 18.75, 75],
    ]);
    // The award of a day without prices: blank price and amount, never 0.
    const unpriced = body.find((row) => (row[0] as Date).getTime() === day(UNPRICED).getTime())!;
    expect([unpriced[9], unpriced[11]]).toEqual([null, null]);

    const total = sheet.rows[sheet.rows.length - 1]!;
    expect(total).toEqual(['Total', null, null, null, null, null, null, null, num(totales.mwh), null, null, num(totales.monto)]);
    const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100);
    expect(body.reduce((sum, row) => sum + cents(row[11]), 0)).toBe(cents(totales.monto));
  });

  it('says its filters in the header, in Spanish unless English is asked', async () => {
    await loadMarket();
    const response = await post('settled-bids-excel', { desde: NORMAL, hasta: NORMAL, punto: 'hb_houston', tipo: 'PTP' });
    expect(response.headers['content-disposition']).toContain(`ercot-adjudicaciones-${NORMAL}-${NORMAL}.xlsx`);
    const sheet = await sheetOf(response, 'Día operativo');
    expect(sheet.name).toBe('Adjudicaciones');
    expect(Object.fromEntries(sheet.header)).toMatchObject({ Punto: 'HB_HOUSTON', Tipo: 'Punto a punto (PTP)', 'Adjudicaciones sin precio': 0 });
    expect(sheet.rows).toEqual([
      [day(NORMAL), '18', new Date('2026-07-15T22:00:00Z'), 'Punto a punto (PTP)', 'HB_NORTH', 'HB_HOUSTON', 12, 9.5, 12, 40, 47.5, -90],
      ['Total', null, null, null, null, null, null, null, 12, null, null, -90],
    ]);
  });
});

describe('the prices workbook', () => {
  it('writes a DAM row per hour of the fall-back day (25, the repeated one marked) and a column per point in the order asked, a missing price blank', async () => {
    await loadMarket();
    const response = await post('precios-excel', { desde: FALL, hasta: FALL, mercado: 'DAM', puntos: ['HB_HOUSTON', 'hb_north'], idioma: 'en-US' });
    expect(response.headers['content-disposition']).toContain(`ercot-prices-dam-${FALL}-${FALL}.xlsx`);
    const sheet = await sheetOf(response, 'Operating day');
    expect(sheet.titles).toEqual(['Operating day', 'Hour ending', 'Start (UTC)', 'HB_HOUSTON', 'HB_NORTH']);
    expect(sheet.header.get('Market')).toBe('Day-ahead (DAM, hourly)');
    expect(sheet.rows).toHaveLength(25);
    expect(sheet.rows.map((row) => row[1])).toEqual(operatingDayHours(FALL).map((hour) => `${String(hour.hora_final).padStart(2, '0')}${hour.repetida ? '*' : ''}`));

    const points = (await post('settlement_points', { buscar: 'HB_', con_precios: { desde: FALL, hasta: FALL, mercado: 'DAM' } })).json().data as SettlementPoint[];
    const priceAt = (name: string, start: string) => points.find((point) => point.nombre === name)!.precios!.find((price) => price.inicio_utc === start)?.precio ?? null;
    for (const row of sheet.rows) {
      const start = (row[2] as Date).toISOString().replace('.000Z', 'Z');
      expect(row[0]).toEqual(day(FALL));
      expect([row[3], row[4]], start).toEqual([num(priceAt('HB_HOUSTON', start)), num(priceAt('HB_NORTH', start))]);
    }
    // HB_HOUSTON has no price in hour ending 05: blank, not 0.
    expect(sheet.rows.find((row) => row[1] === '05')!.slice(3)).toEqual([null, 5.25]);
    expect(sheet.rows.find((row) => row[1] === '02*')!.slice(2)).toEqual([new Date('2026-11-01T07:00:00Z'), 30, 18.75]);
  });

  it('writes an RTM row per 15 minutes with its interval, a point without prices blank throughout', async () => {
    const rtm = operatingDayHours(FALL).flatMap((hour) =>
      [1, 2, 3, 4].map((interval) => `${us(FALL)},${hour.hora_final},${interval},HB_NORTH,HU,${hour.repetida ? -3.25 : 30 + interval},${hour.repetida ? 'Y' : 'N'}`),
    );
    await imported('precios-rtm', [RTM_HEADER, ...rtm]);
    const response = await post('precios-excel', { desde: FALL, hasta: FALL, mercado: 'RTM', puntos: ['HB_NORTH', 'LZ_HOUSTON'] });
    expect(response.headers['content-disposition']).toContain(`ercot-precios-rtm-${FALL}-${FALL}.xlsx`);
    const sheet = await sheetOf(response, 'Día operativo');
    expect(sheet.titles).toEqual(['Día operativo', 'Hora final', 'Intervalo', 'Inicio (UTC)', 'HB_NORTH', 'LZ_HOUSTON']);
    expect(sheet.rows).toHaveLength(100);
    const repeated = sheet.rows.filter((row) => row[1] === '02*');
    expect(repeated.map((row) => [row[2], (row[3] as Date).toISOString(), row[4], row[5]])).toEqual(
      [1, 2, 3, 4].map((interval) => [interval, `2026-11-01T07:${String((interval - 1) * 15).padStart(2, '0')}:00.000Z`, -3.25, null]),
    );
    expect(sheet.rows.every((row) => row[5] === null)).toBe(true);
    const starts = sheet.rows.map((row) => (row[3] as Date).getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('refuses a point the catalogue does not hold, naming each', async () => {
    const response = await post('precios-excel', { desde: FALL, hasta: FALL, mercado: 'DAM', puntos: ['HB_NORTH', 'HB_NOWHERE', 'lz_gone'] });
    expectError(response, 400, 'APP_ERR_ERCOT_POINT_UNKNOWN');
    expect(response.json().details).toEqual([
      expect.objectContaining({ instancePath: '/puntos/1', keyword: 'point_unknown', params: { punto: 'HB_NOWHERE' } }),
      expect.objectContaining({ instancePath: '/puntos/2', keyword: 'point_unknown', params: { punto: 'lz_gone' } }),
    ]);
  });
});

describe('the accumulated workbook', () => {
  it('writes the groups of acumulados with their running total at each grouping, and the totals of settled-bids', async () => {
    await loadMarket();
    const range = { desde: '2026-07-01', hasta: '2026-11-30' };
    const { totales } = (await post('settled-bids', range)).json().data as SettledBids;
    for (const [agrupacion, title] of [['dia', 'Operating day'], ['mes', 'Month'], ['punto', 'Point']] as const) {
      const groups = (await post('acumulados', { ...range, agrupacion })).json().data as AccumulatedRow[];
      const response = await post('acumulados-excel', { ...range, agrupacion, idioma: 'en-US' });
      expect(response.headers['content-disposition']).toContain('ercot-accumulated-2026-07-01-2026-11-30.xlsx');
      const sheet = await sheetOf(response, title);
      expect(sheet.titles).toEqual([title, 'Awards', 'Without a price', 'MWh', 'MWh bought', 'MWh sold', 'MWh point to point', 'Amount (USD)', 'Running amount (USD)']);
      expect(sheet.header.get('Grouping')).toBe(title);
      const figures = (row: AccumulatedRow | SettledBids['totales']) => [row.adjudicaciones, row.sin_precio, num(row.mwh), num(row.mwh_compra), num(row.mwh_venta), num(row.mwh_ptp), num(row.monto)];
      expect(sheet.rows.slice(0, -1), agrupacion).toEqual(groups.map((row) => [agrupacion === 'dia' ? day(row.clave) : row.clave, ...figures(row), num(row.monto_acumulado)]));
      expect(sheet.rows[sheet.rows.length - 1], agrupacion).toEqual(['Total', ...figures(totales), null]);
      expect(num(groups[groups.length - 1]!.monto_acumulado)).toBe(num(totales.monto));
    }
  });
});

describe('the settlement-point catalogue import', () => {
  it('inserts new points and updates the type and validity of stored ones, audited, and counts what changed', async () => {
    const lines = [
      POINTS_HEADER,
      'HB_WEST,HU,12/01/2010,',
      'LZ_HOUSTON,LZEW,2010-12-01,12/31/2030',
      'HB_NORTH,HU,12/01/2010',
      'rn_new_solar,rn,01/15/2026,',
    ];
    expect(await imported('puntos', lines)).toEqual({ tipo: 'puntos', filas: 4, desde: '2010-12-01', hasta: '2026-01-15', nuevos: 2, actualizados: 1 });
    const points = (await post('settlement_points', {})).json().data as SettlementPoint[];
    expect(points).toEqual([
      { nombre: 'HB_HOUSTON', tipo: 'HU', vigente_desde: '2010-12-01', vigente_hasta: null },
      { nombre: 'HB_NORTH', tipo: 'HU', vigente_desde: '2010-12-01', vigente_hasta: null },
      { nombre: 'HB_WEST', tipo: 'HU', vigente_desde: '2010-12-01', vigente_hasta: null },
      { nombre: 'LZ_HOUSTON', tipo: 'LZEW', vigente_desde: '2010-12-01', vigente_hasta: '2030-12-31' },
      { nombre: 'RN_NEW_SOLAR', tipo: 'RN', vigente_desde: '2026-01-15', vigente_hasta: null },
      { nombre: 'RN_RETIRED', tipo: 'RN', vigente_desde: '2015-01-01', vigente_hasta: '2025-12-31' },
    ]);
    const audit = (await auditRows(t, 'ercot.import')).at(-1);
    expect(audit).toMatchObject({ entity: 'ercot', entity_id: 'puntos' });
    expect(audit!.after).toMatchObject({ tipo: 'puntos', archivo: 'puntos.csv', puntos: [expect.objectContaining({ nombre: 'HB_WEST' }), expect.objectContaining({ nombre: 'LZ_HOUSTON' }), expect.objectContaining({ nombre: 'RN_NEW_SOLAR' })] });
    expect(audit!.before).toEqual({ puntos: [{ nombre: 'LZ_HOUSTON', tipo: 'LZ', vigente_desde: '2010-12-01', vigente_hasta: null }] });

    // The new point takes prices at once; a point whose validity now ends refuses them after it.
    await imported('precios-dam', [DAM_HEADER, `${us(NORMAL)},01:00,HB_WEST,25,N`]);
    expect(problemsOf(await upload('precios-dam', [DAM_HEADER, '01/01/2031,01:00,LZ_HOUSTON,25,N']))).toEqual(['2 settlementpoint point_unknown']);
  });

  it("refuses a type not listed, a validity that ends before it starts, a name twice and bad cells, each bad row's problem, storing nothing", async () => {
    const audited = (await auditRows(t, 'ercot.import')).length;
    const lines = [
      POINTS_HEADER,
      'HB_NEW,HU,12/01/2010,',
      'HB_BAD,XX,12/01/2010,',
      'HB_ORDER,HU,12/01/2020,12/31/2019',
      'hb_new,HU,12/01/2010,',
      'HB_DATE,HU,13/45/2020,',
      'HB_EMPTY,HU,,',
      'BAD NAME,HU,12/01/2010,',
      'HB_TYPE,HUB_1,12/01/2010,',
    ];
    const response = await upload('puntos', lines);
    expect(problemsOf(response)).toEqual([
      '3 settlementpointtype point_type_unknown',
      '4 validto period_order',
      '5 null duplicate',
      '6 validfrom us_date',
      '7 validfrom required',
      '8 settlementpoint node',
      '9 settlementpointtype point_type',
    ]);
    expect(response.json().details[2]).toMatchObject({ key: 'marketData.problems.duplicate', params: { primera_fila: 2 } });
    expect(problemsOf(await upload('puntos', ['SettlementPoint,SettlementPointType,ValidTo', 'HB_NEW,HU,']))).toEqual(['1 validfrom header_missing']);
    expect(await count('ercot_puntos')).toBe(4);
    expect(await auditRows(t, 'ercot.import')).toHaveLength(audited);
  });

  it('refuses a validity that would leave out days of stored prices or awards (a sink too), storing nothing; one that keeps them is taken', async () => {
    await loadMarket();
    const lines = [
      POINTS_HEADER,
      // HB_HOUSTON has prices from the normal day on: starting after it leaves them out.
      'HB_HOUSTON,HU,08/01/2026,',
      // HB_HOUSTON is the PTP's sink on the normal day; LZ_HOUSTON has the unpriced day's offer (16 July): ending before it leaves it out.
      'LZ_HOUSTON,LZ,2010-12-01,07/15/2026',
      'HB_NORTH,HU,11/02/2026,10/31/2027',
      'HB_NEW,HU,12/01/2010,',
    ];
    const response = await upload('puntos', lines);
    expect(problemsOf(response)).toEqual(['2 validfrom point_in_use', '3 validto point_in_use', '4 validfrom point_in_use']);
    expect(response.json().details.map((found: { params: object }) => found.params)).toEqual([
      { punto: 'HB_HOUSTON', dia: NORMAL },
      { punto: 'LZ_HOUSTON', dia: UNPRICED },
      { punto: 'HB_NORTH', dia: NORMAL },
    ]);
    expect(await count('ercot_puntos')).toBe(4);

    // Only the sink's award on the normal day and its prices: a validity from that day to the fall-back day keeps them.
    expect(await imported('puntos', [POINTS_HEADER, `HB_HOUSTON,HU,${us(NORMAL)},${us(FALL)}`])).toMatchObject({ filas: 1, nuevos: 0, actualizados: 1 });
    expect(problemsOf(await upload('puntos', [POINTS_HEADER, `HB_HOUSTON,HU,${us(NORMAL)},10/31/2026`]))).toEqual(['2 validto point_in_use']);
  });
});

describe('a settlement point edited', () => {
  const patch = (payload: object, email = ADMIN) => w.as(email, { method: 'PATCH', url: `${BASE}/settlement_points`, payload });

  it('takes a new type and validity, audited, by its name in any case', async () => {
    const response = await patch({ nombre: 'rn_retired', tipo: 'RN', vigente_desde: '2015-01-01', vigente_hasta: null });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ nombre: 'RN_RETIRED', tipo: 'RN', vigente_desde: '2015-01-01', vigente_hasta: null });
    const audit = (await auditRows(t, 'ercot.point.update')).at(-1);
    expect(audit).toMatchObject({
      entity: 'ercot',
      entity_id: 'RN_RETIRED',
      before: { nombre: 'RN_RETIRED', tipo: 'RN', vigente_desde: '2015-01-01', vigente_hasta: '2025-12-31' },
      after: { nombre: 'RN_RETIRED', tipo: 'RN', vigente_desde: '2015-01-01', vigente_hasta: null },
    });
    // In force again: its prices of 2026 are taken.
    await imported('precios-dam', [DAM_HEADER, `${us(NORMAL)},01:00,RN_RETIRED,25,N`]);
  });

  it('answers 409 with the end at fault when the validity would leave out stored prices or awards, changing nothing', async () => {
    await loadMarket();
    const audited = (await auditRows(t, 'ercot.point.update')).length;
    const narrowed = await patch({ nombre: 'HB_NORTH', tipo: 'HU', vigente_desde: '2026-08-01', vigente_hasta: '2026-10-31' });
    expectError(narrowed, 409, 'APP_ERR_ERCOT_POINT_IN_USE');
    expect(narrowed.json().details).toEqual([
      expect.objectContaining({ instancePath: '/vigente_desde', keyword: 'point_in_use', params: { punto: 'HB_NORTH', dia: NORMAL } }),
      expect.objectContaining({ instancePath: '/vigente_hasta', keyword: 'point_in_use', params: { punto: 'HB_NORTH', dia: FALL } }),
    ]);
    expect((await post('settlement_points', { buscar: 'HB_NORTH' })).json().data).toEqual([{ nombre: 'HB_NORTH', tipo: 'HU', vigente_desde: '2010-12-01', vigente_hasta: null }]);
    expect(await auditRows(t, 'ercot.point.update')).toHaveLength(audited);
    // Exactly the days used is allowed.
    expect((await patch({ nombre: 'HB_NORTH', tipo: 'HU', vigente_desde: NORMAL, vigente_hasta: FALL })).statusCode).toBe(200);
  });

  it('answers 404 for a name the catalogue does not hold and 400 for a validity that ends before it starts or a body its schema refuses', async () => {
    expectError(await patch({ nombre: 'HB_NOWHERE', tipo: 'HU', vigente_desde: '2010-12-01', vigente_hasta: null }), 404, 'APP_ERR_ERCOT_POINT_NOT_FOUND');
    const reversed = await patch({ nombre: 'HB_NORTH', tipo: 'HU', vigente_desde: '2026-01-02', vigente_hasta: '2026-01-01' });
    expectError(reversed, 400, 'APP_ERR_REQUEST_INVALID');
    expect(reversed.json().details).toEqual([expect.objectContaining({ instancePath: '/vigente_hasta', keyword: 'rangeOrder' })]);
    const bad: object[] = [
      { nombre: 'HB_NORTH', tipo: 'XX', vigente_desde: '2010-12-01', vigente_hasta: null },
      { nombre: 'HB_NORTH', tipo: 'HU', vigente_desde: '2010-12-01' },
      { nombre: 'HB NORTH', tipo: 'HU', vigente_desde: '2010-12-01', vigente_hasta: null },
      { nombre: 'HB_NORTH', tipo: 'HU', vigente_desde: '2010-02-30', vigente_hasta: null },
      { nombre: 'HB_NORTH', tipo: 'HU', vigente_desde: '2010-12-01', vigente_hasta: null, version: 1 },
    ];
    for (const body of bad) {
      const response = await patch(body);
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
      expect(response.json().details.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
  });
});

describe('bad bodies and who may call', () => {
  const DOWNLOADS: ReadonlyArray<[string, Record<string, unknown>]> = [
    ['settled-bids-excel', {}],
    ['precios-excel', { mercado: 'DAM', puntos: ['HB_NORTH'] }],
    ['acumulados-excel', { agrupacion: 'mes' }],
  ];

  it.each(DOWNLOADS)('%s refuses a reversed range and one over 366 days, with the limit, and bodies its schema refuses', async (path, extra) => {
    const reversed = await post(path, { desde: '2026-07-02', hasta: '2026-07-01', ...extra });
    expectError(reversed, 400, 'APP_ERR_REQUEST_INVALID');
    expect(reversed.json().details).toEqual([expect.objectContaining({ instancePath: '/hasta', keyword: 'rangeOrder' })]);
    const long = await post(path, { desde: '2025-01-01', hasta: '2026-01-02', ...extra });
    expectError(long, 400, 'APP_ERR_REQUEST_INVALID');
    expect(long.json().details).toEqual([expect.objectContaining({ instancePath: '/hasta', keyword: 'rangeMax', params: { max: 366 } })]);
    expect((await post(path, { desde: '2025-01-01', hasta: '2026-01-01', ...extra })).statusCode).toBe(200);
    for (const body of [
      { desde: '2026-07-01', hasta: '2026-07-31', ...extra, idioma: 'fr-FR' },
      { desde: '2026-07-01', hasta: '2026-07-31', ...extra, otro: 1 },
      { desde: '2026-02-30', hasta: '2026-07-31', ...extra },
      { hasta: '2026-07-31', ...extra },
    ]) {
      const response = await post(path, body);
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
      expect(response.json().details.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
  });

  it('refuses a price workbook of no points, of more than 20, of a name twice, of a market not listed', async () => {
    const range = { desde: FALL, hasta: FALL };
    const names = Array.from({ length: 21 }, (_, index) => `HB_${index}`);
    for (const [body, path] of [
      [{ ...range, mercado: 'DAM', puntos: [] }, '/puntos'],
      [{ ...range, mercado: 'DAM', puntos: names }, '/puntos'],
      [{ ...range, mercado: 'DAM', puntos: ['HB_NORTH', 'HB_NORTH'] }, '/puntos'],
      [{ ...range, mercado: 'DAM', puntos: ['HB NORTH'] }, '/puntos/0'],
      [{ ...range, mercado: 'HOUR_AHEAD', puntos: ['HB_NORTH'] }, '/mercado'],
      [{ ...range, puntos: ['HB_NORTH'] }, ''],
    ] as const) {
      const response = await post('precios-excel', body);
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
      expect(response.json().details, JSON.stringify(body)).toEqual(expect.arrayContaining([expect.objectContaining({ instancePath: path })]));
    }
  });

  it('answers 401 without a token and 403 without the mercados view key, on every new call, storing nothing', async () => {
    await userWith(t, 'sin-mercados@test.energy', ['relaciones', 'monitoreo'], w.fullRole);
    for (const [path, extra] of DOWNLOADS) {
      const payload = { desde: NORMAL, hasta: NORMAL, ...extra };
      expectError(await t.app.inject({ method: 'POST', url: `${BASE}/${path}`, payload }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
      expectError(await post(path, payload, 'sin-mercados@test.energy'), 403, 'APP_ERR_AUTH_FORBIDDEN');
    }
    const file = [POINTS_HEADER, 'HB_NEW,HU,12/01/2010,'];
    const body = multipart([{ name: 'file', value: file.join('\n'), filename: 'puntos.csv', contentType: 'text/csv' }]);
    expectError(await t.app.inject({ method: 'POST', url: `${BASE}/puntos`, ...body }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    expectError(await upload('puntos', file, 'sin-mercados@test.energy'), 403, 'APP_ERR_AUTH_FORBIDDEN');
    const edit = { nombre: 'HB_NORTH', tipo: 'LZ', vigente_desde: '2010-12-01', vigente_hasta: null };
    expectError(await t.app.inject({ method: 'PATCH', url: `${BASE}/settlement_points`, payload: edit }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    expectError(await w.as('sin-mercados@test.energy', { method: 'PATCH', url: `${BASE}/settlement_points`, payload: edit }), 403, 'APP_ERR_AUTH_FORBIDDEN');
    const stored = await queryRows<{ nombre: string; tipo: string }>(t.db, sql`select nombre, tipo from ercot_puntos order by nombre`);
    expect(stored).toEqual([
      { nombre: 'HB_HOUSTON', tipo: 'HU' },
      { nombre: 'HB_NORTH', tipo: 'HU' },
      { nombre: 'LZ_HOUSTON', tipo: 'LZ' },
      { nombre: 'RN_RETIRED', tipo: 'RN' },
    ]);
    expectError(await w.as(ADMIN, { method: 'POST', url: `${BASE}/puntos`, ...multipart([{ name: 'tipo', value: 'puntos' }]) }), 400, 'APP_ERR_FILE_MISSING');
  });
});
