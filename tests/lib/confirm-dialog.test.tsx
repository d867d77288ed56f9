// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import esES from '../../i18n/es-ES.json';
import { initI18n } from '../../src/lib/i18n/i18n';
import { ConfirmDialog, type ConfirmTone } from '../../src/lib/ui/confirm-dialog';
import { renderWithApp } from '../app/helpers/render-with-app';

beforeEach(() => initI18n({ search: '', storage: null }));
afterEach(cleanup);

/** The palette the button is painted with: the solid colour its style points at. */
function paletteOf(element: HTMLElement): string {
  const css = [...document.querySelectorAll('style')].flatMap((style) => [...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText)).join('\n');
  const own = [...element.classList].filter((name) => name.startsWith('css-'));
  const rules = css.split('\n').filter((rule) => own.some((name) => rule.includes(`.${name}`)));
  return /--chakra-colors-color-palette-solid:\s*var\(--chakra-colors-([a-z]+)-/.exec(rules.join('\n'))?.[1] ?? '';
}

/** The dialog's confirm button. */
async function confirmButton(tone?: ConfirmTone) {
  renderWithApp(
    <ConfirmDialog open titleKey="invoicing.view.requestTitle" textKey="invoicing.view.requestText" confirmKey="invoicing.view.requestConfirm" tone={tone} onConfirm={() => {}} onCancel={() => {}} />,
  );
  return screen.findByRole('button', { name: esES.invoicing.view.requestConfirm });
}

describe('the confirmation dialog', () => {
  it('paints its confirm button red unless told otherwise: a delete or a discard', async () => {
    const button = await confirmButton();
    expect(paletteOf(button)).toBe('red');
  });

  it('paints a step forward (requesting an invoice) in the brand palette, not as a delete', async () => {
    const button = await confirmButton('primary');
    expect(paletteOf(button)).toBe('brand');
  });
});
