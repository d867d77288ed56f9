import type { PermissionKey } from '../../../schemas/permission-key.schema';
import type { MenuItem } from './menu-tree';

/**
 * Whether the held keys satisfy a requirement (spec section 6): no requirement passes, a
 * single key must be held, and for a list any one key suffices.
 */
export function hasPermission(
  held: readonly PermissionKey[],
  required: PermissionKey | readonly PermissionKey[] | undefined,
): boolean {
  if (required === undefined) return true;
  const wanted: readonly PermissionKey[] = typeof required === 'string' ? [required] : required;
  return wanted.some((key) => held.includes(key));
}

/**
 * The menu a user sees (spec section 2): an item shows if its permission is held or it has
 * none, and a parent shows only if at least one of its children remains.
 */
export function filterMenu(items: readonly MenuItem[], held: readonly PermissionKey[]): MenuItem[] {
  return items.flatMap((item): MenuItem[] => {
    if (!hasPermission(held, item.permission)) return [];
    if (!item.children) return [item];
    const children = filterMenu(item.children, held);
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}
