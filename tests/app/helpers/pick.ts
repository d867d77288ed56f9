import { act, fireEvent, screen, within } from '@testing-library/react';
import { labelled } from './form-fields';

/**
 * Chooses a record in a record picker as a user does: types part of its name into the
 * combobox labelled `label` (its label, with or without the required mark) and clicks the
 * option whose text holds `option`.
 */
export async function pick(label: string | RegExp, typed: string, option: string | RegExp): Promise<void> {
  const name = typeof label === 'string' ? labelled(label) : label;
  const input = screen.getByRole('combobox', { name });
  await act(async () => {
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: typed } });
  });
  const listbox = await screen.findByRole('listbox');
  const choice = within(listbox).getByRole('option', { name: option });
  await act(async () => {
    fireEvent.click(choice);
  });
}
