// Choosing a record in a record picker (a contract's company, an annex's contract) as a user
// does: typing part of its name into the combobox and clicking the option.
import type { Page } from '@playwright/test';

/** The record picker labelled `label` (with or without the required mark). */
export function picker(page: Page, label: string) {
  return page.getByRole('combobox', { name: new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?\\s*$`) });
}

/** Types `typed` into the picker and clicks the option named `option` (the first one when not given). */
export async function pickRecord(page: Page, label: string, typed: string, option?: string | RegExp): Promise<void> {
  await picker(page, label).click();
  await picker(page, label).fill(typed);
  const options = page.getByRole('listbox').getByRole('option');
  await (option === undefined ? options.first() : options.filter({ hasText: option }).first()).click();
}
