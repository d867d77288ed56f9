// @vitest-environment node
// The audit log: append-only in the database, listed and opened by administrators.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../server/db/schema/audit';
import { recordAudit, redactSecrets } from '../../server/audit/store';
import { ADMIN, expectError, userWith, type AdminWorld, useAdminWorld } from './admin-fixtures';
import type { TestApp } from './helpers';

let t: TestApp;
let w: AdminWorld;

const system = (email: string) => ({ email, id: null, requestId: null });

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

beforeAll(async () => {
  // Entries at known times (the default is now()): the list must sort and filter on them.
  await t.db.insert(auditLog).values([
    { at: new Date('2024-01-10T08:00:00Z'), actor_email: 'ana@test.energy', action: 'role.create', entity: 'role', entity_id: '1' },
    { at: new Date('2024-02-10T08:00:00Z'), actor_email: 'bruno@test.energy', action: 'user.update', entity: 'user', entity_id: '2' },
    { at: new Date('2024-03-10T08:00:00Z'), actor_email: 'ana@test.energy', action: 'user.status', entity: 'user', entity_id: '3' },
  ]);
});

describe('the audit_log table', () => {
  it('refuses UPDATE and DELETE in the database itself', async () => {
    await recordAudit(t.db, system('test@test.energy'), { action: 'file.update', entity: 'file', entityId: 'append-only', after: { a: 1 } });
    await expect(t.db.execute(sql`update audit_log set action = 'changed'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const rows = await t.db.select().from(auditLog);
    expect(rows.some((row) => row.entity_id === 'append-only')).toBe(true);
    expect(rows.every((row) => row.action !== 'changed')).toBe(true);
    // The refusal names the rule (PGlite wraps the driver error, so look through causes).
    const failure = await t.db.execute(sql`delete from audit_log`).catch((error: unknown) => error);
    expect(JSON.stringify(failure, Object.getOwnPropertyNames(failure as object)) + String((failure as { cause?: unknown }).cause)).toMatch(/append-only/);
  });

  it('never stores secrets, whatever a caller passes', async () => {
    expect(redactSecrets({ email: 'a', password: 'x', nested: { srp_verifier: 'v', refresh_token: 't', ok: 1 }, at: new Date(0) })).toEqual({
      email: 'a',
      nested: { ok: 1 },
      at: '1970-01-01T00:00:00.000Z',
    });
  });
});

describe('GET /api/v2/audit', () => {
  it('lists newest first with the total, paginated', async () => {
    const first = await w.as(ADMIN, { method: 'GET', url: '/api/v2/audit?limit=2' });
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.data).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(4);
    const all = (await w.as(ADMIN, { method: 'GET', url: `/api/v2/audit?limit=200` })).json().data as Array<{ at: string; id: number }>;
    const times = all.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = (await w.as(ADMIN, { method: 'GET', url: '/api/v2/audit?limit=2&offset=2' })).json().data;
    expect(second.map((entry: { id: number }) => entry.id)).toEqual(all.slice(2, 4).map((entry) => entry.id));
  });

  it('filters by user (part of the e-mail), entity and date range (from inclusive, to exclusive, UTC)', async () => {
    const query = async (qs: string) => (await w.as(ADMIN, { method: 'GET', url: `/api/v2/audit?${qs}` })).json();
    const byUser = await query('user=ANA%40test');
    expect(byUser.data.map((entry: { entity_id: string }) => entry.entity_id)).toEqual(['3', '1']);
    expect(byUser.total).toBe(2);
    expect((await query('user=ana&entity=user')).data.map((entry: { entity_id: string }) => entry.entity_id)).toEqual(['3']);
    const range = await query('from=2024-02-01&to=2024-03-10T08:00:00Z');
    expect(range.data.map((entry: { entity_id: string }) => entry.entity_id)).toEqual(['2']);
    // LIKE wildcards are literal.
    expect((await query('user=%25')).total).toBe(0);
  });

  it('finds the actor by part of the e-mail or the name, accents and case aside', async () => {
    // The name is the account's (a left join on actor_id): typed without accents or in capitals, it still matches.
    const actor = await t.createUser({ email: 'n.c@test.energy', nombre: 'Ñandú', primer_apellido: 'Compañía Eléctrica' });
    await t.db.insert(auditLog).values([
      { at: new Date('2024-04-10T08:00:00Z'), actor_email: actor.email, actor_id: actor.id, action: 'company.update', entity: 'company', entity_id: '7' },
      // An address kept in capitals by some other writer is found as well.
      { at: new Date('2024-04-11T08:00:00Z'), actor_email: 'JOSÉ.PEÑA@TEST.ENERGY', actor_id: null, action: 'company.update', entity: 'company', entity_id: '8' },
    ]);
    const ids = async (user: string) =>
      (await w.as(ADMIN, { method: 'GET', url: `/api/v2/audit?entity=company&user=${encodeURIComponent(user)}` })).json().data.map((entry: { entity_id: string }) => entry.entity_id);
    for (const typed of ['nandu', 'NANDU', 'compania', 'electrica', 'Ñandú Compañía', 'nandu compania electrica']) expect(await ids(typed), typed).toEqual(['7']);
    for (const typed of ['jose.pena', 'José.Peña', 'PENA@test']) expect(await ids(typed), typed).toEqual(['8']);
    expect(await ids('nandux')).toEqual([]);
  });

  it('answers 400 to bad filters', async () => {
    for (const qs of ['from=ayer', 'limit=0', 'limit=500', 'offset=-1', 'color=rojo']) {
      // An unknown filter is refused too, rather than silently ignored.
      expectError(await w.as(ADMIN, { method: 'GET', url: `/api/v2/audit?${qs}` }), 400, 'APP_ERR_REQUEST_INVALID');
    }
  });

  it('records mutations with actor, request id and before/after, and opens one entry by id', async () => {
    const target = await userWith(t, 'auditado@test.energy', ['dashboard'], null);
    const change = await w.as(ADMIN, {
      method: 'PUT',
      url: `/api/v2/update-permisos-usuarios/${target.id}`,
      headers: { 'x-request-id': 'req-audit-1' },
      payload: { permisos: ['mercados'] },
    });
    expect(change.statusCode).toBe(200);
    const list = (await w.as(ADMIN, { method: 'GET', url: '/api/v2/audit?entity=user&limit=1' })).json().data;
    const entry = list[0];
    expect(entry).toMatchObject({
      actor_email: ADMIN,
      actor_id: w.admin.id,
      action: 'user.permissions',
      entity: 'user',
      entity_id: String(target.id),
      request_id: 'req-audit-1',
      before: { permisos_x_view: ['dashboard'] },
      after: { permisos_x_view: ['mercados'] },
    });
    expect(entry.at).toMatch(/Z$/);
    const one = await w.as(ADMIN, { method: 'GET', url: `/api/v2/audit/${entry.id}` });
    expect(one.json().data).toEqual(entry);
    expectError(await w.as(ADMIN, { method: 'GET', url: '/api/v2/audit/99999999' }), 404, 'APP_ERR_AUDIT_NOT_FOUND');
  });

  it('answers 401 without a token and 403 to a non-admin, and logs the refusal', async () => {
    await userWith(t, 'fisgon@test.energy', ['dashboard'], w.fullRole);
    for (const url of ['/api/v2/audit', '/api/v2/audit/1']) {
      expectError(await t.app.inject({ method: 'GET', url }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
      expectError(await w.as('fisgon@test.energy', { method: 'GET', url }), 403, 'APP_ERR_AUTH_FORBIDDEN');
    }
    const denied = (await w.as(ADMIN, { method: 'GET', url: '/api/v2/audit?user=fisgon&limit=5' })).json().data;
    expect(denied.map((entry: { action: string; entity_id: string }) => `${entry.action} ${entry.entity_id}`)).toEqual([
      'access.denied GET /api/v2/audit/:id',
      'access.denied GET /api/v2/audit',
    ]);
  });
});
