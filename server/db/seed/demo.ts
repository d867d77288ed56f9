// Demo data for the embedded default (and SEED_DEMO=1): the accounts of the README, the
// view-key catalogue, companies, contracts and annexes (their market data: demo-market-data.ts).
// Idempotent: running it again changes nothing that exists.
import { PERMISSION_KEYS, type PermissionKey } from '../../../schemas/permission-key.schema';
import { seedFileTypes } from '../../files/catalogue';
import { createIdentity, type IdentityStatus } from '../../idp/identities';
import type { Db } from '../client';
import { permissionsCatalogue, users } from '../schema/app';
import { seedDemoCompanies } from './demo-companies';
import { seedDemoContracts } from './demo-contracts';
import { seedDemoRoles } from './demo-roles';

export const DEMO_PASSWORD = 'Demo1234!';

interface DemoAccount {
  email: string;
  nombre: string;
  primer_apellido: string;
  permisos_x_view: PermissionKey[];
  estado: 'active' | 'pending';
  identityStatus: IdentityStatus;
  mfaEnabled: boolean;
}

/** The demo accounts; every one signs in with DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@demo.energy',
    nombre: 'Ana',
    primer_apellido: 'Morales',
    permisos_x_view: [...PERMISSION_KEYS],
    estado: 'active',
    identityStatus: 'CONFIRMED',
    mfaEnabled: false,
  },
  {
    email: 'analista@demo.energy',
    nombre: 'Bruno',
    primer_apellido: 'Castillo',
    permisos_x_view: ['relaciones', 'liquidaciones', 'facturacion'],
    estado: 'active',
    identityStatus: 'CONFIRMED',
    mfaEnabled: false,
  },
  {
    // Validates the settlements others prepared (four eyes).
    email: 'supervisor@demo.energy',
    nombre: 'Sara',
    primer_apellido: 'Vega',
    permisos_x_view: ['relaciones', 'liquidaciones', 'facturacion'],
    estado: 'active',
    identityStatus: 'CONFIRMED',
    mfaEnabled: false,
  },
  {
    email: 'lector@demo.energy',
    nombre: 'Lucía',
    primer_apellido: 'Herrera',
    permisos_x_view: ['dashboard'],
    estado: 'active',
    identityStatus: 'CONFIRMED',
    mfaEnabled: false,
  },
  {
    // Must choose a new password at first sign-in (NEW_PASSWORD_REQUIRED).
    email: 'nuevo@demo.energy',
    nombre: 'Nicolás',
    primer_apellido: 'Ramos',
    permisos_x_view: ['dashboard'],
    estado: 'pending',
    identityStatus: 'FORCE_CHANGE_PASSWORD',
    mfaEnabled: false,
  },
  {
    // MFA on: the identity service demands a code and the app rejects the sign-in.
    email: 'mfa@demo.energy',
    nombre: 'Marta',
    primer_apellido: 'Fuentes',
    permisos_x_view: ['dashboard'],
    estado: 'active',
    identityStatus: 'CONFIRMED',
    mfaEnabled: true,
  },
];

/** Inserts the permission catalogue in menu order (spec section 6); existing rows stay. */
export async function seedPermissionsCatalogue(db: Db): Promise<void> {
  await db
    .insert(permissionsCatalogue)
    .values(PERMISSION_KEYS.map((id, index) => ({ id, orden: index + 1 })))
    .onConflictDoNothing();
}

/**
 * Seeds the catalogue and the demo accounts: the app's `users` row and, with the built-in
 * identity service, the identity. Existing rows are left as they are, so a demo user whose
 * permissions or password were changed keeps the change across restarts. Contract dates
 * count back from `today` (default: now).
 */
export async function seedDemo(db: Db, options: { poolId: string; withIdentities: boolean; today?: Date }): Promise<void> {
  const today = options.today ?? new Date();
  await seedPermissionsCatalogue(db);
  await seedFileTypes(db);
  for (const account of DEMO_ACCOUNTS) {
    await db
      .insert(users)
      .values({
        email: account.email,
        nombre: account.nombre,
        primer_apellido: account.primer_apellido,
        permisos_x_view: account.permisos_x_view,
        estado: account.estado,
        created_by: 'seed:demo',
        updated_by: 'seed:demo',
      })
      .onConflictDoNothing({ target: users.email });
    if (options.withIdentities) {
      await createIdentity(db, {
        email: account.email,
        password: DEMO_PASSWORD,
        givenName: account.nombre,
        familyName: account.primer_apellido,
        status: account.identityStatus,
        mfaEnabled: account.mfaEnabled,
        poolId: options.poolId,
      });
    }
  }
  // Roles and the accounts' role and country.
  await seedDemoRoles(db);
  // Commercial relations: companies with contacts and bank accounts.
  await seedDemoCompanies(db);
  // Contracts of every type over those companies, and their annexes.
  await seedDemoContracts(db, today);
}
