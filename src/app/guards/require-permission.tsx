import type { ReactNode } from 'react';
import type { PermissionKey } from '../../../schemas/permission-key.schema';
import { useSession } from '../session/use-session';
import { hasPermission } from '../menu/filter-menu';
import { NotAuthorizedPage } from '../pages/not-authorized-page';

/**
 * A page's permission check (spec section 2): nothing while permissions load, the
 * not-authorised page when the user lacks the key, the page otherwise.
 */
export function RequirePermission({
  permission,
  children,
}: {
  permission: PermissionKey | readonly PermissionKey[] | undefined;
  children: ReactNode;
}) {
  const { permissions } = useSession();
  if (permission === undefined) return <>{children}</>;
  if (permissions === null) return null;
  if (!hasPermission(permissions, permission)) return <NotAuthorizedPage />;
  return <>{children}</>;
}
