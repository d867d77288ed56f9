import type { AuditEntry } from '../../../schemas/audit.schema';
import type { PermissionCatalogueEntry, UserPermissions } from '../../../schemas/permissions.schema';
import type { PermissionKey } from '../../../schemas/permission-key.schema';
import type { Role, RoleCreate, RoleUpdate } from '../../../schemas/role.schema';
import type { User, UserCreate, UserStatusChange, UserUpdate } from '../../../schemas/user.schema';
import { api, apiData } from '../../lib/api/client';
import type { OpenApiDocument } from './openapi-reading';

/** The administration calls of spec section 7 (paths in docs/api-admin.md). */

export const listUsers = () => apiData<User[]>({ method: 'GET', path: '/api/v2/user' });

export const getUser = (id: number) => apiData<User>({ method: 'GET', path: `/api/v2/user/${id}` });

export const createUser = (body: UserCreate) => apiData<User>({ method: 'POST', path: '/api/v2/create-user', body });

export const updateUser = (id: number, body: UserUpdate) => apiData<User>({ method: 'PATCH', path: `/api/v2/user/${id}`, body });

export const changeUserStatus = (id: number, body: UserStatusChange) => apiData<User>({ method: 'POST', path: `/api/v2/user/${id}/status`, body });

export const listRoles = () => apiData<Role[]>({ method: 'GET', path: '/api/v2/roles' });

export const createRole = (body: RoleCreate) => apiData<Role>({ method: 'POST', path: '/api/v2/roles', body });

export const updateRole = (id: number, body: RoleUpdate) => apiData<Role>({ method: 'PATCH', path: `/api/v2/roles/${id}`, body });

/** The view keys that exist, in menu order. */
export async function permissionCatalogue(): Promise<PermissionKey[]> {
  const entries = await apiData<PermissionCatalogueEntry[]>({ method: 'GET', path: '/api/v2/get-permisos-catalogo' });
  return [...entries].sort((a, b) => a.orden - b.orden).map((entry) => entry.id);
}

export const userPermissions = (id: number) => apiData<UserPermissions>({ method: 'GET', path: `/api/v2/get-permisos-usuario/${id}` });

/** Replaces the user's view keys; the answer may carry the stored list (spec section 4: else the submitted one is kept). */
export async function updateUserPermissions(id: number, body: { permisos: PermissionKey[]; version?: number }): Promise<Partial<UserPermissions> | null> {
  const answer = await api<{ data?: Partial<UserPermissions> } | null>({ method: 'PUT', path: `/api/v2/update-permisos-usuarios/${id}`, body });
  return answer?.data ?? null;
}

interface AuditFilters {
  user?: string;
  entity?: string;
  from?: string;
  to?: string;
}

/** The newest 200 entries the filters leave, and how many there are in all. */
export const listAudit = (filters: AuditFilters) =>
  api<{ data: AuditEntry[]; total: number }>({ method: 'GET', path: '/api/v2/audit', query: { ...filters, limit: 200 } });

/** The server's API reference: the OpenAPI 3.1 document of every route (docs/api-reference.md). */
export const getApiReference = () => api<OpenApiDocument>({ method: 'GET', path: '/api/openapi.json' });
