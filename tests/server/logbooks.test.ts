// @vitest-environment node
// Log books API (spec section 7, base /bitacoras/api/v1): the regional annexes of an operating
// day, the sent and available summaries (their union the annexes in force, never both), the
// day's reference prices, and saving a MER log book: the offer rules (400 details naming the
// row), a stale version, sending (read-only after), its next version, and the gate closure.
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Annex } from '../../schemas/annex.schema';
import { queryRows } from '../../server/db/client';
import { addDays, businessToday } from '../../schemas/date.schema';
import type { ActiveAnnex, Logbook, OfferRow, PredespachoComparison, SentSummary } from '../../schemas/logbook.schema';
import { predespachoFileName } from '../../server/logbooks/predespacho-workbook';
import { predespachoWorkbook } from '../../server/market-sim/predespacho-workbook';
import { ADMIN, auditRows, expectError, userWith, useAdminWorld, type AdminWorld } from './admin-fixtures';
import { createAnnex, createContract } from './contracts-fixtures';
import type { TestApp } from './helpers';
import { multipart } from './support/multipart';

let t: TestApp;
let w: AdminWorld;

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

const BASE = '/bitacoras/api/v1';
/** An operating day a week ahead: its gate (the day before, 10:00 Central America time) is open. */
const DAY = addDays(businessToday(), 7);
/** Today: its gate closed yesterday. */
const CLOSED_DAY = businessToday();

let first: Annex;
let second: Annex;

beforeAll(async () => {
  const contract = await createContract(t, w, ADMIN, { codigo_contraparte: 'REG-001' });
  const inForce = { fecha_inicio: addDays(DAY, -30), fecha_fin: addDays(DAY, 30) };
  first = await createAnnex(w, ADMIN, contract.id, { ...inForce, potencia_contratada: '20', pmi: ['GT-ESC-230'], pmr: ['SV-AHU-115'] });
  second = await createAnnex(w, ADMIN, contract.id, { ...inForce, potencia_contratada: '8000', unidad_potencia: 'kW', pmi: ['GT-LBR-400'], pmr: ['SV-NEJ-230'] });
  // An annex that ended before the day is not in force.
  await createAnnex(w, ADMIN, contract.id, { fecha_inicio: addDays(DAY, -60), fecha_fin: addDays(DAY, -1) });
});

beforeEach(async () => {
  await t.db.execute(sql`delete from bitacoras`);
});

/** A declaration of `annex` at its injection point in `periodo`. */
function declaration(annex: Annex, periodo: number, mw = '10', bloques: OfferRow['bloques'] = [{ precio: '95.50', mw }]): OfferRow {
  return { periodo, pm: annex.pmi[0]!, sentido: 'I', tipo: 'DECLARACION', anexo_id: annex.id, mw_declarada: mw, bloques };
}

const day = (annex: Annex, mw = '10') => Array.from({ length: 24 }, (_, index) => declaration(annex, index + 1, mw));

const save = (body: Record<string, unknown>, email = ADMIN) => w.as(email, { method: 'POST', url: `${BASE}/create`, payload: body });
const get = (path: string, email = ADMIN) => w.as(email, { method: 'GET', url: `${BASE}/${path}` });

async function saved(body: Record<string, unknown>, status = 201): Promise<Logbook> {
  const response = await save(body);
  expect(response.statusCode, response.body).toBe(status);
  return response.json().data as Logbook;
}

describe('GET anexos-activos, anexos-resumen-enviados, anexos-resumen-disponibles', () => {
  it('answers the regional annexes in force with their PMs and MW; the sent and available summaries split them', async () => {
    const active = (await get(`anexos-activos?fecha=${DAY}`)).json().data as ActiveAnnex[];
    expect(active.map((annex) => [annex.anexo_id, annex.potencia_mw, annex.pmi, annex.enviado])).toEqual([
      [first.id, '20', ['GT-ESC-230'], false],
      [second.id, '8', ['GT-LBR-400'], false],
    ]);
    await saved({ mercado: 'MER', fecha_operacion: DAY, filas: day(first, '12.5'), enviar: true });
    const sent = (await get(`anexos-resumen-enviados?fecha=${DAY}`)).json().data as SentSummary[];
    expect(sent).toEqual([expect.objectContaining({ anexo_id: first.id, contrato_codigo: 'REG-001', periodos: 24, mwh: '300', enviada_por: ADMIN })]);
    const available = (await get(`anexos-resumen-disponibles?fecha=${DAY}`)).json().data as ActiveAnnex[];
    expect(available.map((annex) => annex.anexo_id)).toEqual([second.id]);
    const again = (await get(`anexos-activos?fecha=${DAY}`)).json().data as ActiveAnnex[];
    expect(again.map((annex) => annex.enviado)).toEqual([true, false]);
  });

  it('refuses a day that is not a date (400) and a user without the acciones key (403)', async () => {
    expectError(await get('anexos-activos?fecha=2026-02-30'), 400, 'APP_ERR_REQUEST_INVALID');
    await userWith(t, 'sin-acciones@test.energy', ['relaciones'], null);
    expectError(await get(`anexos-activos?fecha=${DAY}`, 'sin-acciones@test.energy'), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});

describe('GET precios', () => {
  it("answers each period's reference price of a node: the PE price of the day, never 0 where there is none", async () => {
    await t.db.execute(sql`insert into precios_nodo (nodo, fecha, periodo, version, precio) values ('GT-ESC-230', ${DAY}::date, 1, 'PE', 88.125)`);
    const prices = (await get(`precios?fecha=${DAY}&nodo=GT-ESC-230`)).json().data as Array<{ periodo: number; precio: string | null; fuente: string | null }>;
    expect(prices).toHaveLength(24);
    expect(prices[0]).toEqual({ nodo: 'GT-ESC-230', periodo: 1, precio: '88.125', fuente: 'PE' });
    expect(prices[1]).toEqual({ nodo: 'GT-ESC-230', periodo: 2, precio: null, fuente: null });
  });
});

describe('POST create (a MER log book)', () => {
  it('creates the day’s draft with its offers and blocks, then saves it again with the version read, and audits it', async () => {
    const draft = await saved({ mercado: 'MER', fecha_operacion: DAY, filas: day(first) });
    expect(draft).toMatchObject({ mercado: 'MER', fecha_operacion: DAY, estado: 'borrador', numero: 1, enviada_en: null });
    expect(draft.filas).toHaveLength(24);
    expect(draft.filas[0]).toMatchObject({ periodo: 1, pm: 'GT-ESC-230', anexo_id: first.id, mw_declarada: '10', moneda: 'USD', bloques: [{ precio: '95.5', mw: '10' }] });
    expect(Date.parse(draft.cierre_en)).toBe(Date.parse(`${addDays(DAY, -1)}T16:00:00Z`));

    const edited = await saved({ mercado: 'MER', fecha_operacion: DAY, filas: day(first, '15'), version: draft.version }, 200);
    expect(edited.filas.map((row) => row.mw_declarada)).toEqual(Array(24).fill('15'));
    expectError(await save({ mercado: 'MER', fecha_operacion: DAY, filas: day(first), version: draft.version }), 409, 'APP_ERR_RECORD_STALE');
    expect((await auditRows(t, 'logbook.save')).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses broken offer rules with every problem naming its row, and stores nothing', async () => {
    const filas = [
      declaration(first, 1, '20.001'),
      declaration(first, 2, '5', [{ precio: '90', mw: '3' }, { precio: '89', mw: '2' }]),
      declaration(first, 2),
      { ...declaration(first, 3), anexo_id: 999_999 },
    ];
    const response = await save({ mercado: 'MER', fecha_operacion: DAY, filas });
    expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
    const details = (response.json() as { details: Array<{ instancePath: string; keyword: string }> }).details;
    expect(details.map((detail) => `${detail.instancePath} ${detail.keyword}`)).toEqual([
      '/filas/0/mw_declarada offerOverPower',
      '/filas/1/bloques offerBlocksOrder',
      '/filas/2/periodo offerDuplicate',
      '/filas/3/anexo_id offerAnnexUnknown',
    ]);
    // A period 25, a negative MW and a price with three decimals are the schema's.
    const schema = await save({ mercado: 'MER', fecha_operacion: DAY, filas: [{ ...declaration(first, 25), mw_declarada: '-1', bloques: [{ precio: '1.005', mw: '1' }] }] });
    expectError(schema, 400, 'APP_ERR_REQUEST_INVALID');
    expect((await get(`bitacora?mercado=MER&fecha=${DAY}`)).json().data).toBeNull();
  });

  it('sends the day’s log book read-only; its next version replaces it and keeps it as it was sent', async () => {
    const sent = await saved({ mercado: 'MER', fecha_operacion: DAY, filas: day(first), enviar: true });
    expect(sent).toMatchObject({ estado: 'enviada', enviada_por: ADMIN });
    expectError(await save({ mercado: 'MER', fecha_operacion: DAY, filas: day(first, '11'), version: sent.version }), 409, 'APP_ERR_LOGBOOK_SENT');

    const next = await saved({ mercado: 'MER', fecha_operacion: DAY, filas: day(second, '7'), nueva_version: true });
    expect(next).toMatchObject({ estado: 'borrador', numero: 2 });
    const versions = await queryRows<{ numero: number; estado: string }>(t.db, sql`select numero, estado from bitacoras where fecha_operacion = ${DAY}::date order by numero`);
    expect(versions).toEqual([{ numero: 1, estado: 'reemplazada' }, { numero: 2, estado: 'borrador' }]);
    // The sent summary now reads nothing sent: version 2 is a draft.
    expect((await get(`anexos-resumen-enviados?fecha=${DAY}`)).json().data).toEqual([]);
  });

  it('refuses to send a log book without offers, and any change once the gate has closed (409)', async () => {
    expectError(await save({ mercado: 'MER', fecha_operacion: DAY, filas: [], enviar: true }), 409, 'APP_ERR_LOGBOOK_EMPTY');
    expect((await get(`bitacora?mercado=MER&fecha=${DAY}`)).json().data).toBeNull();
    expectError(await save({ mercado: 'MER', fecha_operacion: CLOSED_DAY, filas: [] }), 409, 'APP_ERR_LOGBOOK_CLOSED');
  });

  it('answers the day’s log book for its page, or null', async () => {
    expect((await get(`bitacora?mercado=MER&fecha=${DAY}`)).json()).toEqual({ data: null });
    const draft = await saved({ mercado: 'MER', fecha_operacion: DAY, filas: day(first) });
    expect((await get(`bitacora?mercado=MER&fecha=${DAY}`)).json().data).toMatchObject({ id: draft.id, version: draft.version });
  });
});

describe("El Salvador's top offers", () => {
  /** An export (injection) opportunity offer of a Salvadoran unit in `periodo`. */
  const top = (periodo: number, bloques: OfferRow['bloques'], sentido: 'I' | 'R' = 'I'): OfferRow => ({ periodo, pm: 'SV-AHU-230', sentido, tipo: 'OPORTUNIDAD', anexo_id: null, mw_declarada: null, bloques });
  const LIMITS = [{ pm: 'SV-AHU-230', costo_variable: '98.40', cargo_sistema: '14.00', mw_ofertable: '15' }];

  it('saves the injection offers with the units’ limits, then the withdrawal ones beside them; each call reads its own', async () => {
    const injection = await w.as(ADMIN, { method: 'PATCH', url: `${BASE}/update-ofertas-top-inyeccion`, payload: { fecha_operacion: DAY, filas: [top(1, [{ precio: '112.40', mw: '10' }])], limites: LIMITS } });
    expect(injection.statusCode, injection.body).toBe(201);
    const draft = injection.json().data as Logbook;
    const withdrawal = await w.as(ADMIN, { method: 'POST', url: `${BASE}/update-ofertas-top-retiro`, payload: { fecha_operacion: DAY, filas: [top(1, [{ precio: '80', mw: '5' }, { precio: '70', mw: '5' }], 'R')], version: draft.version } });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const view = (await get(`ofertas-top-inyeccion?fecha=${DAY}`)).json().data;
    expect(view.limites).toEqual([{ pm: 'SV-AHU-230', costo_variable: '98.4', cargo_sistema: '14', precio_piso: '112.4', mw_ofertable: '15' }]);
    expect(view.bitacora.filas.map((row: OfferRow) => [row.sentido, row.bloques])).toEqual([['I', [{ precio: '112.4', mw: '10' }]]]);
    const withdrawals = (await get(`ofertas-top-retiro?fecha=${DAY}`)).json().data;
    expect(withdrawals.bitacora.filas.map((row: OfferRow) => row.sentido)).toEqual(['R']);
  });

  it("refuses an export offer below the unit's floor or over its offerable MW, and an offer of the other direction", async () => {
    const response = await w.as(ADMIN, {
      method: 'PATCH',
      url: `${BASE}/update-ofertas-top-inyeccion`,
      payload: { fecha_operacion: DAY, filas: [top(1, [{ precio: '112.39', mw: '5' }]), top(2, [{ precio: '120', mw: '15.001' }]), top(3, [{ precio: '90', mw: '1' }], 'R')], limites: LIMITS },
    });
    expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
    const details = (response.json() as { details: Array<{ instancePath: string; keyword: string }> }).details;
    expect(details.map((detail) => `${detail.instancePath} ${detail.keyword}`)).toEqual(['/filas/2/tipo offerScope', '/filas/0/bloques offerBelowFloor', '/filas/1/bloques offerOverAvailable']);
    expect((await get(`ofertas-top-inyeccion?fecha=${DAY}`)).json().data.bitacora).toBeNull();
  });
});

describe("Mexico's offers and thermal agents", () => {
  const link = (periodo: number, sentido: 'I' | 'R', mw_fija: string): OfferRow => ({
    periodo,
    pm: sentido === 'I' ? 'MX-TAP-400' : 'GT-LBR-400',
    sentido,
    tipo: sentido === 'I' ? 'EXPORTACION' : 'IMPORTACION',
    anexo_id: null,
    mw_declarada: null,
    mw_fija,
    bloques: [{ precio: '1450.00', mw: '10' }],
  });

  it("saves export offers in MXN with the day's FIX, and refuses an hour over the link's limit", async () => {
    await t.db.execute(sql`insert into tipos_cambio (fecha, tipo_cambio) values (${addDays(DAY, -2)}::date, 18.2345) on conflict (fecha) do nothing`);
    const response = await w.as(ADMIN, { method: 'PATCH', url: `${BASE}/update-mex-ofertas-api`, payload: { fecha_operacion: DAY, filas: [link(1, 'I', '150')] } });
    expect(response.statusCode, response.body).toBe(201);
    const view = (await get(`get-mex-ofertas-api?fecha=${DAY}`)).json().data;
    expect(view).toMatchObject({ tipo_cambio: '18.2345', limite_enlace_mw: '200' });
    expect(view.bitacora.filas[0]).toMatchObject({ moneda: 'MXN', tipo_cambio: '18.2345', mw_fija: '150' });
    const over = await w.as(ADMIN, { method: 'PATCH', url: `${BASE}/update-mex-ofertas-impo-api`, payload: { fecha_operacion: DAY, filas: [link(1, 'R', '110.001')], version: view.bitacora.version } });
    expectError(over, 400, 'APP_ERR_REQUEST_INVALID');
    expect((over.json() as { details: Array<{ keyword: string }> }).details.map((detail) => detail.keyword)).toEqual(['offerOverLink']);
  });

  it('keeps the thermal agents behind import offers, one period per agent and start day', async () => {
    const agent = { codigo_agente: 'TERM-01', nombre: 'Térmica Escuintla', planta: 'Escuintla I', combustible: 'bunker', cv_usd_mwh: '132.50', mw_max: '45', vigente_desde: '2026-01-01' };
    const created = await w.as(ADMIN, { method: 'POST', url: `${BASE}/create-mex-ofertas-impo-agentes`, payload: agent });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ codigo_agente: 'TERM-01', cv_usd_mwh: '132.5', mw_max: '45', vigente_hasta: null });
    expectError(await w.as(ADMIN, { method: 'POST', url: `${BASE}/create-mex-ofertas-impo-agentes`, payload: agent }), 409, 'APP_ERR_IMPORT_AGENT_DUPLICATE');
    expect(((await get('get-mex-ofertas-impo-agentes')).json().data as Array<{ codigo_agente: string }>).map((row) => row.codigo_agente)).toContain('TERM-01');
  });
});

describe('AMM', () => {
  it('answers the local annexes in force on any day of a range, and records what was sent for it', async () => {
    const local = await createContract(t, w, ADMIN, { codigo_contraparte: 'AMM-001', local_regional: 'local' });
    // Ends on the range's first day: still in it.
    const annex = await createAnnex(w, ADMIN, local.id, { fecha_inicio: addDays(DAY, -40), fecha_fin: DAY, potencia_contratada: '5' });
    const inRange = (await get(`anexos-activos-filtro?start_date=${DAY}&end_date=${addDays(DAY, 6)}`)).json().data as ActiveAnnex[];
    expect(inRange.map((row) => row.anexo_id)).toEqual([annex.id]);
    expect(((await get(`anexos-activos-filtro?start_date=${addDays(DAY, 1)}&end_date=${addDays(DAY, 6)}`)).json().data as ActiveAnnex[])).toEqual([]);

    const filas = [declaration(annex, 1, '5'), declaration(annex, 2, '5')];
    const record = await w.as(ADMIN, { method: 'POST', url: `${BASE}/create-amm`, payload: { desde: DAY, hasta: addDays(DAY, 6), filas } });
    expect(record.statusCode, record.body).toBe(201);
    expect(record.json().data).toMatchObject({ mercado: 'AMM', fecha_operacion: DAY, fecha_fin: addDays(DAY, 6), estado: 'enviada' });
    const over = await w.as(ADMIN, { method: 'POST', url: `${BASE}/create-amm`, payload: { desde: DAY, hasta: DAY, filas: [declaration(annex, 1, '5.001')] } });
    expectError(over, 400, 'APP_ERR_REQUEST_INVALID');
  });
});

describe('the hand-off to Sube Planillas', () => {
  it("starts the day's bid hours from the sent MER log book: its PMs, periods, MW and asked prices", async () => {
    const before = (await w.as(ADMIN, { method: 'GET', url: `/procesos/api/v1/sube/horas?fecha_operacion=${DAY}` })).json().data as Array<{ nodo: string }>;
    // Before a log book is sent: every injection point of the annexes in force, the second annex's too.
    expect(before.filter((hour) => hour.nodo === 'GT-LBR-400')).toHaveLength(24);
    const filas = [declaration(first, 7, '12.5', [{ precio: '101.25', mw: '12.5' }]), declaration(first, 8, '0', [])];
    await saved({ mercado: 'MER', fecha_operacion: DAY, filas, enviar: true });
    const hours = (await w.as(ADMIN, { method: 'GET', url: `/procesos/api/v1/sube/horas?fecha_operacion=${DAY}` })).json().data;
    expect(hours).toEqual([
      { periodo: 7, nodo: 'GT-ESC-230', potencia: '12.5', potencia_oferta: '12.5', precio: null, precio_oferta: '101.25', ofertar: true, prioridad: null },
      { periodo: 8, nodo: 'GT-ESC-230', potencia: '0', potencia_oferta: '0.001', precio: null, precio_oferta: '', ofertar: false, prioridad: null },
    ]);
  });
});

describe('GET predespacho/comparacion', () => {
  it("answers the sent declarations against what the EOR's imported predespacho programmed, per contract, PM and direction", async () => {
    await t.db.execute(sql`delete from resultados_predespacho`);
    await saved({ mercado: 'MER', fecha_operacion: DAY, filas: day(first, '12.5'), enviar: true });
    const before = (await get(`predespacho/comparacion?fecha=${DAY}`)).json().data as PredespachoComparison;
    expect(before).toEqual({ importado: false, lineas: [{ contrato_codigo: 'REG-001', pm: 'GT-ESC-230', sentido: 'I', mwh_declarada: '300', mwh_programada: null, periodos_distintos: 24, periodos_reducidos: 0 }] });

    const declared = [{ codigo: 'REG-001', pm: 'GT-ESC-230', sentido: 'I' as const, mw: Array.from({ length: 24 }, () => '12.5') }];
    const workbook = await predespachoWorkbook(DAY, 'OSO001', declared);
    const imported = await w.as(ADMIN, {
      method: 'POST',
      url: `${BASE}/predespacho/importar?fecha=${DAY}`,
      ...multipart([{ name: 'file', value: workbook, filename: predespachoFileName(DAY, 'OSO001'), contentType: 'application/octet-stream' }]),
    });
    expect(imported.statusCode, imported.body).toBe(201);

    const { importado, lineas } = (await get(`predespacho/comparacion?fecha=${DAY}`)).json().data as PredespachoComparison;
    expect(importado).toBe(true);
    // Only the company's contracts: the simulator's other agents' transactions are not ours.
    expect(lineas.map((line) => [line.contrato_codigo, line.pm, line.sentido, line.mwh_declarada])).toEqual([['REG-001', 'GT-ESC-230', 'I', '300']]);
    const [line] = lineas;
    // What the EOR programmed is the workbook's own sum, reductions and all.
    const programmed = await queryRows<{ mwh: string; reduced: number }>(
      t.db,
      sql`select trim_scale(sum(mw_predespachada))::text as mwh, (count(*) filter (where reduccion = 'S'))::int as reduced
          from resultados_predespacho where fecha = ${DAY}::date and hoja = 'TCP' and codigo_contrato = 'REG-001'`,
    );
    expect(line!.mwh_programada).toBe(programmed[0]!.mwh);
    expect(line!.periodos_reducidos).toBe(programmed[0]!.reduced);
    expect(line!.periodos_distintos).toBe(programmed[0]!.reduced);
  });
});
