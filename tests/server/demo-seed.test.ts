// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_KEYS } from '../../schemas/permission-key.schema';
import { permissionsCatalogue, users } from '../../server/db/schema/app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../../server/db/seed/demo';
import { findIdentity } from '../../server/idp/identities';
import { bearer, startTestApp, type TestApp } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await t.resetUsers();
  const options = { poolId: t.config.identity.poolId, withIdentities: true };
  await seedDemo(t.db, options);
  // Idempotent: a second run (the next start) changes nothing and does not fail.
  await seedDemo(t.db, options);
});

afterAll(async () => {
  await t?.close();
});

describe('the demo seed', () => {
  it('creates the six accounts once each, all with nombre and primer_apellido', async () => {
    const rows = await t.db.select().from(users).orderBy(users.id);
    expect(rows.map((row) => row.email)).toEqual([
      'admin@demo.energy',
      'analista@demo.energy',
      'supervisor@demo.energy',
      'lector@demo.energy',
      'nuevo@demo.energy',
      'mfa@demo.energy',
    ]);
    for (const row of rows) {
      expect(row.nombre.length, row.email).toBeGreaterThan(0);
      expect(row.primer_apellido.length, row.email).toBeGreaterThan(0);
    }
    const byEmail = Object.fromEntries(rows.map((row) => [row.email, row]));
    expect(byEmail['admin@demo.energy']?.permisos_x_view).toEqual([...PERMISSION_KEYS]);
    expect(byEmail['analista@demo.energy']?.permisos_x_view).toEqual(['relaciones', 'liquidaciones', 'facturacion']);
    expect(byEmail['lector@demo.energy']?.permisos_x_view).toEqual(['dashboard']);
    expect(byEmail['nuevo@demo.energy']?.estado).toBe('pending');
  });

  it('creates the identities: nuevo must change its password, mfa has MFA on', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const identity = await findIdentity(t.db, account.email);
      expect(identity, account.email).toBeDefined();
    }
    expect((await findIdentity(t.db, 'nuevo@demo.energy'))?.status).toBe('FORCE_CHANGE_PASSWORD');
    expect((await findIdentity(t.db, 'mfa@demo.energy'))?.mfa_enabled).toBe(true);
    expect((await findIdentity(t.db, 'admin@demo.energy'))).toMatchObject({ status: 'CONFIRMED', mfa_enabled: false });
  });

  it('fills the permission catalogue in menu order', async () => {
    const rows = await t.db.select().from(permissionsCatalogue).orderBy(permissionsCatalogue.orden);
    expect(rows.map((row) => row.id)).toEqual([...PERMISSION_KEYS]);
  });

  it('lets admin sign in with Demo1234! and read its own record', async () => {
    const result = await t.signIn('admin@demo.energy', DEMO_PASSWORD);
    if (result.kind !== 'signed-in') throw new Error(`admin sign-in ended as ${result.kind}`);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v2/get-once/admin@demo.energy',
      headers: bearer(result.idToken),
    });
    expect(response.json().data).toMatchObject({ email: 'admin@demo.energy', permisos_x_view: [...PERMISSION_KEYS] });
  });

  it('gives nuevo the new-password challenge and mfa the MFA challenge', async () => {
    expect((await t.signIn('nuevo@demo.energy', DEMO_PASSWORD)).kind).toBe('new-password-required');
    expect((await t.signIn('mfa@demo.energy', DEMO_PASSWORD)).kind).toBe('mfa-required');
  });
});
