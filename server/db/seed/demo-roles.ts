// Demo roles: one administrator, analyst, supervisor and reader role for Guatemala, and the
// demo accounts' role and country. Idempotent, and it never overrides a role or country an
// administrator has since given a demo user.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { uniformRolePermissions, type CountryCode, type RolePermissions } from '../../../schemas/role.schema';
import type { Db } from '../client';
import { users } from '../schema/app';
import { roles } from '../schema/roles';

const DEMO_COUNTRY: CountryCode = 'GT';

const analyst: RolePermissions = {
  Companies: { create: true, edit: true, delete: false, view: true },
  Contracts: { create: true, edit: true, delete: false, view: true },
  Settlements: { create: true, edit: true, delete: false, view: true, validate: false },
  Users: { create: false, edit: false, delete: false, view: false },
};

// Prepares settlements like the analyst and validates them: the second pair of eyes.
const supervisor: RolePermissions = {
  ...analyst,
  Settlements: { create: true, edit: true, delete: false, view: true, validate: true },
};

const reader: RolePermissions = {
  Companies: { create: false, edit: false, delete: false, view: true },
  Contracts: { create: false, edit: false, delete: false, view: true },
  Settlements: { create: false, edit: false, delete: false, view: true, validate: false },
  Users: { create: false, edit: false, delete: false, view: false },
};

const DEMO_ROLES: ReadonlyArray<{ nombre: string; permisos_x_pagina: RolePermissions }> = [
  { nombre: 'Administrador GT', permisos_x_pagina: uniformRolePermissions(true) },
  { nombre: 'Analista GT', permisos_x_pagina: analyst },
  { nombre: 'Supervisor GT', permisos_x_pagina: supervisor },
  { nombre: 'Lector GT', permisos_x_pagina: reader },
];

/** The demo role of each demo account. */
export const DEMO_ROLE_OF: Readonly<Record<string, string>> = {
  'admin@demo.energy': 'Administrador GT',
  'analista@demo.energy': 'Analista GT',
  'supervisor@demo.energy': 'Supervisor GT',
  'lector@demo.energy': 'Lector GT',
  'nuevo@demo.energy': 'Lector GT',
  'mfa@demo.energy': 'Lector GT',
};

export async function seedDemoRoles(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values(DEMO_ROLES.map((role) => ({ ...role, pais: DEMO_COUNTRY, created_by: 'seed:demo', updated_by: 'seed:demo' })))
    .onConflictDoNothing();
  for (const [email, nombre] of Object.entries(DEMO_ROLE_OF)) {
    const [role] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(sql`lower(${roles.nombre}) = lower(${nombre})`, eq(roles.pais, DEMO_COUNTRY)))
      .limit(1);
    if (!role) continue;
    // Only accounts without a role, and without a country or in the demo country, get one.
    await db
      .update(users)
      .set({ rol_id: role.id, pais: DEMO_COUNTRY })
      .where(and(eq(users.email, email), isNull(users.rol_id), or(isNull(users.pais), eq(users.pais, DEMO_COUNTRY))));
  }
}
