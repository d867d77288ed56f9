import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Clicks the button named `name` once it is enabled, as a user waits for it: a button that acts
 * on what the grid shows ("select all shown") is disabled until the grid has told the page its
 * rows, which can come a moment after the rows are drawn.
 */
export async function clickWhenEnabled(name: string): Promise<void> {
  await waitFor(() => expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(screen.getByRole('button', { name }));
}
