import { createStore } from '@xstate/store';
import { createJSONStorage, persist } from '@xstate/store/persist';

/** localStorage key under which the drawer's state survives reloads and new tabs. */
const DRAWER_STORAGE_KEY = 'energy-backoffice.drawer';

/**
 * Whether the shell's drawer is open (240 px, labelled) or collapsed to icons (spec section
 * 2), kept in localStorage so a reload shows it as the user left it. Blocked storage leaves
 * it open on every load. The overlay drawer of small screens is not this: it starts closed.
 */
export function createDrawerStore() {
  return createStore({
    context: { open: true },
    on: {
      toggled: (context) => ({ open: !context.open }),
    },
  }).with(persist({ name: DRAWER_STORAGE_KEY, storage: createJSONStorage(() => window.localStorage) }));
}
