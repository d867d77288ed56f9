import type { ReactElement } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { PermissionKey } from '../../../schemas/permission-key.schema';
import { system } from '../../../src/app/theme';
import { setLocale } from '../../../src/lib/i18n/i18n';
import { session, signedIn } from './session-double';

/**
 * Renders UI with the app's Chakra system inside an in-memory router starting at `path`;
 * `history` records every navigation so tests can assert where the user went.
 */
export function renderWithApp(ui: ReactElement, path = '/home') {
  const location = memoryLocation({ path, record: true });
  const wrapped = (element: ReactElement) => (
    <ChakraProvider value={system}>
      <Router hook={location.hook}>{element}</Router>
    </ChakraProvider>
  );
  const utils = render(wrapped(ui));
  return {
    ...utils,
    /** Renders again inside the same providers and router (after a test double changed). */
    rerender: (next: ReactElement) => utils.rerender(wrapped(next)),
    history: location.history,
    navigate: location.navigate,
  };
}

/**
 * A page test's fresh start: before each test its doubles reset, a session holding `keys` and
 * the screen in Spanish; after it, the page unmounted.
 */
export function useFreshPage(keys: PermissionKey[], doubles: Array<{ mockReset(): unknown }>) {
  beforeEach(() => {
    for (const double of doubles) double.mockReset();
    session.current = signedIn(keys);
    act(() => setLocale('es-ES'));
  });
  afterEach(cleanup);
}
