// @vitest-environment node
// Walks every mutation route the app records (the auth plugin's onRoute hook, so a route added
// later is walked without anyone writing a test for it) and sends it bodies derived from its
// own JSON Schema, each one defect away from a valid body: a required field missing, a wrong
// type, a number one past its bound, a string one past its maxLength, an unknown field,
// malformed JSON, a wrong content type. Every one must be refused with a 4xx and the one error
// body, and leave every table as it was. A string or number field without a bound fails the
// walk too. What is known to be wrong today is listed in KNOWN_GAPS, each with its reason;
// a listed gap that no longer shows fails the walk, so the list only shrinks.
import { addDays, businessToday } from '../../schemas/date.schema';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECIMAL_BOUNDS, decimalSchema, nullableDecimalSchema } from '../../schemas/decimal.schema';
import { EMAIL_PATTERN } from '../../schemas/email.schema';
import { errorBodySchema } from '../../schemas/error-body.schema';
import { FILE_KEY_PATTERN } from '../../schemas/file.schema';
import { PERMISSION_KEYS } from '../../schemas/permission-key.schema';
import type { DeclaredRoute } from '../../server/plugins/auth';
import { companyBody, contactBody, storedFileKey } from './companies-fixtures';
import { annexBody, contractBody } from './contracts-fixtures';
import { bearer, startTestApp } from './helpers';
import { CALLER_COUNTRY, createCaller, grantsExcept, routeLabel } from './support/route-callers';
import { deriveVariants, validValue, type BodyVariant, type JsonPath, type JsonSchema } from './support/schema-bodies';
import { fillMissingMarketData } from '../../server/db/seed/market-fill';
import { draftFromSettlement } from '../../server/invoicing/draft-invoice';
import { tableState, type TableState } from './support/table-state';

/** Every body derives from this seed: change it to see other valid bodies, keep it to reproduce. */
const SEED = 20_250_201;

/**
 * What the walk finds wrong today, one line per gap: `<METHOD> <url> <finding>` (a `*` stands
 * for anything) and why it is still open. The walk fails on a finding not listed here and on
 * a line that no longer matches anything. Empty: bodies are checked as typed, and every id and
 * version is bounded by the database's integer range (schemas/record.schema.ts).
 */
const KNOWN_GAPS: Record<string, string> = {};

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Why a recorded mutation route is not walked, or null when it is. */
function leftOutBecause(route: DeclaredRoute): string | null {
  // The built-in identity service answers the AWS JSON protocol (application/x-amz-json-1.1,
  // Cognito's error shapes, no JSON Schema per action); tests/server/idp*.test.ts cover it.
  if (route.url === '/idp' || route.url.startsWith('/idp/')) return 'the identity service speaks the AWS JSON protocol';
  // Upload routes read multipart parts in their handler (the files tests send bad uploads),
  // and path-only deletes name their record in the URL: neither has a JSON body to break.
  if (route.schema.body === undefined) return 'no JSON body schema (a multipart upload or a path-only call)';
  // The market-site simulator plays another company's site: its calls need that site's own
  // session (a valid body alone is refused 401), and it stores nothing in our database;
  // tests/server/market-sim.test.ts covers it. Its control calls (admin) are walked.
  if (/^\/market-sim\/:sitio\/api\//.test(route.url)) return "the simulated site's own calls (its own session token)";
  return null;
}

// The bid-process runs the walk asks for are queued, never run: no job worker claims them.
const t = await startTestApp({ env: { JOB_WORKERS: '0' } });
await t.app.ready();
const mutationRoutes = t.app.declaredRoutes.filter((route) => MUTATIONS.has(route.method));
const walked = mutationRoutes.filter((route) => leftOutBecause(route) === null);

const CALLER = 'todo@test.energy';
const LIVE_PLANILLA = 'PL-WALK-1';
const TARGET_USER = 'objetivo@test.energy';

/** Real records the bodies and paths refer to, so a defect that got through would show. */
interface World {
  token: string;
  fileKey: string;
  company: { id: number; contactos: Array<{ id: number }>; coordenadas_bancarias: Array<{ id: number }> };
  /** A contract without annexes (so it may be deleted), and one with the annex. */
  contractId: number;
  annexContractId: number;
  annexId: number;
  /** A Guatemalan local annex in force through 2031: what an AMM record declares. */
  ammAnnexId: number;
  /** A preliminary DF someone else computed (to validate), and a validated DF at version 1 (to reconcile). */
  settlementToValidate: number;
  /** A contract whose February 2025 PE has all its market data. */
  settlementContractId: number;
  settlementToReconcile: number;
  /** A validated DF without its document (to draft), and documents to edit and request, to issue, to pay. */
  settlementToInvoice: number;
  invoiceDraft: number;
  invoiceRequested: number;
  invoiceIssued: number;
  /** A Panama charge period in 2030 (to update). */
  charge: number;
  /** A guarantee instrument posted with the AMM (to edit). */
  instrument: number;
  user: { id: number; email: string; rol_id: number };
}

let w: World;
let state: TableState;
let baseline: Record<string, string>;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const isErrorBody = ajv.compile(errorBodySchema);
const ERROR_BODY_KEYS = new Set(Object.keys(errorBodySchema.properties));

/** Findings of the walked routes, by route, for the KNOWN_GAPS check at the end. */
const findingsByRoute = new Map<string, string[]>();

beforeAll(async () => {
  // Everything: every view key, and a role granting every page action in the caller's country.
  await createCaller(t, { email: CALLER, viewKeys: PERMISSION_KEYS, grants: grantsExcept([]) });
  const user = await createCaller(t, { email: TARGET_USER, viewKeys: ['dashboard'], grants: grantsExcept([]) });
  const token = await t.mintToken(CALLER);
  const create = async (url: string, payload: object) => {
    const response = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
    return response.json().data;
  };
  const fileKey = await storedFileKey(t, 'variantes.pdf');
  // Two contacts, so one may be deleted (a company keeps at least one).
  const company = await create(
    '/empresas/api/v1/post',
    companyBody({
      contactos: [contactBody(), contactBody({ nombre: 'Pedro Ruiz', email: 'pedro@energia-gt.test' })],
      documentos: [{ tipo: 'escritura_constitucion', key: fileKey }],
    }),
  );
  const contract = await create('/contratos/api/v1/create', contractBody(company.id, fileKey));
  const annexContract = await create('/contratos/api/v1/create', contractBody(company.id, fileKey, { codigo_contraparte: 'CP-0002' }));
  const annex = await create('/anexos/api/v1/create', annexBody(annexContract.id, { archivo: fileKey }));
  // Settlements as the engine leaves them (no rows needed): validating one, reconciling the other.
  const settlement = async (mes: number, validated: boolean) => {
    const result = await t.db.execute(sql`
      insert into liquidaciones (contrato_id, anio, mes, version_liquidacion, calculada_por, calculada_en)
      values (${annexContract.id}, 2025, ${mes}, 'DF', 'preparador@test.energy', now()) returning id`);
    const id = (result as unknown as { rows: Array<{ id: number }> }).rows[0]!.id;
    if (validated) await t.db.execute(sql`update liquidaciones set estado = 'validada', validada_por = 'validador@test.energy', validada_en = now() where id = ${id}`);
    return id;
  };
  // A contract of its own for computing a settlement (its annex's energy would keep the other
  // annex from being deleted), with every input of February 2025's PE.
  const settlementContract = await create('/contratos/api/v1/create', contractBody(company.id, fileKey, { codigo_contraparte: 'CP-0003' }));
  await create('/anexos/api/v1/create', annexBody(settlementContract.id, { archivo: fileKey }));
  await fillMissingMarketData(t.db, settlementContract.id, 2025, 2, 'PE');
  // A local Guatemalan contract in force through 2031, for an AMM record whose gate is still open.
  const ammContract = await create('/contratos/api/v1/create', contractBody(company.id, fileKey, { codigo_contraparte: 'CP-AMM', local_regional: 'local', fecha_inicio: '2031-01-01' }));
  const ammAnnex = await create('/anexos/api/v1/create', annexBody(ammContract.id, { archivo: fileKey, fecha_inicio: '2031-01-01', fecha_fin: '2031-12-31' }));
  // A planilla a Registra run registered, for a deletion to name.
  await t.db.execute(sql`with job as (insert into trabajos (tipo, estado, creado_por) values ('processes.registra', 'terminado', ${CALLER}) returning id),
      run as (insert into proceso_ejecuciones (tipo, sitio, estado, trabajadores, max_reintentos, trabajo_id, creado_por)
        select 'registra', 'original', 'completada', 1, 1, id, ${CALLER} from job returning id)
    insert into planillas_registradas (sitio, numero_planilla, codigo_anexo, ejecucion_id) select 'original', ${LIVE_PLANILLA}, 'CP-0002-A1', id from run`);
  // Invoices of validated DFs of the annex's contract (no rows: an invoice amount of 100 in one
  // line), drafted as the routes do, then moved on with SQL: one requested by someone else (so
  // the caller may issue it), one issued (so the caller may pay it).
  const invoiced = async (mes: number) => {
    const id = await settlement(mes, false);
    await t.db.execute(sql`update liquidaciones set liquidacion_energia = 100, factura = 100 where id = ${id}`);
    await t.db.execute(sql`update liquidaciones set estado = 'validada', validada_por = 'validador@test.energy', validada_en = now() where id = ${id}`);
    return id;
  };
  const invoice = async (mes: number) => draftFromSettlement(t.db, await invoiced(mes), 'preparador@test.energy');
  const requested = async (id: number) =>
    t.db.execute(sql`update facturas set estado = 'SOLICITADO', solicitado_por = 'solicitante@test.energy', solicitado_en = now() where id = ${id}`);
  const invoiceDraft = await invoice(4);
  const invoiceRequested = await invoice(5);
  await requested(invoiceRequested);
  const invoiceIssued = await invoice(6);
  await requested(invoiceIssued);
  await t.db.execute(sql`update facturas set estado = 'FACTURADO', numero = 'F-WALK-1', fecha_emision = '2025-07-01', fecha_vencimiento = '2025-07-31',
      archivo_fisica = ${fileKey}, archivo_flex = ${fileKey}, emitido_por = 'emisor@test.energy', emitido_en = now() where id = ${invoiceIssued}`);
  w = {
    token,
    settlementToInvoice: await invoiced(3),
    invoiceDraft,
    invoiceRequested,
    invoiceIssued,
    fileKey,
    company,
    contractId: contract.id,
    annexContractId: annexContract.id,
    settlementContractId: settlementContract.id,
    annexId: annex.id,
    ammAnnexId: ammAnnex.id,
    settlementToValidate: await settlement(1, false),
    settlementToReconcile: await settlement(2, true),
    charge: (
      await create('/countries/api/v1/create/cargo/', {
        pais_id: 6,
        codigo: 'PA_WALK',
        nombre: 'Cargo del recorrido',
        base: 'mwh_ambos',
        unidad: 'USD/MWh',
        moneda: 'USD',
        tasa: '1.5',
        vigente_desde: '2030-01-01',
        pagador: 'vendedor',
      })
    ).id,
    instrument: (
      await create('/garantias/api/v1/instrumentos', {
        operador: 'AMM',
        sucursal: 'GT',
        agente: 'EPWM-GT',
        tipo: 'carta_credito',
        emisor: 'Banco del recorrido',
        numero: 'LC-WALK',
        moneda: 'USD',
        monto: '1000.00',
        fecha_emision: '2030-01-01',
        fecha_vencimiento: '2030-12-31',
      })
    ).id,
    user: { id: user.id, email: user.email, rol_id: user.rol_id ?? 0 },
  };
  // The EOR guarantee of Guatemala's branch, in force today: a Sube run's bids pass its credit check.
  await create('/garantias/api/v1/instrumentos', {
    operador: 'EOR',
    sucursal: 'GT',
    agente: 'EPWM-GT',
    tipo: 'deposito',
    emisor: 'Banco del recorrido',
    numero: 'DEP-WALK',
    moneda: 'USD',
    monto: '1000000.00',
    fecha_emision: addDays(businessToday(), -1),
    fecha_vencimiento: addDays(businessToday(), 365),
  });
  // An ERCOT settlement point with nothing stored of it, for the calls that name one.
  await t.db.execute(sql`insert into ercot_puntos (nombre, tipo, vigente_desde) values ('HB_WALK', 'HU', '2010-12-01')`);
  state = await tableState(t.db);
  await state.save();
  baseline = await state.checksums();
});

afterAll(async () => {
  await state?.drop();
  await t.close();
});

/** The record a route's `:id` (and a body's top-level `id`) names, by the area its URL is in. */
const RECORD_OF_AREA: Array<[RegExp, (world: World) => number | undefined]> = [
  [/^\/api\/v2\/(user|update-permisos-usuarios|get-permisos-usuario)\b/, (world) => world.user.id],
  [/^\/api\/v2\/roles\b/, (world) => world.user.rol_id],
  [/^\/empresas\//, (world) => world.company.id],
  [/^\/contact\//, (world) => world.company.contactos[0]?.id],
  [/^\/contratos\//, (world) => world.contractId],
  [/^\/anexos\//, (world) => world.annexId],
  [/^\/liquidacion\/api\/v3\/liquidaciones\/:id\/validar$/, (world) => world.settlementToValidate],
  [/^\/liquidacion\/api\/v3\/liquidaciones\/:id\/conciliar$/, (world) => world.settlementToReconcile],
  [/^\/facturacion\/api\/v1\/facturas\/:id$/, (world) => world.invoiceDraft],
  [/^\/facturacion\/api\/v1\/facturas\/:id\/emitir$/, (world) => world.invoiceRequested],
  [/^\/facturacion\/api\/v1\/facturas\/:id\/pagos$/, (world) => world.invoiceIssued],
  [/^\/countries\/api\/v1\/(update\/)?cargo\//, (world) => world.charge],
  [/^\/garantias\/api\/v1\/instrumentos\b/, (world) => world.instrument],
];

function recordIdFor(url: string): number {
  return RECORD_OF_AREA.find(([area]) => area.test(url))?.[1](w) ?? 1;
}

function concreteUrl(route: DeclaredRoute): string {
  return route.url
    .replace(/:email\b/g, encodeURIComponent(w.user.email))
    .replace(/:id\b/g, String(recordIdFor(route.url)))
    .replace(/:sitio\b/g, 'original')
    .replace(/:[A-Za-z_]\w*/g, '1');
}

/**
 * Values a valid body needs beyond its schema, by field name: rules the handlers check (a
 * status change must change the status, an end after its start, a percentage-typed amount).
 */
const BUSINESS_RULE_VALUES: Record<string, unknown> = {
  // The roles and users made here are all of one country; a user's role must be of theirs.
  pais: CALLER_COUNTRY,
  // The target user is active: the status change that exists is switching them off.
  estado: 'inactive',
  fecha_inicio: '2025-02-01',
  fecha_fin: '2025-02-28',
  // With derecho_transmision_tipo '%' the right is a percentage.
  derecho_transmision: '15',
  // A role matrix grants no action on a page it cannot view.
  view: true,
  // A cash-flow range is at most two years long; a statement's cut-off date a real day.
  desde: '2025-03-01',
  hasta: '2025-03-31',
  fecha_corte: '2025-04-15',
};

/**
 * Values that make the valid body refer to the real records above (by field name and
 * pattern, not by route): a generated id would only ever be refused as "not found".
 */
function hintsFor(route: DeclaredRoute) {
  return (path: JsonPath, schema: JsonSchema): unknown => {
    const field = String(path[path.length - 1]);
    if (schema.pattern === FILE_KEY_PATTERN) return w.fileKey;
    if (schema.pattern === EMAIL_PATTERN) return 'variante@test.energy';
    // A log book: a day whose gate is years away, without offers; an AMM record declares the
    // local annex above, in force in its range; an import agent's period in order.
    if (route.url.startsWith('/bitacoras/api/v1/')) {
      const amm = route.url.endsWith('/create-amm');
      const logbook: Record<string, unknown> = {
        fecha_operacion: '2031-01-10',
        filas: amm ? [{ periodo: 1, pm: 'GT-ESC-230', sentido: 'I', tipo: 'DECLARACION', anexo_id: w.ammAnnexId, mw_declarada: '1', mw_fija: null, bloques: [{ precio: '50.00', mw: '1' }] }] : [],
        enviar: false,
        nueva_version: false,
        desde: '2031-01-10',
        hasta: '2031-01-20',
        vigente_desde: '2031-01-01',
        vigente_hasta: '2031-12-31',
      };
      if (field in logbook) return logbook[field];
    }
    // A report takes the countries it covers: the first of them.
    if (route.url.startsWith('/reportes/api/v1/') && field === 'pais' && Array.isArray(schema.enum)) return schema.enum[0];
    if (field in BUSINESS_RULE_VALUES) return BUSINESS_RULE_VALUES[field];
    // A settlement key: February 2025's PE of the annex's contract, whose market data is loaded.
    if (route.url === '/liquidacion/api/v3/pre-liquidacion' || route.url === '/liquidacion/api/v3/liquidaciones') {
      const settlement: Record<string, unknown> = {
        contrato_id: w.settlementContractId,
        anio: 2025,
        mes: 2,
        version: 'PE',
        codigo_contraparte: 'CP-0003',
        codigo_agente: contractBody(0, '').codigo_agente,
      };
      if (field in settlement) return settlement[field];
    }
    // Invoicing: the records above, a real day, an amount the issued invoice still owes in its
    // currency, an adjustment that keeps the total above 0.
    const invoiceHint = invoiceHintFor(route.url, path, field);
    if (invoiceHint !== undefined) return invoiceHint;
    // A charge period: a basis that feeds any input, USD (any country), in a year nothing else is in.
    if (route.url.startsWith('/countries/api/v1/')) {
      const charge: Record<string, unknown> = { pais_id: 6, base: 'mwh_ambos', moneda: 'USD', tasa: '1.5', vigente_desde: '2031-01-01', vigente_hasta: '2031-12-31' };
      if (field in charge) return charge[field];
    }
    // A guarantee instrument: the AMM's, of its branch and currency, issued before it is due.
    if (route.url.startsWith('/garantias/api/v1/')) {
      const instrument: Record<string, unknown> = { operador: 'AMM', sucursal: 'GT', moneda: 'USD', fecha_emision: '2031-01-01', fecha_vencimiento: '2031-12-31', liberada_en: null };
      if (field in instrument) return instrument[field];
    }
    // ERCOT: the walk's settlement point (a price workbook's points, a point edited) and a validity that keeps it in force.
    if (route.url.startsWith('/ercot/api/v1/')) {
      if (path[0] === 'puntos') return path.length === 1 ? ['HB_WALK'] : 'HB_WALK';
      const point: Record<string, unknown> = { nombre: 'HB_WALK', vigente_desde: '2010-12-01', vigente_hasta: null };
      if (field in point) return point[field];
    }
    // A bid-process run: a selection that keeps every rule of machines/processes/selection-rules.ts.
    const processHint = processHintFor(route.url, path, field);
    if (processHint !== undefined) return processHint;
    // The summary, monitoring, report and dashboard calls: their `version` is a settlement version, not a record's edit counter.
    const settlementVersion = /^\/liquidacion\/api\/v3\/(resumen|liquidations|contracts)$/.test(route.url) || /^\/(monitoreo|reportes|dashboard)\/api\/v1\//.test(route.url);
    if (settlementVersion && field === 'version') return 'DF';
    // A file's catalogue type (the migrations seed ids from 1); a document's `tipo` is a kind name.
    if (field === 'tipo' && [schema.type].flat().includes('integer')) return 1;
    switch (field) {
      case 'empresa_id':
        return w.company.id;
      case 'contrato_id':
        return w.annexContractId;
      case 'rol_id':
        return w.user.rol_id;
      // Every record made here is at its first version.
      case 'version':
        return 1;
      case 'id': {
        if (path.length === 1) return recordIdFor(route.url);
        // A child row of the company (contactos/0/id, coordenadas_bancarias/0/id).
        const list = (w.company as unknown as Record<string, Array<{ id: number }> | undefined>)[String(path[0])];
        return list?.[0]?.id;
      }
      default:
        return undefined;
    }
  };
}

/** The values a valid invoicing request needs beyond its schema, or undefined. */
function invoiceHintFor(url: string, path: JsonPath, field: string): unknown {
  if (!url.startsWith('/facturacion/api/v1/')) return undefined;
  if (path[0] === 'Facturas') return path.length === 1 ? [w.invoiceDraft] : w.invoiceDraft;
  const values: Record<string, unknown> = {
    liquidacion_id: w.settlementToInvoice,
    // Not before the invoiced month (May, to issue) nor before the issue (1 July, to pay), not after today.
    fecha: '2025-07-05',
    monto: '1.00',
    moneda: 'USD',
    ajuste: '0.00',
  };
  return values[field];
}

/** The values a valid Registra, Sube or Supresion request needs beyond its schema, or undefined. */
function processHintFor(url: string, path: JsonPath, field: string): unknown {
  if (!url.startsWith('/procesos/api/v1/')) return undefined;
  if (url.endsWith('/supresion/eliminar') && path[0] === 'numeros') return path.length === 1 ? [LIVE_PLANILLA] : LIVE_PLANILLA;
  const values: Record<string, unknown> = {
    // Within the limit of either site.
    trabajadores: 1,
    // A registration row to register: the annex above, real dates in order, a transmission holder.
    anexo_id: w.annexId,
    registrar: true,
    inicio: '2025-02-01',
    fin: '2025-02-28',
    titular_transmision: 'EPWM GT',
    // A bid hour to bid at a valid price, on a real day, no node prioritised, at a node of
    // Guatemala's (its EOR guarantee covers it: the world's).
    fecha_operacion: '2025-02-10',
    nodo: 'GT-WALK-230',
    ofertar: true,
    precio_oferta: '50.00',
    activa: false,
  };
  return values[field];
}

function requestOf(route: DeclaredRoute, variant: BodyVariant): InjectOptions {
  const base = { method: route.method as InjectOptions['method'], url: concreteUrl(route), headers: bearer(w.token) };
  if ('json' in variant.payload) return { ...base, payload: variant.payload.json as object };
  return { ...base, headers: { ...base.headers, 'content-type': variant.payload.contentType }, payload: variant.payload.raw };
}

/** What is wrong with the answer to one variant, or an empty list. */
async function problemsOf(route: DeclaredRoute, variant: BodyVariant): Promise<string[]> {
  const response = await t.app.inject(requestOf(route, variant));
  const problems: string[] = [];
  const status = response.statusCode;
  if (status < 400 || status > 499) problems.push(`answered ${status}`);
  if (status >= 400) {
    let body: unknown;
    try {
      body = response.json();
    } catch {
      body = response.body;
    }
    const keys = body !== null && typeof body === 'object' ? Object.keys(body) : [];
    if (!isErrorBody(body) || (body as { statusCode: number }).statusCode !== status || keys.some((key) => !ERROR_BODY_KEYS.has(key))) {
      problems.push(`answered ${status} without the error body: ${response.body.slice(0, 200)}`);
    }
  }
  const after = await state.checksums();
  const changed = state.tables.filter((table) => after[table] !== baseline[table]);
  if (changed.length > 0) {
    problems.push(`changed ${changed.join(', ')}`);
    // Back to the saved tables, so this finding does not hide or cause the next one.
    await state.restore(changed);
    const restored = await state.checksums();
    expect(state.tables.filter((table) => restored[table] !== baseline[table]), 'tables not restored').toEqual([]);
  }
  return problems;
}

/** `*` in a KNOWN_GAPS line stands for anything. */
function gapMatcher(line: string): RegExp {
  return new RegExp(`^${line.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
}
const knownGaps = Object.keys(KNOWN_GAPS).map((line) => ({ line, matches: gapMatcher(line) }));

describe('the body derivation', () => {
  const schema: JsonSchema = {
    type: 'object',
    additionalProperties: false,
    required: ['nombre', 'monto', 'lista'],
    properties: {
      nombre: { type: 'string', minLength: 1, maxLength: 5, pattern: '\\S' },
      monto: { type: 'string', maxLength: 6, pattern: '^\\d+(\\.\\d+)?$' },
      nota: { type: ['string', 'null'] },
      plazo: { type: 'integer', minimum: 1 },
      clave: { type: 'string', pattern: '^[A-Z]{3}$' },
      tipo: { type: 'string', enum: ['a', 'b'] },
      alias: { anyOf: [{ type: 'string', maxLength: 3, pattern: '^[a-z]+$' }, { type: 'object', properties: { texto: { type: 'string' } } }] },
      lista: {
        type: 'array',
        minItems: 1,
        items: { type: 'object', additionalProperties: false, required: ['activo'], properties: { activo: { type: 'boolean' } } },
      },
    },
  };

  it('derives a valid body, one variant per defect, and names the fields without a bound', () => {
    const body = validValue(schema, { seed: SEED });
    const validate = ajv.compile(schema);
    expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
    const { variants, gaps, problems } = deriveVariants(schema, body);
    expect(problems).toEqual([]);
    expect(gaps.map((gap) => gap.label)).toEqual([
      'unbounded-string /nota',
      'unbounded-number /plazo (no maximum)',
      'unbounded-string /alias (branch 2)/texto',
    ]);
    expect(variants.map((variant) => variant.label)).toEqual([
      'missing /nombre',
      'missing /monto',
      'missing /lista',
      'unknown-field /',
      'wrong-type(integer) /nombre',
      'too-long /nombre',
      'wrong-type(integer) /monto',
      'too-long /monto',
      'wrong-type(integer) /nota',
      'wrong-type(string) /plazo',
      'below-minimum /plazo',
      'wrong-type(integer) /clave',
      'wrong-type(integer) /tipo',
      'wrong-type(integer) /alias',
      'too-long /alias',
      'wrong-type(object) /lista',
      'wrong-type(string) /lista/0',
      'missing /lista/0/activo',
      'unknown-field /lista/0',
      'wrong-type(string) /lista/0/activo',
      'malformed-json',
      'text-plain',
    ]);
    for (const variant of variants) {
      if ('json' in variant.payload) expect(validate(variant.payload.json), variant.label).toBe(false);
    }
    const tooLong = variants.find((variant) => variant.label === 'too-long /monto')?.payload as { json: { monto: string } };
    expect(tooLong.json.monto).toMatch(/^\d+(\.\d+)?$/);
    expect(tooLong.json.monto).toHaveLength(7);
  });

  it('sends each bounded decimal a value just past each bound and one with a decimal too many', () => {
    const decimals: JsonSchema = {
      type: 'object',
      additionalProperties: false,
      required: ['margen', 'energia'],
      properties: {
        margen: decimalSchema(DECIMAL_BOUNDS.percentage),
        energia: decimalSchema(DECIMAL_BOUNDS.quantity),
        fee: nullableDecimalSchema(DECIMAL_BOUNDS.price),
        monto: decimalSchema(DECIMAL_BOUNDS.money),
      },
    };
    const body = validValue(decimals, { seed: SEED });
    const validate = ajv.compile(decimals);
    expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
    const { variants, gaps, problems } = deriveVariants(decimals, body);
    expect(problems).toEqual([]);
    // A decimal's pattern bounds its length: no maxLength is needed, and none is missed.
    expect(gaps).toEqual([]);
    const pastBounds = Object.fromEntries(
      variants
        .filter((variant) => /^(below-minimum|above-maximum|too-precise) /.test(variant.label))
        .map((variant) => [variant.label, (variant.payload as { json: Record<string, unknown> }).json[variant.label.split('/')[1]!]]),
    );
    expect(pastBounds).toEqual({
      'below-minimum /margen': '-0.0001',
      'above-maximum /margen': '100.0001',
      'too-precise /margen': '1.00001',
      'below-minimum /energia': '0',
      'above-maximum /energia': '1000000000.000',
      'too-precise /energia': '1.0001',
      'below-minimum /fee': '-0.0001',
      'above-maximum /fee': '100000000.0000',
      'too-precise /fee': '1.00001',
      'below-minimum /monto': '-0.01',
      'above-maximum /monto': '1000000000000.00',
      'too-precise /monto': '1.001',
    });
    for (const variant of variants) {
      if ('json' in variant.payload) expect(validate(variant.payload.json), variant.label).toBe(false);
    }
  });

  it('derives the same body from the same seed', () => {
    expect(validValue(schema, { seed: SEED })).toEqual(validValue(schema, { seed: SEED }));
  });
});

describe('every mutation route with a JSON body', () => {
  it('is walked, and the mutation routes left out are left out for a stated reason', () => {
    const names = walked.map(routeLabel);
    for (const expected of ['POST /api/v2/create-user', 'POST /empresas/api/v1/post', 'PATCH /contratos/api/v1/update/:id', 'POST /files/api/v1/send-mail']) {
      expect(names).toContain(expected);
    }
    const leftOut = mutationRoutes.filter((route) => leftOutBecause(route) !== null).map((route) => `${routeLabel(route)}: ${leftOutBecause(route)}`);
    expect(leftOut).toContain('POST /files/api/v1/once-file-updload: no JSON body schema (a multipart upload or a path-only call)');
    expect(leftOut).toContain('POST /idp: the identity service speaks the AWS JSON protocol');
  });

  it('sends the amounts of contracts and annexes a value past each of their bounds', () => {
    const labelsOf = (label: string) => {
      const route = walked.find((candidate) => routeLabel(candidate) === label)!;
      const schema = route.schema.body as JsonSchema;
      return deriveVariants(schema, validValue(schema, { seed: SEED, hint: hintsFor(route) })).variants.map((variant) => variant.label);
    };
    expect(labelsOf('POST /contratos/api/v1/create')).toEqual(
      expect.arrayContaining(['above-maximum /margen', 'below-minimum /fee', 'below-minimum /potencia', 'above-maximum /energia', 'too-precise /monto_garantia']),
    );
    expect(labelsOf('PATCH /anexos/api/v1/update/:id')).toEqual(
      expect.arrayContaining(['above-maximum /pct_fpn', 'below-minimum /fee', 'below-minimum /potencia_contratada', 'too-precise /derecho_transmision']),
    );
  });

  it.each(walked.map((route) => [routeLabel(route), route] as const))(
    '%s refuses every one-defect body with a 4xx and the error body, and changes no table',
    async (label, route) => {
      const schema = route.schema.body as JsonSchema;
      const body = validValue(schema, { seed: SEED, hint: hintsFor(route) });
      const validate: ValidateFunction = ajv.compile(schema);
      expect(validate(body), `the valid body of ${label} is not valid: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`).toBe(true);

      // The control: the valid body itself is accepted, so each variant is one defect away
      // from a request the server would carry out (and a defect that slipped through would show).
      const accepted = await t.app.inject(requestOf(route, { label: 'valid', payload: { json: body } }));
      expect(accepted.statusCode, `the valid body of ${label} is refused (give its field a value in BUSINESS_RULE_VALUES): ${accepted.body}\n${JSON.stringify(body)}`).toBeLessThan(300);
      await state.restore();

      const derivation = deriveVariants(schema, body);
      // Each variant breaks the schema (checked without type conversion): a variant that did
      // not would be a fault of the derivation, not of the route.
      const notBroken = derivation.variants.filter((variant) => 'json' in variant.payload && validate(variant.payload.json));
      expect(notBroken.map((variant) => variant.label), `${label}: variants the schema accepts`).toEqual([]);
      const findings = derivation.problems.map((problem) => `cannot-derive: ${problem}`);
      for (const gap of derivation.gaps) {
        if (!gap.probe) findings.push(gap.label);
        else {
          const problems = await problemsOf(route, gap.probe);
          findings.push(`${gap.label}, ${gap.probe.label} ${problems.length > 0 ? problems.join('; ') : 'refused'}`);
        }
      }
      for (const variant of derivation.variants) {
        const problems = await problemsOf(route, variant);
        if (problems.length > 0) findings.push(`${variant.label}: ${problems.join('; ')}`);
      }
      findingsByRoute.set(label, findings);

      const unexplained = findings.filter((finding) => !knownGaps.some(({ matches }) => matches.test(`${label} ${finding}`)));
      expect(unexplained, `${label}: findings not in KNOWN_GAPS (${derivation.variants.length} variants sent)`).toEqual([]);
    },
  );

  it('lists in KNOWN_GAPS only gaps that still exist', (context) => {
    // Only meaningful after every route's walk ran (not when a run picks single tests).
    if (findingsByRoute.size < walked.length) context.skip();
    const all = [...findingsByRoute].flatMap(([label, findings]) => findings.map((finding) => `${label} ${finding}`));
    const stale = knownGaps.filter(({ matches }) => !all.some((finding) => matches.test(finding))).map(({ line }) => line);
    expect(stale, 'KNOWN_GAPS lines that match no finding any more: remove them').toEqual([]);
  });
});

/** Every text of `value` with a NUL character added, one variant per text, named by its path. */
function withNulAt(value: unknown, path = ''): Array<{ path: string; body: unknown }> {
  if (typeof value === 'string') return [{ path, body: `${value}\u0000` }];
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => withNulAt(item, `${path}/${index}`).map((variant) => ({ path: variant.path, body: value.map((other, at) => (at === index ? variant.body : other)) })));
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) =>
      withNulAt(inner, `${path}/${key}`).map((variant) => ({ path: variant.path, body: { ...value, [key]: variant.body } })),
    );
  }
  return [];
}

describe('text the database cannot store', () => {
  it.each(walked.map((route) => [routeLabel(route), route] as const))('%s refuses a NUL character in any text, beside its field', async (label, route) => {
    const body = validValue(route.schema.body as JsonSchema, { seed: SEED, hint: hintsFor(route) });
    const findings: string[] = [];
    for (const variant of withNulAt(body)) {
      const response = await t.app.inject(requestOf(route, { label: `nul ${variant.path}`, payload: { json: variant.body } }));
      if (response.statusCode !== 400) findings.push(`${variant.path}: answered ${response.statusCode}`);
      else if (!(response.json() as { details?: Array<{ instancePath: string }> }).details?.some((detail) => detail.instancePath === variant.path)) {
        findings.push(`${variant.path}: no detail on the field`);
      }
      const changed = Object.entries(await state.checksums()).filter(([table, sum]) => sum !== baseline[table]);
      if (changed.length > 0) findings.push(`${variant.path}: changed ${changed.map(([table]) => table).join(', ')}`);
    }
    expect(findings, label).toEqual([]);
  });
});

describe('every route with a record id in its path', () => {
  const withId = t.app.declaredRoutes.filter((route) => route.url.includes(':id'));

  it.each(withId.map((route) => [routeLabel(route), route] as const))('%s refuses an id beyond the database integer range (400)', async (_, route) => {
    const response = await t.app.inject({
      method: route.method as InjectOptions['method'],
      url: route.url.replace(':id', '2147483648'),
      headers: bearer(w.token),
      ...(route.schema?.body ? { payload: validValue(route.schema.body as JsonSchema, { seed: SEED, hint: hintsFor(route) }) as object } : {}),
    });
    expect(response.statusCode).toBe(400);
    // A HEAD answer has no body to read.
    if (route.method !== 'HEAD') expect(response.json()).toMatchObject({ code: 'APP_ERR_REQUEST_INVALID' });
  });
});
