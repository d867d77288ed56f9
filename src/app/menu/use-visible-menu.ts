import { useMemo } from 'react';
import { useSession } from '../session/use-session';
import { filterMenu } from './filter-menu';
import { MENU_TREE, type MenuItem } from './menu-tree';

/** The menu filtered by the user's permissions, or null while they are still loading. */
export function useVisibleMenu(): MenuItem[] | null {
  const { permissions } = useSession();
  return useMemo(() => (permissions === null ? null : filterMenu(MENU_TREE, permissions)), [permissions]);
}
