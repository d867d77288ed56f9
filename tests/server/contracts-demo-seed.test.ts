// @vitest-environment node
// The demo contracts and annexes: 120 contracts of every type, class and transaction type over
// the demo companies, 300 annexes with parameters and PMi / PMr, each with a readable PDF;
// deterministic, idempotent, and valid by the same rules the API enforces.
import { Ajv } from 'ajv';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annexCreateSchema, ANNEX_PERCENTAGE_FIELDS } from '../../schemas/annex.schema';
import { CONTRACT_CLASSES, CONTRACT_TYPES, contractCreateSchema } from '../../schemas/contract.schema';
import { detectMimeType } from '../../server/files/detect';
import { readFile } from '../../server/files/store';
import { anexos, contratos } from '../../server/db/schema/relations-contracts';
import { seedDemo } from '../../server/db/seed/demo';
import { DEMO_ANNEX_COUNT, DEMO_CONTRACT_COUNT, seedDemoContracts } from '../../server/db/seed/demo-contracts';
import { bearer, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let seedMillis = 0;

beforeAll(async () => {
  t = await startTestApp();
  await t.resetUsers();
  const options = { poolId: t.config.identity.poolId, withIdentities: false };
  const started = performance.now();
  await seedDemo(t.db, options);
  seedMillis = performance.now() - started;
  await seedDemo(t.db, options);
});

afterAll(async () => {
  await t?.close();
});

/** A stored row as the create body the API would accept (nulls dropped, no server columns). */
function asBody(row: Record<string, unknown>): Record<string, unknown> {
  const skip = new Set(['id', 'created_at', 'updated_at', 'created_by', 'updated_by', 'version']);
  return Object.fromEntries(Object.entries(row).filter(([key, value]) => !skip.has(key) && value !== null));
}

describe('the demo contracts seed', () => {
  it('creates 120 contracts of every type, class and transaction type, once', async () => {
    const rows = await t.db.select().from(contratos).orderBy(asc(contratos.id));
    expect(rows).toHaveLength(DEMO_CONTRACT_COUNT);
    expect(new Set(rows.map((row) => row.tipo_contrato))).toEqual(new Set(CONTRACT_TYPES));
    expect(new Set(rows.map((row) => row.clase_contrato))).toEqual(new Set(CONTRACT_CLASSES));
    expect(new Set(rows.map((row) => row.tipo_transaccion))).toEqual(new Set(['I', 'R']));
    expect(new Set(rows.map((row) => row.local_regional))).toEqual(new Set(['local', 'regional']));
    expect(new Set(rows.map((row) => row.moneda))).toEqual(new Set(['USD', 'MXN']));
    // Every type meets every class.
    const pairs = new Set(rows.map((row) => `${row.tipo_contrato}/${row.clase_contrato}`));
    expect(pairs.size).toBe(CONTRACT_TYPES.length * CONTRACT_CLASSES.length);
    expect(rows.some((row) => row.tripartito && row.nombre_empresa_tercero && row.codigo_tercero)).toBe(true);
    expect(new Set(rows.map((row) => row.empresa_id)).size).toBeGreaterThanOrEqual(30);
  });

  it('creates 300 annexes; CF annexes hold a transmission holder; percentages and dates are valid', async () => {
    const rows = await t.db
      .select({ annex: anexos, clase: contratos.clase_contrato })
      .from(anexos)
      .innerJoin(contratos, eq(contratos.id, anexos.contrato_id));
    expect(rows).toHaveLength(DEMO_ANNEX_COUNT);
    for (const { annex, clase } of rows) {
      if (clase === 'CF') expect(annex.titular_transmision, `annex ${annex.id}`).toBeTruthy();
      expect(annex.fecha_fin >= annex.fecha_inicio).toBe(true);
      expect(annex.pmi.length).toBeGreaterThan(0);
      expect(annex.pmr.length).toBeGreaterThan(0);
      for (const field of ANNEX_PERCENTAGE_FIELDS) {
        const value = Number(annex[field] ?? 0);
        expect(value >= 0 && value <= 100, `${field} of annex ${annex.id}`).toBe(true);
      }
    }
    expect(new Set(rows.map(({ annex }) => annex.unidad_potencia))).toEqual(new Set(['MW', 'kW']));
  });

  it('stores rows the API schemas accept', async () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const contractOk = ajv.compile(contractCreateSchema);
    const annexOk = ajv.compile(annexCreateSchema);
    for (const row of await t.db.select().from(contratos)) {
      expect(contractOk(asBody(row)), JSON.stringify(contractOk.errors)).toBe(true);
    }
    for (const row of await t.db.select().from(anexos)) {
      expect(annexOk(asBody(row)), JSON.stringify(annexOk.errors)).toBe(true);
    }
  });

  it('gives every contract and annex a PDF the files service serves', async () => {
    const [contract] = await t.db.select().from(contratos).orderBy(asc(contratos.id)).limit(1);
    const [annex] = await t.db.select().from(anexos).orderBy(asc(anexos.id)).limit(1);
    for (const key of [contract?.archivo_firmado, annex?.archivo]) {
      const { file, content } = await readFile(t.db, key ?? '');
      expect(file.tipo_mime).toBe('application/pdf');
      expect(detectMimeType(content)).toBe('application/pdf');
      expect(content.toString('latin1')).toMatch(/startxref\n\d+\n%%EOF\n$/);
    }
  });

  it('is deterministic and quick: a fresh seed gives the same file keys', async () => {
    const other = await startTestApp();
    try {
      await other.resetUsers();
      await seedDemo(other.db, { poolId: other.config.identity.poolId, withIdentities: false });
      const keys = async (app: TestApp) =>
        (await app.db.select({ key: contratos.archivo_firmado }).from(contratos).orderBy(asc(contratos.id))).map((row) => row.key);
      expect(await keys(other)).toEqual(await keys(t));
    } finally {
      await other.close();
    }
    // Generous for a shared CI machine; the seed itself takes a fraction of this.
    expect(seedMillis).toBeLessThan(20_000);
  });

  it('shows the seeded contracts in the list API', async () => {
    await seedDemoContracts(t.db);
    const token = await t.mintToken('admin@demo.energy');
    const list = await t.app.inject({ method: 'GET', url: '/contratos/api/v1/get', headers: bearer(token) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toHaveLength(DEMO_CONTRACT_COUNT);
    const annexes = await t.app.inject({ method: 'GET', url: '/anexos/api/v1/get', headers: bearer(token) });
    expect(annexes.json().data).toHaveLength(DEMO_ANNEX_COUNT);
  });
});
