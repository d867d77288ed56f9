// @vitest-environment node
// What the server keeps of the database (verified tokens, who a caller is and what their role
// grants, the answers of reads every allowed caller gets alike) and when it lets go: a change
// committed anywhere (this server's API, another server, a hand-made UPDATE) applies to the very
// next request. With DATABASE_URL the last part runs two servers on one PostgreSQL database, as
// in production.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_KEYS } from '../../schemas/permission-key.schema';
import { uniformRolePermissions } from '../../schemas/role.schema';
import { buildApp } from '../../server/app';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { changesOf } from '../../server/db/changes';
import { users } from '../../server/db/schema/app';
import { empresas } from '../../server/db/schema/relations-companies';
import { contratos } from '../../server/db/schema/relations-contracts';
import { adminWorld, ADMIN, giveRole, type AdminWorld } from './admin-fixtures';
import { contactBody, createCompany } from './companies-fixtures';
import { createContract } from './contracts-fixtures';
import { bearer, startTestApp, type TestApp } from './helpers';

const LIST = '/empresas/api/v1/get';
const CONTRACT_LIST = '/contratos/api/v1/get';
const READER = 'lectora@test.energy';
/** How long the tests wait for the server's change feed to start listening. */
const START_LIMIT_MS = 5_000;

let t: TestApp;
let w: AdminWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await adminWorld(t);
  await giveRole(t, await t.createUser({ email: READER, permisos_x_view: ['relaciones'] }), w.fullRole);
  await createCompany(w, ADMIN);
  await waitUntil(() => changesOf(t.db).live);
});

afterAll(async () => {
  await t?.close();
});

/** Waits (at most START_LIMIT_MS) until `check` holds. */
async function waitUntil(check: () => boolean): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > START_LIMIT_MS) throw new Error(`not within ${START_LIMIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function call(app: FastifyInstance, email: string, request: InjectOptions) {
  return app.inject({ ...request, headers: { ...request.headers, ...bearer(await t.mintToken(email)) } });
}

/** The contract list's counterparty codes, as ADMIN reads them through the first server. */
const contractCodes = async () => ((await call(t.app, ADMIN, { method: 'GET', url: CONTRACT_LIST })).json().data as Array<{ codigo_contraparte: string }>).map((row) => row.codigo_contraparte);

/** Every contract's counterparty code set to `code` behind the server's back: its announcing trigger off for the change. */
async function recodeContractsUnannounced(code: string): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`alter table "contratos" disable trigger "contratos_announce_change"`);
    await tx.update(contratos).set({ codigo_contraparte: code });
    await tx.execute(sql`alter table "contratos" enable trigger "contratos_announce_change"`);
  });
}

const names = async (app: FastifyInstance) => ((await call(app, READER, { method: 'GET', url: LIST })).json().data as Array<{ razon_social: string }>).map((row) => row.razon_social);

describe('the company list', () => {
  it('is answered from what the server keeps: a change nobody announced does not show', async () => {
    // Behind the server's back, with the announcing trigger off: only a kept answer stays the
    // same. A change announced meanwhile (the server's own background work) rightly drops what
    // is kept, and proves nothing: then the round is played again.
    const feed = changesOf(t.db);
    let compared = false;
    for (let round = 1; round <= 5 && !compared; round += 1) {
      const heard = feed.generation;
      const before = await names(t.app);
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`alter table "empresas" disable trigger "empresas_update_announce_change"`);
        await tx.update(empresas).set({ razon_social: `Cambio sin anunciar ${round}, S.A.` });
        await tx.execute(sql`alter table "empresas" enable trigger "empresas_update_announce_change"`);
      });
      const after = await names(t.app);
      if (feed.generation !== heard) continue;
      expect(after).toEqual(before);
      compared = true;
    }
    expect(compared, 'five rounds with a change announced in each').toBe(true);
    // Announced (any change of the table): the next read sees the database again.
    await t.db.update(empresas).set({ codigo_agente: 'ANUNCIO' });
    expect((await names(t.app)).some((name) => name.startsWith('Cambio sin anunciar'))).toBe(true);
  });

  it('shows a change written through the API on the very next read', async () => {
    await names(t.app);
    const [company] = await t.db.select().from(empresas).limit(1);
    const response = await w.as(ADMIN, {
      method: 'PATCH',
      url: `/empresas/api/v1/update/${company!.id}`,
      payload: { razon_social: 'Renombrada por la API, S.A.', version: company!.version },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await names(t.app)).toContain('Renombrada por la API, S.A.');
  });

  it("drops, on a write through this server, only the answers of the tables it changed: a new role leaves the contract list kept", async () => {
    await createContract(t, w, ADMIN);
    // As above: a change behind the server's back, played again if anything was announced meanwhile.
    const feed = changesOf(t.db);
    let compared = false;
    for (let round = 1; round <= 5 && !compared; round += 1) {
      const before = await contractCodes();
      const heard = feed.generation;
      await recodeContractsUnannounced(`SIN-ANUNCIO-${round}`);
      const role = await w.as(ADMIN, { method: 'POST', url: '/api/v2/roles', payload: { nombre: `Rol ${round}`, pais: 'SV', permisos_x_pagina: uniformRolePermissions(false) } });
      expect(role.statusCode, role.body).toBe(201);
      const after = await contractCodes();
      // Only the role's own announcement may have been heard meanwhile.
      if (feed.generation !== heard + 1) continue;
      expect(after).toEqual(before);
      compared = true;
    }
    expect(compared, 'five rounds with another change announced in each').toBe(true);
    // A change of one of its tables through the API drops it: the next read sees the database.
    const [company] = await t.db.select().from(empresas).limit(1);
    const renamed = await w.as(ADMIN, { method: 'PATCH', url: `/empresas/api/v1/update/${company!.id}`, payload: { razon_social: 'Renombrada otra vez, S.A.', version: company!.version } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await contractCodes()).every((code) => code.startsWith('SIN-ANUNCIO-'))).toBe(true);
  });

  it("keeps the contract list when a new contact raises its company's version (the list shows no company stamp); the company list shows the new version", async () => {
    await createContract(t, w, ADMIN);
    const [company] = await t.db.select().from(empresas).limit(1);
    const versions = async () =>
      new Map(((await call(t.app, ADMIN, { method: 'GET', url: LIST })).json().data as Array<{ id: number; version: number }>).map((row) => [row.id, row.version]));
    const feed = changesOf(t.db);
    let compared = false;
    for (let round = 1; round <= 5 && !compared; round += 1) {
      const before = await contractCodes();
      const heard = feed.generation;
      await recodeContractsUnannounced(`SELLOS-${round}`);
      const versionBefore = (await versions()).get(company!.id)!;
      const contact = await w.as(ADMIN, {
        method: 'POST',
        url: '/gateway/contactos',
        payload: { empresa_id: company!.id, ...contactBody({ nombre: `Contacto ${round}`, email: `contacto-${round}@sellos.test` }) },
      });
      expect(contact.statusCode, contact.body).toBe(201);
      // The company's version rose, and the company list (which shows it) says so at once.
      expect((await versions()).get(company!.id)).toBe(versionBefore + 1);
      const after = await contractCodes();
      expect(after.length).toBeGreaterThan(0);
      // Only the contact's own announcements (its table, the company's stamps) may have been heard meanwhile.
      if (feed.generation !== heard + 2) continue;
      expect(after).toEqual(before);
      compared = true;
    }
    expect(compared, 'five rounds with another change announced in each').toBe(true);
  });

  it('announces an update of nothing but edit stamps apart from any other change', async () => {
    const heard: Array<{ tables: string[]; stampsOnly: boolean }> = [];
    const stop = changesOf(t.db).subscribe((change) => {
      if (change !== 'all') heard.push({ tables: [...change.tables], stampsOnly: change.stampsOnly === true });
    });
    try {
      const [company] = await t.db.select().from(empresas).limit(1);
      const announced = async (work: () => Promise<unknown>) => {
        heard.length = 0;
        await work();
        await changesOf(t.db).committed();
        return heard.filter((change) => change.tables.includes('empresas'));
      };
      expect(await announced(() => t.db.update(empresas).set({ version: sql`${empresas.version} + 1`, updated_by: 'sellos@test.energy' }).where(eq(empresas.id, company!.id)))).toEqual([{ tables: ['empresas'], stampsOnly: true }]);
      expect(await announced(() => t.db.update(empresas).set({ version: sql`${empresas.version} + 1`, codigo_agente: 'OTRO' }).where(eq(empresas.id, company!.id)))).toEqual([{ tables: ['empresas'], stampsOnly: false }]);
      expect(await announced(() => t.db.update(empresas).set({ codigo_agente: 'NADIE' }).where(eq(empresas.id, -1)))).toEqual([]);
    } finally {
      stop();
    }
  });

  it('still checks the caller on every request: a user without the view key is refused, kept answer or not', async () => {
    await t.createUser({ email: 'sin-vista@test.energy', permisos_x_view: ['dashboard'] });
    await names(t.app);
    expect((await call(t.app, 'sin-vista@test.energy', { method: 'GET', url: LIST })).statusCode).toBe(403);
  });
});

describe('a permission change', () => {
  it('applies to the next request: a removed view key is refused at once, a switched-off account too', async () => {
    const email = 'cambiante@test.energy';
    const user = await giveRole(t, await t.createUser({ email, permisos_x_view: ['relaciones'] }), w.fullRole);
    expect((await call(t.app, email, { method: 'GET', url: LIST })).statusCode).toBe(200);
    const removed = await w.as(ADMIN, { method: 'PUT', url: `/api/v2/update-permisos-usuarios/${user.id}`, payload: { permisos: ['dashboard'] } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call(t.app, email, { method: 'GET', url: LIST })).statusCode).toBe(403);

    // A change the API did not make (another process, or by hand) is announced by the database.
    await t.db.update(users).set({ permisos_x_view: ['relaciones'] }).where(eq(users.id, user.id));
    expect((await call(t.app, email, { method: 'GET', url: LIST })).statusCode).toBe(200);
    await t.db.update(users).set({ estado: 'inactive' }).where(eq(users.id, user.id));
    expect((await call(t.app, email, { method: 'GET', url: LIST })).statusCode).toBe(401);
  });
});

describe.runIf(process.env.DATABASE_URL)('two servers on one PostgreSQL database', () => {
  let second: { app: FastifyInstance; database: DatabaseHandle };

  beforeAll(async () => {
    const database = await openDatabase({ kind: 'postgres', url: t.databaseUrl! });
    second = { app: await buildApp({ config: t.config, db: database.db }), database };
    await waitUntil(() => changesOf(database.db).live);
  });

  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });

  it('a company changed through one server shows on the other on its very next read', async () => {
    await names(second.app);
    const [company] = await t.db.select().from(empresas).limit(1);
    const response = await w.as(ADMIN, {
      method: 'PATCH',
      url: `/empresas/api/v1/update/${company!.id}`,
      payload: { razon_social: 'Cambiada en el primer servidor, S.A.', version: company!.version },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await names(second.app)).toContain('Cambiada en el primer servidor, S.A.');
  });

  it('under a stream of reads, each read that starts after a change on the other server shows it', async () => {
    // Reads keep the second server's round trips busy, so a read may start while one is on the
    // wire: that one says nothing of a change committed after it was sent. (Whether a change
    // lands in that window is up to timing: this checks the outcome, it cannot force the race;
    // tests/server/shared-round-trips.test.ts drives that order by hand.)
    const token = await t.mintToken(READER);
    let streaming = true;
    const stream = (async () => {
      let reads = 0;
      // Bounded: at most 2,000 reads of 8 in flight.
      while (streaming && reads < 2_000) {
        await Promise.all(Array.from({ length: 8 }, () => second.app.inject({ method: 'GET', url: LIST, headers: bearer(token) })));
        reads += 8;
      }
    })();
    try {
      const [company] = await t.db.select().from(empresas).limit(1);
      let version = company!.version;
      for (let change = 1; change <= 5; change += 1) {
        const name = `Cambio ${change} bajo lecturas, S.A.`;
        const response = await w.as(ADMIN, { method: 'PATCH', url: `/empresas/api/v1/update/${company!.id}`, payload: { razon_social: name, version } });
        expect(response.statusCode, response.body).toBe(200);
        version = (response.json() as { data: { version: number } }).data.version;
        expect(await names(second.app)).toContain(name);
      }
    } finally {
      streaming = false;
      await stream;
    }
  });

  it('a view key removed through one server is refused by the other on the very next request', async () => {
    const email = 'dos-servidores@test.energy';
    const user = await giveRole(t, await t.createUser({ email, permisos_x_view: [...PERMISSION_KEYS] }), w.fullRole);
    expect((await call(second.app, email, { method: 'GET', url: LIST })).statusCode).toBe(200);
    const removed = await w.as(ADMIN, { method: 'PUT', url: `/api/v2/update-permisos-usuarios/${user.id}`, payload: { permisos: ['dashboard'] } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call(second.app, email, { method: 'GET', url: LIST })).statusCode).toBe(403);
  });
});
