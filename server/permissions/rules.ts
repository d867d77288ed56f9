// The view-key rules a JSON Schema cannot state, as pure functions.
import { PERMISSION_KEYS, type PermissionKey } from '../../schemas/permission-key.schema';

/**
 * A permission list as submitted (keys or `{ id }` objects, spec section 3) as stored:
 * plain keys, each once, in catalogue (menu) order.
 */
export function normalisePermissions(items: ReadonlyArray<PermissionKey | { id: PermissionKey }>): PermissionKey[] {
  const wanted = new Set(items.map((item) => (typeof item === 'string' ? item : item.id)));
  return PERMISSION_KEYS.filter((key) => wanted.has(key));
}
