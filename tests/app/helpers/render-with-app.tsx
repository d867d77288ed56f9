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
  const utils = render(
    <ChakraProvider value={system}>
      <Router hook={location.hook}>{ui}</Router>
    </ChakraProvider>,
  );
  return { ...utils, history: location.history, navigate: location.navigate };
}
