import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { useSelector } from '@xstate/store-react';
import { useChakraSystem } from './chakra-system';
import { notificationsStore } from './notifications';
import { SessionProvider } from './session/session-provider';

const AppToaster = lazy(() => import('./toaster').then((module) => ({ default: module.AppToaster })));

/**
 * The toaster, loaded with the first notification (most visits to the sign-in page show none)
 * and kept from then on; the notification waits in the queue meanwhile.
 */
function Toasts() {
  const queued = useSelector(notificationsStore, (snapshot) => snapshot.context.queue.length > 0);
  const [wanted, setWanted] = useState(queued);
  if (queued && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

/**
 * Everything the pages rely on: the themed Chakra system (a light one before sign-in, larger
 * ones as the shell and the other pages load theirs; chakra-system.ts), the session and the
 * toaster.
 * The language needs no provider: its words are loaded before the first render and `useT`
 * subscribes to it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const system = useChakraSystem();
  return (
    <ChakraProvider value={system}>
      <SessionProvider>
        {children}
        <Toasts />
      </SessionProvider>
    </ChakraProvider>
  );
}
