// @vitest-environment node
// Guarantees API (docs/api-guarantees.md, base /garantias/api/v1): instruments posted, refused
// with every broken rule beside its field, a number an issuer already used at the operator, an
// edit with the version read (a stale one 409); an operator's terms; the day's position stored
// as a snapshot that equals a recomputation, and the spec's history call over stored days with
// its range rules; who may call.
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, businessToday } from '../../schemas/date.schema';
import type { GuaranteeDay, Instrument, Terms } from '../../schemas/guarantee.schema';
import { queryRows } from '../../server/db/client';
import { positionsOn } from '../../server/guarantees/position';
import { raiseAlerts } from '../../server/guarantees/alerts';
import { snapshotDay } from '../../server/guarantees/snapshot';
import { storeSnapshots } from '../../server/guarantees/snapshot-timer';
import { ADMIN, auditRows, expectError, userWith, useAdminWorld, type AdminWorld } from './admin-fixtures';
import type { TestApp } from './helpers';
import { multipart } from './support/multipart';

let t: TestApp;
let w: AdminWorld;

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

const BASE = '/garantias/api/v1';
const TODAY = businessToday();

beforeEach(async () => {
  for (const table of ['garantias_alertas', 'garantias_estados', 'garantias_snapshot', 'garantias_instrumentos', 'garantias_terminos']) await t.db.execute(sql`delete from ${sql.identifier(table)}`);
});

const body = (overrides: Record<string, unknown> = {}) => ({
  operador: 'CENACE',
  sucursal: 'MX',
  agente: 'EPWM-MX',
  tipo: 'carta_credito',
  emisor: 'BBVA México',
  numero: 'LC-2026-001',
  moneda: 'MXN',
  monto: '15000000.00',
  fecha_emision: addDays(TODAY, -30),
  fecha_vencimiento: addDays(TODAY, 335),
  ...overrides,
});

const post = (payload: object, email = ADMIN) => w.as(email, { method: 'POST', url: `${BASE}/instrumentos`, payload });

async function posted(overrides: Record<string, unknown> = {}): Promise<Instrument> {
  const response = await post(body(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Instrument;
}

const detailsOf = (response: { json(): unknown }) => ((response.json() as { details?: Array<{ instancePath: string; keyword: string }> }).details ?? []).map((detail) => `${detail.instancePath} ${detail.keyword}`);

describe('instruments', () => {
  it('posts an instrument in force, audited, and lists it by operator', async () => {
    const instrument = await posted();
    expect(instrument).toMatchObject({ operador: 'CENACE', moneda: 'MXN', monto: '15000000.00', estado: 'vigente', liberada_en: null, version: 1 });
    expect((await auditRows(t, 'guarantee.create')).at(-1)).toMatchObject({ entity: 'guarantee', entity_id: String(instrument.id) });
    await posted({ operador: 'AMM', sucursal: 'GT', agente: 'EPWM-GT', moneda: 'USD', monto: '500000', numero: 'LC-GT-1', fecha_emision: addDays(TODAY, 5) });
    const listed = (await w.as(ADMIN, { method: 'GET', url: `${BASE}/instrumentos?operador=AMM` })).json().data as Instrument[];
    expect(listed.map((item) => [item.operador, item.estado])).toEqual([['AMM', 'futura']]);
  });

  it('refuses every broken rule beside its field, and a negative amount, storing nothing', async () => {
    const broken = await post(body({ operador: 'AMM', sucursal: 'SV', moneda: 'MXN', fecha_vencimiento: addDays(TODAY, -31), liberada_en: addDays(TODAY, -40) }));
    expectError(broken, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailsOf(broken)).toEqual([
      '/sucursal guaranteeBranchOperator',
      '/moneda guaranteeCurrencyOperator',
      '/fecha_vencimiento guaranteeEndBeforeStart',
      '/liberada_en guaranteeReleaseBeforeStart',
    ]);
    const negative = await post(body({ monto: '-1.00' }));
    expectError(negative, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailsOf(negative)[0]).toMatch(/^\/monto /);
    expect((await w.as(ADMIN, { method: 'GET', url: `${BASE}/instrumentos` })).json().data).toEqual([]);
  });

  it("refuses an issuer's number used twice at an operator (409), and edits with the version read", async () => {
    const instrument = await posted();
    expectError(await post(body({ monto: '1.00' })), 409, 'APP_ERR_GUARANTEE_NUMBER_TAKEN');
    const released = await w.as(ADMIN, { method: 'PATCH', url: `${BASE}/instrumentos`, payload: { id: instrument.id, version: 1, liberada_en: TODAY } });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data).toMatchObject({ estado: 'liberada', version: 2 });
    expectError(await w.as(ADMIN, { method: 'PATCH', url: `${BASE}/instrumentos`, payload: { id: instrument.id, version: 1, monto: '2.00' } }), 409, 'APP_ERR_RECORD_STALE');
  });

  it("stores today's position again when an instrument is posted or edited, so the page shows it at once", async () => {
    const history = async () =>
      ((await w.as(ADMIN, { method: 'POST', url: `${BASE}/get-garantias-historicas`, payload: { desde: TODAY, hasta: TODAY, operador: 'CENACE' } })).json().data as GuaranteeDay[]).map(
        (day) => day.monto_garantizado,
      );
    const instrument = await posted();
    expect(await history()).toEqual(['15000000']);
    const edited = await w.as(ADMIN, { method: 'PATCH', url: `${BASE}/instrumentos`, payload: { id: instrument.id, version: instrument.version, monto: '16000000.00' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await history()).toEqual(['16000000']);
  });

  it('answers 403 to a user without the monitoreo key', async () => {
    await userWith(t, 'sin-monitoreo@test.energy', ['relaciones'], null);
    expectError(await post(body(), 'sin-monitoreo@test.energy'), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});

describe('terms, snapshot and history', () => {
  it("sets an operator's terms for a branch, refusing a branch it has no agent through", async () => {
    const put = (payload: object) => w.as(ADMIN, { method: 'PUT', url: `${BASE}/terminos`, payload });
    const terms = { operador: 'CENACE', sucursal: 'MX', agente: 'EPWM-MX', garantia_pago: '5000000', garantia_minima: null, pct_aviso: '20', dias_vencimiento: 30 };
    expect((await put(terms)).statusCode).toBe(200);
    const listed = (await w.as(ADMIN, { method: 'GET', url: `${BASE}/terminos` })).json().data as Terms[];
    expect(listed).toEqual([{ ...terms, moneda: 'MXN', version: 1 }]);
    const wrong = await put({ ...terms, sucursal: 'GT' });
    expectError(wrong, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailsOf(wrong)).toEqual(['/sucursal guaranteeBranchOperator']);
  });

  it("stores the day's position, equal to a recomputation, and answers the history with REA, available value and use", async () => {
    await posted();
    await posted({ numero: 'DEP-1', tipo: 'deposito', monto: '10000000' });
    await w.as(ADMIN, { method: 'PUT', url: `${BASE}/terminos`, payload: { operador: 'CENACE', sucursal: 'MX', agente: 'EPWM-MX', garantia_pago: null, garantia_minima: '5000000', pct_aviso: '20', dias_vencimiento: 30 } });
    expect(await snapshotDay(t.db, TODAY)).toBeGreaterThan(0);
    // The CENACE worked example of AREAS.md (c): known 12.4 M and potential 8.1 M against 25 M posted.
    await t.db.execute(sql`update garantias_snapshot set pasivo_conocido = 12400000, pasivo_potencial = 8100000 where operador = 'CENACE' and fecha = ${TODAY}::date`);
    const history = (await w.as(ADMIN, { method: 'POST', url: `${BASE}/get-garantias-historicas`, payload: { desde: addDays(TODAY, -3), hasta: TODAY, operador: 'CENACE' } })).json()
      .data as GuaranteeDay[];
    expect(history).toEqual([
      {
        fecha: TODAY,
        operador: 'CENACE',
        sucursal: 'MX',
        agente: 'EPWM-MX',
        moneda: 'MXN',
        garantia_pago: null,
        garantia_minima: '5000000',
        monto_garantizado: '25000000',
        pasivo_conocido: '12400000',
        pasivo_potencial: '8100000',
        rea: '20500000',
        valor_disponible: '4500000',
        utilizacion_pct: '82',
        rea_operador: null,
        acl: null,
        eal: null,
      },
    ]);
    // Stored again from the data: the same as computing it now.
    await snapshotDay(t.db, TODAY);
    const [stored] = (await w.as(ADMIN, { method: 'POST', url: `${BASE}/get-garantias-historicas`, payload: { desde: TODAY, hasta: TODAY, operador: 'CENACE' } })).json().data as GuaranteeDay[];
    const [computed] = await positionsOn(t.db, TODAY, 'CENACE');
    expect({ monto_garantizado: stored!.monto_garantizado, pasivo_conocido: stored!.pasivo_conocido, pasivo_potencial: stored!.pasivo_potencial }).toEqual({
      monto_garantizado: computed!.monto_garantizado,
      pasivo_conocido: computed!.pasivo_conocido,
      pasivo_potencial: computed!.pasivo_potencial,
    });
  });

  it('refuses a range that ends before it starts or is longer than 366 days (400 with the limit)', async () => {
    const history = (payload: object) => w.as(ADMIN, { method: 'POST', url: `${BASE}/get-garantias-historicas`, payload });
    const reversed = await history({ desde: TODAY, hasta: addDays(TODAY, -1) });
    expectError(reversed, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailsOf(reversed)).toEqual(['/hasta rangeOrder']);
    const long = await history({ desde: addDays(TODAY, -366), hasta: TODAY });
    expectError(long, 400, 'APP_ERR_REQUEST_INVALID');
    expect(long.json().details[0]).toMatchObject({ instancePath: '/hasta', keyword: 'rangeMax', params: { max: 366 } });
    expect((await history({ desde: addDays(TODAY, -365), hasta: TODAY })).statusCode).toBe(200);
  });

  it("stores yesterday's position once when it is missing, and today's at every turn", async () => {
    await posted();
    const days = async () => (await queryRows<{ fecha: string }>(t.db, sql`select to_char(fecha, 'YYYY-MM-DD') as fecha from garantias_snapshot order by fecha`)).map((row) => row.fecha);
    await storeSnapshots(t.db);
    expect(await days()).toEqual([addDays(TODAY, -1), TODAY]);
    await t.db.execute(sql`update garantias_snapshot set pasivo_conocido = 1 where fecha = ${addDays(TODAY, -1)}::date`);
    await storeSnapshots(t.db);
    // Yesterday's stored figures stay as they were: history is never recomputed.
    const [kept] = await queryRows<{ pasivo_conocido: string }>(t.db, sql`select pasivo_conocido::text from garantias_snapshot where fecha = ${addDays(TODAY, -1)}::date`);
    expect(kept!.pasivo_conocido).toBe('1');
  });
});

describe('alerts', () => {
  const terms = { operador: 'AMM', sucursal: 'GT', agente: 'EPWM-GT', garantia_pago: null, garantia_minima: '1000', pct_aviso: '20', dias_vencimiento: 30 };
  const setTerms = (changes: Record<string, unknown> = {}) => w.as(ADMIN, { method: 'PUT', url: `${BASE}/terminos`, payload: { ...terms, ...changes } });
  const owe = (fecha: string, pasivo: string) => t.db.execute(sql`update garantias_snapshot set pasivo_conocido = ${pasivo} where operador = 'AMM' and fecha = ${fecha}::date`);
  const kinds = (alerts: Array<{ tipo: string; fecha: string }>) => alerts.map((alert) => `${alert.tipo} ${alert.fecha}`);

  it('fires once when the available value crosses the warning share, and not again while it stays under', async () => {
    // Posted before the terms: today's position, stored again with each, is never under the minimum.
    await posted({ operador: 'AMM', sucursal: 'GT', agente: 'EPWM-GT', moneda: 'USD', monto: '5000', numero: 'LC-A', fecha_vencimiento: addDays(TODAY, 200) });
    await setTerms();
    const yesterday = addDays(TODAY, -1);
    await snapshotDay(t.db, addDays(TODAY, -2));
    await snapshotDay(t.db, yesterday);
    expect(await raiseAlerts(t.db, yesterday)).toEqual([]);
    // 4,500 owed of 5,000 posted: 500 available, under 20 % (1,000).
    await owe(yesterday, '4500');
    const raised = await raiseAlerts(t.db, yesterday);
    expect(raised).toEqual([expect.objectContaining({ tipo: 'disponible_bajo', operador: 'AMM', sucursal: 'GT', fecha: yesterday, valor: '500', umbral: '1000' })]);
    expect(await raiseAlerts(t.db, yesterday)).toEqual([]);
    // Still under the next day: no new alert.
    await snapshotDay(t.db, TODAY);
    await owe(TODAY, '4600');
    expect(await raiseAlerts(t.db, TODAY)).toEqual([]);
    const listed = (await w.as(ADMIN, { method: 'GET', url: `${BASE}/alertas` })).json().data as Array<{ tipo: string; fecha: string }>;
    expect(kinds(listed)).toEqual([`disponible_bajo ${yesterday}`]);
  });

  it('fires when the guaranteed amount is under the minimum, and once per instrument falling due within the days', async () => {
    await setTerms({ garantia_minima: '6000' });
    const due = addDays(TODAY, 10);
    await posted({ operador: 'AMM', sucursal: 'GT', agente: 'EPWM-GT', moneda: 'USD', monto: '5000', numero: 'LC-B', fecha_vencimiento: due });
    await snapshotDay(t.db, TODAY);
    const listed = (await w.as(ADMIN, { method: 'GET', url: `${BASE}/alertas?operador=AMM` })).json().data as Array<{ tipo: string; fecha: string }>;
    expect(kinds(listed).sort()).toEqual([`bajo_minimo ${TODAY}`, `vencimiento ${due}`]);
    // The next day's snapshot raises the due date no more.
    await snapshotDay(t.db, addDays(TODAY, 1));
    expect(await raiseAlerts(t.db, addDays(TODAY, 1))).toEqual([]);
  });
});

describe("operators' statements", () => {
  const upload = (csv: string, email = ADMIN) =>
    w.as(email, { method: 'POST', url: `${BASE}/estados`, ...multipart([{ name: 'file', value: csv, filename: 'estado.csv', contentType: 'text/csv' }]) });
  const stored = () => queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from garantias_estados`);

  it("imports CENACE's REA and ERCOT's ACL and EAL, shown beside the computed day, and a day imported again replaces it", async () => {
    const yesterday = addDays(TODAY, -1);
    await posted();
    await snapshotDay(t.db, yesterday);
    const csv = `fecha,operador,sucursal,rea,acl,eal\n${yesterday},CENACE,,20500000.00,,\n${yesterday},ERCOT,US,,2500000,1800000.5`;
    const response = await upload(csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ filas: 2, desde: yesterday, hasta: yesterday });
    expect(await auditRows(t, 'guarantee.import')).toHaveLength(1);

    const again = await upload(`fecha;operador;sucursal;rea;acl;eal\n${yesterday};CENACE;MX;19000000;;`);
    expect(again.statusCode, again.body).toBe(200);
    const history = await w.as(ADMIN, { method: 'POST', url: `${BASE}/get-garantias-historicas`, payload: { desde: yesterday, hasta: yesterday, operador: 'CENACE' } });
    const [day] = history.json().data as GuaranteeDay[];
    expect(day).toMatchObject({ operador: 'CENACE', sucursal: 'MX', rea_operador: '19000000', acl: null, eal: null });
    const ercot = await queryRows<{ acl: string; eal: string }>(t.db, sql`select acl::text, eal::text from garantias_estados where operador = 'ERCOT'`);
    expect(ercot).toEqual([{ acl: '2500000', eal: '1800000.5' }]);
  });

  it('refuses a file with bad rows, listing every one, and stores nothing', async () => {
    const csv = [
      'fecha,operador,sucursal,rea,acl,eal',
      `${TODAY},CENACE,MX,100,,`,
      `31/02/2026,CENACE,MX,100,,`,
      `${TODAY},AMM,GT,100,,`,
      `${TODAY},ERCOT,MX,,1,2`,
      `${TODAY},ERCOT,US,5,1,`,
      `${TODAY},CENACE,MX,-4,,`,
      `${TODAY},CENACE,MX,100,,`,
    ].join('\n');
    const response = await upload(csv);
    expectError(response, 400, 'APP_ERR_MARKET_DATA_INVALID');
    const problems = (response.json().details as Array<{ fila: number; columna: string | null; keyword: string }>).map((found) => `${found.fila} ${found.columna} ${found.keyword}`);
    expect(problems).toEqual(['3 fecha date', '4 operador statement_operator', '5 sucursal branch_operator', '6 null statement_figures', '7 rea amount', '8 null duplicate']);
    expect(await stored()).toEqual([{ n: 0 }]);
    expectError(await upload('operador,fecha\nCENACE,2026-01-01'), 400, 'APP_ERR_MARKET_DATA_INVALID');
    expect(await stored()).toEqual([{ n: 0 }]);
  });

  it('answers 403 to a user without the monitoreo key', async () => {
    await userWith(t, 'estados-sin-permiso@test.energy', ['liquidaciones'], null);
    expectError(await upload(`fecha,operador,sucursal,rea,acl,eal\n${TODAY},CENACE,MX,1,,`, 'estados-sin-permiso@test.energy'), 403, 'APP_ERR_AUTH_FORBIDDEN');
    expect(await stored()).toEqual([{ n: 0 }]);
  });
});
