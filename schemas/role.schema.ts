import type { FromSchema } from 'json-schema-to-ts';
import { editColumnsProperties, versionSchema } from './record.schema';

/**
 * Countries a role (and a user) belongs to: ISO 3166-1 alpha-2 codes of the markets the
 * company trades in (Guatemala, El Salvador, Mexico, Panama and the rest of the regional
 * market). Roles are set per country (spec section 6).
 */
export const COUNTRY_CODES = ['GT', 'SV', 'MX', 'PA', 'HN', 'NI', 'CR', 'US'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** Pages of the role matrix (spec section 6). */
export const ROLE_PAGES = ['Companies', 'Contracts', 'Settlements', 'Users'] as const;
export type RolePage = (typeof ROLE_PAGES)[number];

/** Every action a role can grant. */
export const ROLE_ACTIONS = ['create', 'edit', 'delete', 'view', 'validate'] as const;
export type RoleAction = (typeof ROLE_ACTIONS)[number];

/**
 * The actions that exist on each page: validating is a separate permission of Settlements only
 * (spec section 6), so no other page has a `validate` cell.
 */
export const ROLE_PAGE_ACTIONS = {
  Companies: ['create', 'edit', 'delete', 'view'],
  Contracts: ['create', 'edit', 'delete', 'view'],
  Settlements: ['create', 'edit', 'delete', 'view', 'validate'],
  Users: ['create', 'edit', 'delete', 'view'],
} as const satisfies Record<RolePage, readonly RoleAction[]>;

/** True when `action` is a cell of `page` in the matrix. */
export function isPageAction(page: string, action: string): boolean {
  const actions = (ROLE_PAGE_ACTIONS as Record<string, readonly string[]>)[page];
  return actions !== undefined && actions.includes(action);
}

/** One cell of the matrix: an action on a page. */
export interface RoleCell {
  page: RolePage;
  action: RoleAction;
}

function granted(matrix: RolePermissions, { page, action }: RoleCell): boolean {
  return (matrix[page] as Partial<Record<RoleAction, boolean>>)[action] === true;
}

/**
 * The rule a JSON Schema of the matrix does not state: a role cannot create, edit, delete or
 * validate on a page it cannot view. The cells of `matrix` that break it, in matrix order
 * (none when the matrix keeps it); the server refuses such a matrix and the role editor never
 * builds one (`withRoleCell`).
 */
export function grantsWithoutView(matrix: RolePermissions): RoleCell[] {
  return ROLE_PAGES.flatMap((page) =>
    granted(matrix, { page, action: 'view' })
      ? []
      : ROLE_PAGE_ACTIONS[page].filter((action) => action !== 'view' && granted(matrix, { page, action })).map((action) => ({ page, action })),
  );
}

/**
 * `matrix` with one cell set as the user ticked it, keeping the view rule the way a user
 * expects it: granting an action grants view on its page too, and taking view away takes
 * every other action of that page with it.
 */
export function withRoleCell(matrix: RolePermissions, { page, action }: RoleCell, checked: boolean): RolePermissions {
  const cells: Record<string, boolean> = { ...matrix[page], [action]: checked };
  if (checked && action !== 'view') cells.view = true;
  if (!checked && action === 'view') for (const other of ROLE_PAGE_ACTIONS[page]) cells[other] = false;
  return { ...matrix, [page]: cells } as RolePermissions;
}

const cell = { type: 'boolean' } as const;
const crudCells = {
  type: 'object',
  additionalProperties: false,
  required: ['create', 'edit', 'delete', 'view'],
  properties: { create: cell, edit: cell, delete: cell, view: cell },
} as const;

/** The page x action matrix of one role. */
export const rolePermissionsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Companies', 'Contracts', 'Settlements', 'Users'],
  properties: {
    Companies: crudCells,
    Contracts: crudCells,
    Settlements: {
      type: 'object',
      additionalProperties: false,
      required: ['create', 'edit', 'delete', 'view', 'validate'],
      properties: { create: cell, edit: cell, delete: cell, view: cell, validate: cell },
    },
    Users: crudCells,
  },
} as const;

export type RolePermissions = FromSchema<typeof rolePermissionsSchema>;

const nombre = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;
const pais = { type: 'string', enum: COUNTRY_CODES } as const;

/** `POST /api/v2/roles` body. */
export const roleCreateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['nombre', 'pais', 'permisos_x_pagina'],
  properties: { nombre, pais, permisos_x_pagina: rolePermissionsSchema },
} as const;

export type RoleCreate = FromSchema<typeof roleCreateSchema>;

/** `PATCH /api/v2/roles/{id}` body: the fields to change plus the version the editor read. */
export const roleUpdateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['version'],
  minProperties: 2,
  properties: { nombre, pais, permisos_x_pagina: rolePermissionsSchema, version: versionSchema },
} as const;

export type RoleUpdate = FromSchema<typeof roleUpdateSchema>;

/** A role as the API returns it. */
export const roleSchema = {
  type: 'object',
  required: ['id', 'nombre', 'pais', 'permisos_x_pagina', 'version', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'integer' },
    nombre: { type: 'string' },
    pais,
    permisos_x_pagina: rolePermissionsSchema,
    ...editColumnsProperties,
  },
} as const;

export type Role = FromSchema<typeof roleSchema>;

/** A matrix with every cell set to `value` (a starting point for the role editor and seeds). */
export function uniformRolePermissions(value: boolean): RolePermissions {
  const crud = { create: value, edit: value, delete: value, view: value };
  return { Companies: { ...crud }, Contracts: { ...crud }, Settlements: { ...crud, validate: value }, Users: { ...crud } };
}
