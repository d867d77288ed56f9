import type { ReactElement } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { system } from '../../../src/app/theme';

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
