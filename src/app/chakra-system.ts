import type { SystemContext } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { publicSystem } from './public-theme';

/**
 * The Chakra system the app renders with: the light public one (public-theme.ts) before sign-in,
 * the shell's (shell-theme.ts) once the shell is wanted, the app's whole one (theme.ts) once any
 * other page is; each loaded on demand and never given up for a smaller one. All have the same
 * tokens and global styles, so a switch changes no style already on screen.
 */
export type ChakraSystemLevel = 'shell' | 'whole';

const LOADERS: Record<ChakraSystemLevel, () => Promise<SystemContext>> = {
  shell: () => import('./shell-theme').then((module) => module.shellSystem),
  whole: () => import('./theme').then((module) => module.system),
};
const ORDER: Array<ChakraSystemLevel | 'public'> = ['public', 'shell', 'whole'];

let current: { level: ChakraSystemLevel | 'public'; system: SystemContext } = { level: 'public', system: publicSystem };
const loading = new Map<ChakraSystemLevel, Promise<void>>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The system to give `ChakraProvider`; re-renders when a larger one replaces it. */
export function useChakraSystem(): SystemContext {
  return useSyncExternalStore(subscribe, () => current.system, () => current.system);
}

/** Loads the system of `level` and switches to it, unless a larger one is in use already. */
export function loadChakraSystem(level: ChakraSystemLevel): Promise<void> {
  let pending = loading.get(level);
  if (!pending) {
    pending = LOADERS[level]().then((system) => {
      if (ORDER.indexOf(level) <= ORDER.indexOf(current.level)) return;
      current = { level, system };
      listeners.forEach((listener) => listener());
    });
    loading.set(level, pending);
    // A failed load (offline) is not remembered: the next need of it tries again.
    pending.catch(() => loading.delete(level));
  }
  return pending;
}
