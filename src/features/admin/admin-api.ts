import type { AuditEntry } from '../../../schemas/audit.schema';
import type { PermissionCatalogueEntry, UserPermissions } from '../../../schemas/permissions.schema';
import type { PermissionKey } from '../../../schemas/permission-key.schema';
import type { Role, RoleCreate, RoleUpdate } from '../../../schemas/role.schema';
import type { User, UserCreate, UserStatusChange, UserUpdate } from '../../../schemas/user.schema';
import { api } from '../../lib/api/client';

/** The administration calls of spec section 7 and issue 3 (paths in docs/api-admin.md). */

type Data<T> = { data: T };

export async function listUsers(): Promise<User[]> {
  return (await api<Data<User[]>>({ method: 'GET', path: '/api/v2/user' })).data;
}

export async function createUser(body: UserCreate): Promise<User> {
  return (await api<Data<User>>({ method: 'POST', path: '/api/v2/create-user', body })).data;
}

export async function updateUser(id: number, body: UserUpdate): Promise<User> {
  return (await api<Data<User>>({ method: 'PATCH', path: `/api/v2/user/${id}`, body })).data;
}

export async function changeUserStatus(id: number, body: UserStatusChange): Promise<User> {
  return (await api<Data<User>>({ method: 'POST', path: `/api/v2/user/${id}/status`, body })).data;
}

export async function listRoles(): Promise<Role[]> {
  return (await api<Data<Role[]>>({ method: 'GET', path: '/api/v2/roles' })).data;
}

export async function createRole(body: RoleCreate): Promise<Role> {
  return (await api<Data<Role>>({ method: 'POST', path: '/api/v2/roles', body })).data;
}

export async function updateRole(id: number, body: RoleUpdate): Promise<Role> {
  return (await api<Data<Role>>({ method: 'PATCH', path: `/api/v2/roles/${id}`, body })).data;
}

export async function permissionCatalogue(): Promise<PermissionKey[]> {
  const { data } = await api<Data<PermissionCatalogueEntry[]>>({ method: 'GET', path: '/api/v2/get-permisos-catalogo' });
  return [...data].sort((a, b) => a.orden - b.orden).map((entry) => entry.id);
}

export async function userPermissions(id: number): Promise<UserPermissions> {
  return (await api<Data<UserPermissions>>({ method: 'GET', path: `/api/v2/get-permisos-usuario/${id}` })).data;
}

/** Replaces the user's view keys; the answer may carry the stored list (spec section 4). */
export async function updateUserPermissions(
  id: number,
  body: { permisos: PermissionKey[]; version?: number },
): Promise<Partial<UserPermissions> | null> {
  const answer = await api<Partial<Data<Partial<UserPermissions>>> | null>({
    method: 'PUT',
    path: `/api/v2/update-permisos-usuarios/${id}`,
    body,
  });
  return answer?.data ?? null;
}

export interface AuditFilters {
  user?: string;
  entity?: string;
  from?: string;
  to?: string;
}

export async function listAudit(filters: AuditFilters): Promise<{ data: AuditEntry[]; total: number }> {
  return api<{ data: AuditEntry[]; total: number }>({
    method: 'GET',
    path: '/api/v2/audit',
    query: { ...filters, limit: 200 },
  });
}

export async function auditEntry(id: number): Promise<AuditEntry> {
  return (await api<Data<AuditEntry>>({ method: 'GET', path: `/api/v2/audit/${id}` })).data;
}
