import { ROLE_PAGE_ACTIONS, type RolePage } from '../../../schemas/role.schema';
import { useSession } from './use-session';

type PageActions<P extends RolePage> = Record<(typeof ROLE_PAGE_ACTIONS)[P][number], boolean>;

/**
 * What the signed-in user's role lets them do on `page` (the server's own answer, country and
 * status applied), so a page offers only those actions. Nothing is granted while the user
 * loads. The server checks every call again: this only spares the user a refusal.
 */
export function usePageActions<P extends RolePage>(page: P): PageActions<P> {
  const { user } = useSession();
  const granted = user?.permisos_x_pagina?.[page] as Readonly<Record<string, boolean>> | undefined;
  const actions: readonly string[] = ROLE_PAGE_ACTIONS[page];
  return Object.fromEntries(actions.map((action) => [action, granted?.[action] === true])) as PageActions<P>;
}
