import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { SessionProvider } from './session/session-provider';
import { system } from './theme';
import { AppToaster } from './toaster';

/**
 * Everything the pages rely on: the themed Chakra system, the session and the toaster.
 * The language needs no provider: `initI18n` runs before the first render and `useT`
 * subscribes to it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <SessionProvider>
        {children}
        <AppToaster />
      </SessionProvider>
    </ChakraProvider>
  );
}
