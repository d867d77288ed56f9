// @vitest-environment node
// The demo companies: valid by the same schema the API checks, spread over the five demo
// countries, idempotent, and readable through the API.
import Ajv from 'ajv';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyCreateSchema } from '../../schemas/company.schema';
import { DEMO_COMPANIES, findDemoCompanies, seedDemoCompanies } from '../../server/db/seed/demo-companies';
import { adminWorld, ADMIN, type AdminWorld } from './admin-fixtures';
import { startTestApp, type TestApp } from './helpers';

let t: TestApp;
let w: AdminWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await adminWorld(t);
  await seedDemoCompanies(t.db);
  // The next start runs it again: nothing changes, nothing fails.
  await seedDemoCompanies(t.db);
});

afterAll(async () => {
  await t?.close();
});

const count = async (table: string) =>
  Number(((await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);

describe('the demo companies', () => {
  it('are valid company create bodies with 1-3 contacts and 1-2 bank accounts each', () => {
    const validate = new Ajv({ allErrors: true }).compile(companyCreateSchema);
    for (const company of DEMO_COMPANIES) {
      expect(validate(company), `${company.razon_social}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(company.contactos.length).toBeGreaterThanOrEqual(1);
      expect(company.contactos.length).toBeLessThanOrEqual(3);
      expect(company.coordenadas_bancarias.length).toBeGreaterThanOrEqual(1);
      expect(company.coordenadas_bancarias.length).toBeLessThanOrEqual(2);
    }
  });

  it('are about 40, spread over GT, SV, PA, MX and US, with distinct tax ids per country', () => {
    expect(DEMO_COMPANIES.length).toBe(40);
    const byCountry = new Map<string, number>();
    for (const company of DEMO_COMPANIES) byCountry.set(company.pais, (byCountry.get(company.pais) ?? 0) + 1);
    expect([...byCountry.keys()].sort()).toEqual(['GT', 'MX', 'PA', 'SV', 'US']);
    const taxIds = DEMO_COMPANIES.map((company) => `${company.pais}:${company.nit.toUpperCase()}`);
    expect(new Set(taxIds).size).toBe(taxIds.length);
    const banks = DEMO_COMPANIES.flatMap((company) => company.coordenadas_bancarias);
    expect(new Set(banks.map((bank) => bank.moneda))).toEqual(new Set(['USD', 'MXN']));
  });

  it('are stored once, with their children, however often the seed runs', async () => {
    expect(await count('empresas')).toBe(40);
    const children = DEMO_COMPANIES.reduce(
      (sum, company) => ({ contacts: sum.contacts + company.contactos.length, banks: sum.banks + company.coordenadas_bancarias.length }),
      { contacts: 0, banks: 0 },
    );
    expect(await count('contactos')).toBe(children.contacts);
    expect(await count('coordenadas_bancarias')).toBe(children.banks);
    const found = await findDemoCompanies(t.db);
    expect(found.map((company) => company.razon_social)).toEqual(DEMO_COMPANIES.map((company) => company.razon_social));
  });

  it('are listed and read through the API like any other company', async () => {
    const list = await w.as(ADMIN, { method: 'GET', url: '/empresas/api/v1/get' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(40);
    const [first] = await findDemoCompanies(t.db);
    const once = await w.as(ADMIN, { method: 'GET', url: `/empresas/api/v1/get-once/${first?.id}` });
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json().data).toMatchObject({ razon_social: DEMO_COMPANIES[0]?.razon_social, created_by: 'seed:demo' });
  });
});
