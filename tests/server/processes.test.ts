// @vitest-environment node
// The bid processes' API (docs/api-processes.md): the candidates and the bid-hour grid from the
// annexes in force and the node prices; Registra, Sube and Supresion runs asked for (201, items
// in the order they go, audited), every selection rule a 400 with its detail beside the field
// (keys in both languages); the runs, their items, sessions and live events; stop (who started
// it or an admin, 409 once ended); 401 without a token, 403 without the `acciones` key. No job
// worker runs here: a run stays as asked for (the runner's own tests run them).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import enUS from '../../i18n/en-US.json';
import esES from '../../i18n/es-ES.json';
import type { BidHour, RegistrationRow, Run, SubeRunBody } from '../../schemas/process.schema';
import { nodeBranchOf, type MerCredit } from '../../schemas/credit-check.schema';
import { addDays, businessToday, CALENDAR_DATE_MESSAGE } from '../../schemas/date.schema';
import type { Instrument } from '../../schemas/guarantee.schema';
import { queryRows } from '../../server/db/client';
import { PROCESS_RULES, subeProblems } from '../../machines/processes/selection-rules';
import { ADMIN, auditRows, expectError, userWith, useAdminWorld, type AdminWorld } from './admin-fixtures';
import { createAnnex, createContract } from './contracts-fixtures';
import { NO_JOB_WORKERS, type TestApp } from './helpers';

const BASE = '/procesos/api/v1';
const DAY = '2025-02-10';
const TRADER = 'trader@test.energy';
const OTHER = 'otro-trader@test.energy';
const NO_KEY = 'sin-acciones@test.energy';
// The annexes' nodes: ESC has PE prices all day, GUA DF prices for the first 12 hours.
const [ESC, GUA] = ['GT-ESC-230', 'GT-GUA-69'];

let t: TestApp;
let w: AdminWorld;
let injection: { contract: number; annex: number };
let withdrawal: { contract: number; annex: number };
let guarantee: Instrument;

useAdminWorld((app, world) => {
  t = app;
  w = world;
}, NO_JOB_WORKERS);

beforeAll(async () => {
  await userWith(t, TRADER, ['acciones'], w.fullRole);
  await userWith(t, OTHER, ['acciones'], w.fullRole);
  await userWith(t, NO_KEY, ['relaciones'], w.fullRole);
  // An injection CF contract bidding at its PMi, and a withdrawal one (a kW annex) at its PMr.
  injection = await contractWithAnnex({ codigo_contraparte: 'CP-INY', tipo_transaccion: 'I', clase_contrato: 'CF' }, { pmi: [ESC], pmr: ['SV-AHU-115'] });
  withdrawal = await contractWithAnnex(
    { codigo_contraparte: 'CP-RET', tipo_transaccion: 'R', clase_contrato: 'CNFFF' },
    { pmi: [ESC], pmr: [GUA], potencia_contratada: '500', unidad_potencia: 'kW', pct_responsable_transmision: '50', derecho_transmision: '1500', derecho_transmision_tipo: '$' },
  );
  // Out of force on DAY: in no list.
  await contractWithAnnex({ codigo_contraparte: 'CP-OLD' }, { fecha_inicio: '2024-01-01', fecha_fin: '2024-01-31' });
  // The EOR guarantee of Guatemala's branch, posted today: every run here is well within it but
  // the credit check's own (which sets its amount).
  const instrument = await w.as(ADMIN, {
    method: 'POST',
    url: '/garantias/api/v1/instrumentos',
    payload: {
      operador: 'EOR',
      sucursal: 'GT',
      agente: 'EPWM-GT',
      tipo: 'carta_credito',
      emisor: 'Banco Industrial',
      numero: 'EOR-GT-1',
      moneda: 'USD',
      monto: '1000000000.00',
      fecha_emision: addDays(businessToday(), -1),
      fecha_vencimiento: addDays(businessToday(), 365),
    },
  });
  expect(instrument.statusCode, instrument.body).toBe(201);
  guarantee = instrument.json().data as Instrument;
  // ESC has PE prices all day; GUA only DF prices for the first 12 hours.
  await t.db.execute(sql`insert into precios_nodo (nodo, fecha, periodo, version, precio)
    select ${ESC}, ${DAY}::date, p, 'PE', 50.5 + p from generate_series(1, 24) p`);
  await t.db.execute(sql`insert into precios_nodo (nodo, fecha, periodo, version, precio)
    select ${GUA}, ${DAY}::date, p, 'DF', 80.125 from generate_series(1, 12) p`);
});

async function contractWithAnnex(contract: Record<string, unknown>, annex: Record<string, unknown>) {
  const created = await createContract(t, w, ADMIN, contract);
  return { contract: created.id, annex: (await createAnnex(w, ADMIN, created.id, annex)).id };
}

/** The candidates as answered: none ticked. */
async function candidates(): Promise<RegistrationRow[]> {
  const response = await w.as(TRADER, { method: 'GET', url: `${BASE}/registra/candidatos?fecha=${DAY}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as RegistrationRow[];
}

/** The candidates with every row ticked, as a trader who chose them all sends them. */
const ticked = async () => (await candidates()).map((row) => ({ ...row, registrar: true }));

async function hours(): Promise<BidHour[]> {
  const response = await w.as(TRADER, { method: 'GET', url: `${BASE}/sube/horas?fecha_operacion=${DAY}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as BidHour[];
}

/** The message keys of a 400, by field. */
function refusal(response: { statusCode: number; body: string; json(): unknown }): string[] {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as { code: string; details: Array<{ instancePath: string; message: string }> };
  expect(body.code).toBe('APP_ERR_REQUEST_INVALID');
  return body.details.map((detail) => `${detail.instancePath} ${detail.message}`);
}

const post = (url: string, payload: object, as = TRADER) => w.as(as, { method: 'POST', url: `${BASE}${url}`, payload });

async function subeBody(overrides: Partial<SubeRunBody> = {}): Promise<SubeRunBody> {
  return {
    sitio: 'original',
    fecha_operacion: DAY,
    trabajadores: 12,
    reintentos: 2,
    pm: 400,
    porcentaje_precio: 100,
    priorizacion: { activa: true, nodos: [GUA, ESC, null] },
    horas: await hours(),
    ...overrides,
  };
}

describe('GET /registra/candidatos', () => {
  it('answers one registration row per annex in force, none of them ticked: the trader chooses what goes', async () => {
    const rows = await candidates();
    expect(rows.map((row) => row.codigo)).toEqual([`CP-INY-A${injection.annex}`, `CP-RET-A${withdrawal.annex}`]);
    expect(rows[0]).toMatchObject({
      anexo_id: injection.annex,
      contrato_id: injection.contract,
      contrato_codigo: 'CP-INY',
      inicio: '2025-02-01',
      fin: '2025-02-28',
      tipo: 'PF',
      clase_contrato: 'CF',
      transaccion: 'I',
      derechos_transmision: '15 %',
      titular_transmision: 'Energía del Pacífico, S.A.',
      paga_transporte: false,
      oferta_maxima: '12.5',
      pmi: [ESC],
      pmr: ['SV-AHU-115'],
      registrar: false,
    });
    expect(typeof rows[0]!.contraparte).toBe('string');
    expect(rows[1]).toMatchObject({ transaccion: 'R', derechos_transmision: '1500 $', paga_transporte: true, oferta_maxima: '0.5', registrar: false });
  });

  it('takes today when no day is given, and refuses a day that is not one', async () => {
    expect((await w.as(TRADER, { method: 'GET', url: `${BASE}/registra/candidatos` })).statusCode).toBe(200);
    expect((await w.as(TRADER, { method: 'GET', url: `${BASE}/registra/candidatos?fecha=10-02-2025` })).statusCode).toBe(400);
    // Shaped like a date but no calendar day: refused beside the field, not a failure of the server.
    expect(refusal(await w.as(TRADER, { method: 'GET', url: `${BASE}/registra/candidatos?fecha=2026-02-31` }))).toEqual([`/fecha ${CALENDAR_DATE_MESSAGE}`]);
  });
});

describe('GET /sube/horas', () => {
  it('answers each PM of the day times 24 periods with its power and the node price', async () => {
    const grid = await hours();
    expect(grid).toHaveLength(48);
    // Injection at the PMi (ESC: the CF contract's 12.5 MW), withdrawal at the PMr (GUA: 500 kW).
    expect(grid[0]).toEqual({ periodo: 1, nodo: ESC, potencia: '12.5', potencia_oferta: '12.5', precio: '51.5', precio_oferta: '51.50', ofertar: true, prioridad: null });
    const gua = grid.filter((hour) => hour.nodo === GUA);
    expect(gua[0]).toMatchObject({ periodo: 1, potencia: '0.5', precio: '80.125', precio_oferta: '80.13', ofertar: true });
    // No price that hour: nothing to bid until the trader types one.
    expect(gua[12]).toMatchObject({ periodo: 13, precio: null, precio_oferta: '', ofertar: false });
  });

  it('requires the operating day, a real one', async () => {
    expect((await w.as(TRADER, { method: 'GET', url: `${BASE}/sube/horas` })).statusCode).toBe(400);
    // Shaped like a date but no calendar day: refused beside the field, not a failure of the server.
    expect(refusal(await w.as(TRADER, { method: 'GET', url: `${BASE}/sube/horas?fecha_operacion=2026-02-31` }))).toEqual([`/fecha_operacion ${CALENDAR_DATE_MESSAGE}`]);
  });
});

describe('the selection rules, in both languages', () => {
  it('has every rule message in Spanish and English', () => {
    const lookup = (catalogue: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
    for (const key of Object.values(PROCESS_RULES)) {
      expect(typeof lookup(esES, key), key).toBe('string');
      expect(typeof lookup(enUS, key), key).toBe('string');
    }
  });

  it('checks what the schema also bounds, for the forms: PM count, percentage, retries', async () => {
    const body = await subeBody();
    expect(subeProblems({ ...body, pm: 0, porcentaje_precio: 101, reintentos: 6 }).map((d) => `${d.instancePath} ${d.message}`)).toEqual([
      `/reintentos ${PROCESS_RULES.retriesRange}`,
      `/pm ${PROCESS_RULES.pmRange}`,
      `/porcentaje_precio ${PROCESS_RULES.percentRange}`,
    ]);
  });
});

describe('POST /registra/ejecuciones: every rule a 400 beside its field', () => {
  async function body(change: (rows: RegistrationRow[]) => RegistrationRow[] = (rows) => rows) {
    return { sitio: 'modified', trabajadores: 4, reintentos: 3, filas: change(await ticked()) };
  }
  const first = (patch: Partial<RegistrationRow>) => (rows: RegistrationRow[]) => [{ ...rows[0]!, ...patch }, ...rows.slice(1)];

  it.each([
    ['no row selected', (rows: RegistrationRow[]) => rows.map((row) => ({ ...row, registrar: false })), [`/filas ${PROCESS_RULES.noRowSelected}`]],
    ['a selected row without PMI', first({ pmi: [] }), [`/filas/0/pmi ${PROCESS_RULES.pmiRequired}`]],
    ['a selected row whose PMI is blank', first({ pmi: [' '] }), [`/filas/0/pmi ${PROCESS_RULES.pmiRequired}`]],
    ['a selected row without PMR', first({ pmr: [] }), [`/filas/0/pmr ${PROCESS_RULES.pmrRequired}`]],
    ['a CF row without a transmission holder', first({ titular_transmision: null }), [`/filas/0/titular_transmision ${PROCESS_RULES.holderRequired}`]],
    ['a start that is no calendar day', first({ inicio: '2025-02-30' }), [`/filas/0/inicio ${CALENDAR_DATE_MESSAGE}`]],
    ['an end before the start', first({ fin: '2025-01-31' }), [`/filas/0/fin ${PROCESS_RULES.dateOrder}`]],
    ['an annex twice', (rows: RegistrationRow[]) => [...rows, rows[0]!], [`/filas/2/codigo ${PROCESS_RULES.rowRepeated}`]],
    ['an annex that does not exist', first({ anexo_id: 999_999 }), [`/filas/0/anexo_id ${PROCESS_RULES.annexUnknown}`]],
  ])('%s', async (_, change, expected) => {
    expect(refusal(await post('/registra/ejecuciones', await body(change)))).toEqual(expected);
  });

  it('more workers than the site allows', async () => {
    expect(refusal(await post('/registra/ejecuciones', { ...(await body()), sitio: 'modified', trabajadores: 11 }))).toEqual([`/trabajadores ${PROCESS_RULES.workersLimit}`]);
    // The schema bounds the larger site's limit and the retries.
    expect((await post('/registra/ejecuciones', { ...(await body()), sitio: 'original', trabajadores: 13 })).statusCode).toBe(400);
    expect((await post('/registra/ejecuciones', { ...(await body()), reintentos: 6 })).statusCode).toBe(400);
  });
  it('leaves a broken row alone when it is not selected', async () => {
    const filas = first({ pmi: [], registrar: false })(await ticked());
    const response = await post('/registra/ejecuciones', { sitio: 'modified', trabajadores: 1, reintentos: 1, filas });
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json().data as Run).total).toBe(1);
  });

});

describe('POST /registra/ejecuciones', () => {
  let run: Run;

  it('answers 201 the run, its items the selected rows in order, its job queued, audited', async () => {
    const filas = await ticked();
    const response = await post('/registra/ejecuciones', { sitio: 'original', trabajadores: 4, reintentos: 3, filas });
    expect(response.statusCode, response.body).toBe(201);
    run = response.json().data as Run;
    expect(run).toMatchObject({
      tipo: 'registra',
      sitio: 'original',
      estado: 'en_curso',
      trabajadores: 4,
      max_reintentos: 3,
      fecha_operacion: null,
      total: 2,
      hechos: 0,
      fallidos: 0,
      pendientes: 2,
      reintentos: 0,
      creado_por: TRADER,
      terminado_en: null,
      detenible: true,
      reanudable: false,
    });
    const [job] = await queryRows<{ tipo: string; parametros: unknown; estado: string }>(t.db, sql`select tipo, parametros, estado from trabajos where id = ${run.trabajo_id}`);
    expect(job).toEqual({ tipo: 'processes.registra', parametros: { ejecucion_id: run.id }, estado: 'pendiente' });
    const items = await queryRows<{ orden: number; clave: string; descripcion: string; datos: Record<string, unknown> }>(
      t.db,
      sql`select orden, clave, descripcion, datos from proceso_items where ejecucion_id = ${run.id} order by orden`,
    );
    expect(items.map((item) => item.clave)).toEqual(filas.map((row) => row.codigo));
    expect(items[0]!.descripcion).toBe(`CP-INY · ${filas[0]!.contraparte}`);
    expect(items[0]!.datos).toEqual({
      codigo_anexo: filas[0]!.codigo,
      tipo_contrato: 'PF',
      transaccion: 'I',
      contraparte: filas[0]!.contraparte,
      inicio: '2025-02-01',
      fin: '2025-02-28',
      pmi: [ESC],
      pmr: ['SV-AHU-115'],
      oferta_maxima: '12.5',
      derechos_transmision: '15 %',
      paga_transporte: false,
      anexo_id: injection.annex,
    });
    const audit = (await auditRows(t, 'run.create')).at(-1)!;
    expect(audit).toMatchObject({ actor_email: TRADER, entity: 'run', entity_id: String(run.id) });
  });

  it('refuses to register again what a run under way is registering on that site', async () => {
    const filas = await ticked();
    expect(refusal(await post('/registra/ejecuciones', { sitio: 'original', trabajadores: 4, reintentos: 3, filas }))).toEqual([
      `/filas/0/registrar ${PROCESS_RULES.alreadyRegistered}`,
      `/filas/1/registrar ${PROCESS_RULES.alreadyRegistered}`,
    ]);
  });

  it('refuses an annex with a live planilla on the site', async () => {
    await t.db.execute(sql`update proceso_ejecuciones set estado = 'completada' where id = ${run.id}`);
    await t.db.execute(sql`insert into planillas_registradas (sitio, numero_planilla, codigo_anexo, anexo_id, ejecucion_id)
      values ('original', 'PL-TEST-1', ${`CP-INY-A${injection.annex}`}, ${injection.annex}, ${run.id})`);
    const filas = await candidates();
    // Still offered, unticked as every row is: the refusal at the start names it.
    expect(filas.map((row) => row.registrar)).toEqual([false, false]);
    expect(refusal(await post('/registra/ejecuciones', { sitio: 'original', trabajadores: 4, reintentos: 3, filas: first0(filas) }))).toEqual([
      `/filas/0/registrar ${PROCESS_RULES.alreadyRegistered}`,
    ]);
    await t.db.execute(sql`delete from planillas_registradas where numero_planilla = 'PL-TEST-1'`);
  });
});

const first0 = (rows: RegistrationRow[]) => [{ ...rows[0]!, registrar: true }, ...rows.slice(1)];

describe('POST /sube/ejecuciones: every rule a 400 beside its field', () => {
  const offered = (grid: BidHour[], index: number, patch: Partial<BidHour>) => grid.map((hour, at) => (at === index ? { ...hour, ...patch } : hour));

  it.each([
    ['an operating day that is no calendar day', async () => subeBody({ fecha_operacion: '2025-02-30' }), [`/fecha_operacion ${CALENDAR_DATE_MESSAGE}`]],
    ['more workers than the modified site allows', async () => subeBody({ sitio: 'modified', trabajadores: 11 }), [`/trabajadores ${PROCESS_RULES.workersLimit}`]],
    ['no hour to bid', async () => subeBody({ horas: (await hours()).map((hour) => ({ ...hour, ofertar: false })) }), [`/horas ${PROCESS_RULES.noHourSelected}`]],
    ['a bid price of 0', async () => subeBody({ horas: offered(await hours(), 3, { precio_oferta: '0' }) }), [`/horas/3/precio_oferta ${PROCESS_RULES.bidPriceInvalid}`]],
    ['a bid price that is no number', async () => subeBody({ horas: offered(await hours(), 4, { precio_oferta: '12,5' }) }), [`/horas/4/precio_oferta ${PROCESS_RULES.bidPriceInvalid}`]],
    ['an hour bid with no price at all', async () => subeBody({ horas: offered(await hours(), 36, { ofertar: true }) }), [`/horas/36/precio_oferta ${PROCESS_RULES.bidPriceInvalid}`]],
    ['an hour twice', async () => subeBody({ horas: [...(await hours()), (await hours())[0]!] }), [`/horas/48/periodo ${PROCESS_RULES.hourRepeated}`]],
    ['prioritisation without the first node', async () => subeBody({ priorizacion: { activa: true, nodos: [null, ESC] } }), [`/priorizacion/nodos/0 ${PROCESS_RULES.firstNodeRequired}`]],
    ['prioritisation without the second node', async () => subeBody({ priorizacion: { activa: true, nodos: [GUA] } }), [`/priorizacion/nodos/1 ${PROCESS_RULES.secondNodeRequired}`]],
    ['a prioritised node not in the grid', async () => subeBody({ priorizacion: { activa: true, nodos: [GUA, 'GT-XXX-1'] } }), [`/priorizacion/nodos/1 ${PROCESS_RULES.nodeUnknown}`]],
    ['a node prioritised twice', async () => subeBody({ priorizacion: { activa: true, nodos: [GUA, GUA] } }), [`/priorizacion/nodos/1 ${PROCESS_RULES.nodeRepeated}`]],
  ])('%s', async (_, make, expected) => {
    expect(refusal(await post('/sube/ejecuciones', await make()))).toEqual(expected);
  });

  it.each(['2026-02-31', '2026-04-31', '2025-02-29', 'mañana', '31/02/2026', '2026-11-29T00:00:00Z', ''])(
    'refuses an operating day %j that is no calendar day beside its field, and starts nothing',
    async (fecha_operacion) => {
      const [before] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from proceso_ejecuciones`);
      const response = await post('/sube/ejecuciones', await subeBody({ fecha_operacion }));
      expect(response.statusCode, response.body).toBe(400);
      const details = (response.json() as { details?: Array<{ instancePath: string }> }).details ?? [];
      expect(details.map((detail) => detail.instancePath)).toContain('/fecha_operacion');
      const [after] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from proceso_ejecuciones`);
      expect(after!.n).toBe(before!.n);
    },
  );

  it('leaves the node slots alone when prioritisation is off, and the schema bounds pm, percentage and retries', async () => {
    for (const change of [{ pm: 0 }, { pm: 401 }, { porcentaje_precio: 0 }, { porcentaje_precio: 101 }, { reintentos: 0 }]) {
      expect((await post('/sube/ejecuciones', await subeBody(change))).statusCode, JSON.stringify(change)).toBe(400);
    }
  });
});

describe('POST /sube/ejecuciones', () => {
  it('answers 201 the run: the PMs with hours to bid, prioritised first, each with its offered hours', async () => {
    const body = await subeBody({ sitio: 'modified', trabajadores: 10 });
    const response = await post('/sube/ejecuciones', body);
    expect(response.statusCode, response.body).toBe(201);
    const run = response.json().data as Run;
    expect(run).toMatchObject({ tipo: 'sube', sitio: 'modified', fecha_operacion: DAY, total: 2, estado: 'en_curso', reanudable: false });
    const items = await queryRows<{ clave: string; descripcion: string; datos: { fecha_operacion: string; pm: string; horas: Array<{ periodo: number; potencia: string; precio: string }> } }>(
      t.db,
      sql`select clave, descripcion, datos from proceso_items where ejecucion_id = ${run.id} order by orden`,
    );
    expect(items.map((item) => item.clave)).toEqual([GUA, ESC]);
    expect(items[0]!.descripcion).toBe(`${GUA} · 12 h`);
    expect(items[0]!.datos.horas).toHaveLength(12);
    expect(items[0]!.datos.horas[0]).toEqual({ periodo: 1, potencia: '0.5', precio: '80.13' });
    expect(items[1]!.datos).toMatchObject({ fecha_operacion: DAY, pm: ESC });
    expect(items[1]!.datos.horas).toHaveLength(24);
    const [stored] = await queryRows<{ parametros: unknown }>(t.db, sql`select parametros from proceso_ejecuciones where id = ${run.id}`);
    expect(stored!.parametros).toEqual({ pm: 400, porcentaje_precio: 100, priorizacion: body.priorizacion });
  });

  it('refuses a PM a run under way is uploading for that day, and caps the run at pm PMs', async () => {
    const again = await subeBody({ sitio: 'modified', trabajadores: 10 });
    expect(refusal(await post('/sube/ejecuciones', again))).toEqual([`/horas/24/nodo ${PROCESS_RULES.pmUnderWay}`, `/horas/0/nodo ${PROCESS_RULES.pmUnderWay}`]);
    // Without prioritisation the node order: ESC before GUA; one PM only.
    const response = await post('/sube/ejecuciones', await subeBody({ pm: 1, priorizacion: { activa: false, nodos: [] } }));
    expect(response.statusCode, response.body).toBe(201);
    const run = response.json().data as Run;
    expect(run.total).toBe(1);
    const items = await w.as(TRADER, { method: 'GET', url: `${BASE}/ejecuciones/${run.id}/items` });
    expect(items.statusCode).toBe(200);
    expect((items.json().data as Array<{ clave: string; estado: string; orden: number }>).map((item) => [item.orden, item.clave, item.estado])).toEqual([[1, ESC, 'pendiente']]);
  });
});

describe('the runs', () => {
  it('lists them newest first, filtered by kind and state', async () => {
    const all = await w.as(TRADER, { method: 'GET', url: `${BASE}/ejecuciones` });
    expect(all.statusCode).toBe(200);
    const runs = all.json().data as Run[];
    expect(runs.length).toBeGreaterThanOrEqual(4);
    expect(runs.map((run) => run.id)).toEqual([...runs.map((run) => run.id)].sort((a, b) => b - a));
    const sube = (await w.as(TRADER, { method: 'GET', url: `${BASE}/ejecuciones?tipo=sube` })).json().data as Run[];
    expect(sube.length).toBe(2);
    expect(sube.every((run) => run.tipo === 'sube')).toBe(true);
    const done = (await w.as(TRADER, { method: 'GET', url: `${BASE}/ejecuciones?estado=completada` })).json().data as Run[];
    expect(done.map((run) => run.tipo)).toEqual(['registra']);
  });

  it('answers one run with its counts from its items and its sessions', async () => {
    const [run] = (await w.as(TRADER, { method: 'GET', url: `${BASE}/ejecuciones?tipo=sube&limit=1` })).json().data as Run[];
    await t.db.execute(sql`update proceso_items set estado = 'hecho', intentos = 3 where ejecucion_id = ${run!.id}`);
    await t.db.execute(sql`insert into proceso_sesiones (ejecucion_id, trabajador, estado, item_clave, intentos) values (${run!.id}, 1, 'enviando', ${ESC}, 2)`);
    const response = await w.as(TRADER, { method: 'GET', url: `${BASE}/ejecuciones/${run!.id}` });
    expect(response.statusCode, response.body).toBe(200);
    const { ejecucion, sesiones } = response.json().data as { ejecucion: Run; sesiones: unknown[] };
    expect(ejecucion).toMatchObject({ id: run!.id, total: 1, hechos: 1, pendientes: 0, reintentos: 2 });
    expect(sesiones).toEqual([expect.objectContaining({ trabajador: 1, estado: 'enviando', item_clave: ESC, intentos: 2 })]);
    // Another trader sees it too (the area's key), but may not stop it.
    const seen = (await w.as(OTHER, { method: 'GET', url: `${BASE}/ejecuciones/${run!.id}` })).json().data as { ejecucion: Run };
    expect(seen.ejecucion.detenible).toBe(false);
  });

  it('answers 404 for a run that does not exist', async () => {
    for (const url of [`${BASE}/ejecuciones/999999`, `${BASE}/ejecuciones/999999/items`, `${BASE}/ejecuciones/999999/eventos`]) {
      expectError(await w.as(TRADER, { method: 'GET', url }), 404, 'APP_ERR_PROCESS_RUN_NOT_FOUND');
    }
    expectError(await post('/ejecuciones/999999/detener', {}), 404, 'APP_ERR_PROCESS_RUN_NOT_FOUND');
  });
});

describe('POST /ejecuciones/{id}/detener', () => {
  async function newRun(as = TRADER): Promise<Run> {
    const response = await post('/sube/ejecuciones', await subeBody({ sitio: 'original', pm: 1, fecha_operacion: '2025-02-11', priorizacion: { activa: false, nodos: [] }, horas: (await hours()).filter((hour) => hour.nodo === GUA) }), as);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as Run;
  }

  it('stops a run a worker is running: deteniendo, its job told, a second stop heard, audited', async () => {
    const run = await newRun();
    await t.db.execute(sql`update trabajos set estado = 'en_curso' where id = ${run.trabajo_id}`);
    const response = await post(`/ejecuciones/${run.id}/detener`, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id: run.id, estado: 'deteniendo', detenible: false });
    const [job] = await queryRows<{ detener: boolean }>(t.db, sql`select detener from trabajos where id = ${run.trabajo_id}`);
    expect(job!.detener).toBe(true);
    const again = await post(`/ejecuciones/${run.id}/detener`, {});
    expect(again.statusCode).toBe(200);
    expect(again.json().data.estado).toBe('deteniendo');
    const audit = (await auditRows(t, 'run.stop')).filter((row) => row.entity_id === String(run.id));
    expect(audit[0]).toMatchObject({ actor_email: TRADER, before: expect.objectContaining({ estado: 'en_curso' }), after: expect.objectContaining({ estado: 'deteniendo' }) });
    await t.db.execute(sql`update proceso_ejecuciones set estado = 'detenida' where id = ${run.id}`);
  });

  it('ends at once a run no worker had claimed: nothing was sent; its live log ends with it', async () => {
    const run = await newRun();
    const response = await post(`/ejecuciones/${run.id}/detener`, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ estado: 'detenida', detenible: false, reanudable: false });
    expect(response.json().data.terminado_en).not.toBeNull();
    const events = await w.as(TRADER, { method: 'GET', url: `${BASE}/ejecuciones/${run.id}/eventos` });
    expect(events.statusCode).toBe(200);
    expect(events.headers['content-type']).toContain('text/event-stream');
    expect(events.body).toContain('jobs.events.pendiente');
    expect(events.body).toContain('jobs.events.detenido');
  });

  it('refuses 409 a stop of a run that has ended, even to an admin: a stopped Sube run stays stopped', async () => {
    const run = await newRun();
    await post(`/ejecuciones/${run.id}/detener`, {});
    expectError(await post(`/ejecuciones/${run.id}/detener`, {}), 409, 'APP_ERR_PROCESS_RUN_ENDED');
    const finished = await newRun();
    await t.db.execute(sql`update proceso_ejecuciones set estado = 'completada', terminado_en = now() where id = ${finished.id}`);
    expectError(await post(`/ejecuciones/${finished.id}/detener`, {}, ADMIN), 409, 'APP_ERR_PROCESS_RUN_ENDED');
  });

  it('lets only who started it or an admin stop it (403 otherwise)', async () => {
    const run = await newRun();
    expectError(await post(`/ejecuciones/${run.id}/detener`, {}, OTHER), 403, 'APP_ERR_AUTH_FORBIDDEN');
    const response = await post(`/ejecuciones/${run.id}/detener`, {}, ADMIN);
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('Supresion', () => {
  let registra: number;

  beforeAll(async () => {
    const [run] = await queryRows<{ id: number }>(t.db, sql`select id from proceso_ejecuciones where tipo = 'registra' order by id limit 1`);
    registra = run!.id;
    await t.db.execute(sql`insert into planillas_registradas (sitio, numero_planilla, codigo_anexo, anexo_id, ejecucion_id, tipo_contrato, transaccion, contraparte, pmi, pmr, registrada_en)
      values ('original', 'P-1', 'CP-INY-A1', null, ${registra}, 'PF', 'I', 'Alfa', '{GT-ESC-230}', '{SV-AHU-115}', now() - interval '2 minutes'),
             ('original', 'P-2', 'CP-RET-A2', null, ${registra}, 'PF', 'R', 'Beta', '{}', '{GT-GUA-69}', now() - interval '1 minute'),
             ('modified', 'M-1', 'CP-RET-A2', null, ${registra}, 'PF', 'R', 'Beta', '{}', '{GT-GUA-69}', now())`);
    await t.db.execute(sql`insert into planillas_registradas (sitio, numero_planilla, codigo_anexo, ejecucion_id, eliminada_en)
      values ('original', 'P-0', 'CP-OLD-A9', ${registra}, now())`);
  });

  it('lists the live planillas, newest first', async () => {
    const response = await w.as(TRADER, { method: 'GET', url: `${BASE}/supresion/planillas` });
    expect(response.statusCode).toBe(200);
    const rows = response.json().data as Array<Record<string, unknown>>;
    expect(rows.map((row) => row.numero_planilla)).toEqual(['M-1', 'P-2', 'P-1']);
    expect(rows[2]).toMatchObject({ ejecucion_id: registra, tipo_contrato: 'PF', transaccion: 'I', contraparte: 'Alfa', pmi: [ESC], pmr: ['SV-AHU-115'], codigo_anexo: 'CP-INY-A1', sitio: 'original' });
  });

  it('deletes the chosen planillas of one site as a run, audited', async () => {
    const response = await post('/supresion/eliminar', { numeros: ['P-2', 'P-1'] });
    expect(response.statusCode, response.body).toBe(201);
    const run = response.json().data as Run;
    expect(run).toMatchObject({ tipo: 'supresion', sitio: 'original', total: 2, trabajadores: 2, max_reintentos: 3, estado: 'en_curso' });
    const items = await queryRows<{ clave: string; descripcion: string; datos: unknown }>(t.db, sql`select clave, descripcion, datos from proceso_items where ejecucion_id = ${run.id} order by orden`);
    expect(items).toEqual([
      { clave: 'P-2', descripcion: 'CP-RET-A2 · Beta', datos: { numero_planilla: 'P-2' } },
      { clave: 'P-1', descripcion: 'CP-INY-A1 · Alfa', datos: { numero_planilla: 'P-1' } },
    ]);
    expect((await auditRows(t, 'run.create')).at(-1)).toMatchObject({ entity_id: String(run.id) });
  });

  it('refuses numbers that are no live planilla, and numbers of two sites', async () => {
    expect(refusal(await post('/supresion/eliminar', { numeros: ['P-1', 'P-0', 'NOPE'] }))).toEqual([
      `/numeros/1 ${PROCESS_RULES.planillaUnknown}`,
      `/numeros/2 ${PROCESS_RULES.planillaUnknown}`,
    ]);
    expect(refusal(await post('/supresion/eliminar', { numeros: ['P-1', 'M-1'] }))).toEqual([`/numeros ${PROCESS_RULES.planillasOfTwoSites}`]);
    expect((await post('/supresion/eliminar', { numeros: [] })).statusCode).toBe(400);
  });
});

describe('the pre-flight credit check of a Sube run', () => {
  /** One hour at ESC of 1 MW at `precio`: it may cost exactly `precio` dollars. */
  const oneHour = async (precio: string) => {
    const [hour] = (await hours()).filter((each) => each.nodo === ESC && each.periodo === 1);
    return subeBody({ sitio: 'original', trabajadores: 1, pm: 1, priorizacion: { activa: false, nodos: [] }, horas: [{ ...hour!, potencia_oferta: '1', precio_oferta: precio, ofertar: true }] });
  };

  it("answers each EOR branch's available value and the branch bidding at each node of the day", async () => {
    const response = await w.as(TRADER, { method: 'GET', url: `${BASE}/sube/credito?fecha_operacion=${DAY}` });
    expect(response.statusCode, response.body).toBe(200);
    const credit = response.json().data as MerCredit;
    expect(credit.sucursales.find((branch) => branch.sucursal === 'GT')).toMatchObject({ monto_garantizado: '1000000000', disponible: '1000000000' });
    expect(credit.sucursales.map((branch) => branch.sucursal)).toEqual(['GT', 'SV', 'PA']);
    // Each node's contract branch; a node is bid by its country's branch where that is one of
    // ours in the MER: SV-AHU-115 by El Salvador's, though its contract is Guatemala's.
    expect(credit.nodos).toEqual([
      { nodo: ESC, sucursal: 'GT' },
      { nodo: GUA, sucursal: 'GT' },
      { nodo: 'SV-AHU-115', sucursal: 'GT' },
    ]);
    const branchOf = nodeBranchOf({ nodos: [...credit.nodos, { nodo: 'HN-AGC-230', sucursal: 'GT' }] });
    expect([ESC, 'SV-AHU-115', 'HN-AGC-230', 'NI-XYZ'].map(branchOf)).toEqual(['GT', 'SV', 'GT', null]);
  });

  it('refuses a run one cent over the available value (409 naming the shortfall, nothing started), and starts one just under it', async () => {
    const patched = await w.as(ADMIN, { method: 'PATCH', url: '/garantias/api/v1/instrumentos', payload: { id: guarantee.id, version: guarantee.version, monto: '1234.56' } });
    expect(patched.statusCode, patched.body).toBe(200);
    guarantee = patched.json().data as Instrument;
    const runs = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from proceso_ejecuciones`))[0]!.n;
    const before = await runs();

    const over = await post('/sube/ejecuciones', await oneHour('1234.57'));
    expectError(over, 409, 'APP_ERR_GUARANTEE_SHORT');
    expect(over.json().details).toEqual([
      expect.objectContaining({ instancePath: '/horas', keyword: 'guaranteeShort', params: { sucursal: 'GT', exposicion: '1234.57', disponible: '1234.56', faltante: '0.01', horas: 1 } }),
    ]);
    expect(await runs()).toBe(before);

    const under = await post('/sube/ejecuciones', await oneHour('1234.55'));
    expect(under.statusCode, under.body).toBe(201);
    expect(await runs()).toBe(before + 1);

    const restored = await w.as(ADMIN, { method: 'PATCH', url: '/garantias/api/v1/instrumentos', payload: { id: guarantee.id, version: guarantee.version, monto: '1000000000.00' } });
    expect(restored.statusCode, restored.body).toBe(200);
  });
});

describe('who may call', () => {
  const calls: Array<[string, string, object?]> = [
    ['GET', `${BASE}/registra/candidatos`],
    ['GET', `${BASE}/sube/horas?fecha_operacion=${DAY}`],
    ['GET', `${BASE}/sube/credito?fecha_operacion=${DAY}`],
    ['POST', `${BASE}/registra/ejecuciones`, { sitio: 'original', trabajadores: 1, reintentos: 1, filas: [] }],
    ['POST', `${BASE}/sube/ejecuciones`, {}],
    ['GET', `${BASE}/ejecuciones`],
    ['GET', `${BASE}/ejecuciones/1`],
    ['GET', `${BASE}/ejecuciones/1/items`],
    ['GET', `${BASE}/ejecuciones/1/eventos`],
    ['POST', `${BASE}/ejecuciones/1/detener`, {}],
    ['GET', `${BASE}/supresion/planillas`],
    ['POST', `${BASE}/supresion/eliminar`, { numeros: ['P-1'] }],
  ];

  it.each(calls)('%s %s: 401 without a token, 403 without the acciones key', async (method, url, payload) => {
    const request = { method: method as 'GET' | 'POST', url, ...(payload ? { payload } : {}) };
    expectError(await t.app.inject(request), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    expectError(await w.as(NO_KEY, request), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});
