// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import enUS from '../../i18n/en-US.json';
import esES from '../../i18n/es-ES.json';
import { FormField } from '../../src/lib/forms/form-field';
import { RecordPicker, type PickerOption } from '../../src/lib/forms/record-picker';
import { setLocale } from '../../src/lib/i18n/i18n';
import { renderWithApp } from '../app/helpers/render-with-app';
import { pick } from '../app/helpers/pick';

const COMPANIES: PickerOption[] = [
  { value: '1', label: 'Compañía Eléctrica del Istmo', detail: 'Panamá' },
  { value: '2', label: 'Ñandú Energía S.A.', detail: 'Guatemala' },
  { value: '3', label: 'Generadora del Norte', detail: 'México' },
  ...Array.from({ length: 40 }, (_, index) => ({ value: String(index + 10), label: `Empresa ${index + 10}` })),
];

function Picker({ onChange }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <FormField labelKey="contracts.fields.empresa_id" error={undefined} required>
      <RecordPicker
        name="empresa_id"
        options={COMPANIES}
        value={value}
        onChange={(chosen) => {
          setValue(chosen);
          onChange?.(chosen);
        }}
      />
    </FormField>
  );
}

afterEach(() => {
  cleanup();
  act(() => setLocale('es-ES'));
});

describe('record picker', () => {
  it.each([
    ['electrica', 'Compañía Eléctrica del Istmo'],
    ['COMPANIA', 'Compañía Eléctrica del Istmo'],
    ['nandu', 'Ñandú Energía S.A.'],
  ])('narrows the companies to those whose name holds %s, whatever the accents and case', async (typed, found) => {
    renderWithApp(<Picker />);
    const input = screen.getByRole('combobox', { name: new RegExp(esES.contracts.fields.empresa_id) });
    await act(async () => {
      fireEvent.click(input);
      fireEvent.change(input, { target: { value: typed } });
    });
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([expect.stringContaining(found)]);
  });

  it('chooses a record by its name and keeps its id, and says so when nothing matches, in Spanish and English', async () => {
    let chosen = '';
    renderWithApp(<Picker onChange={(value) => (chosen = value)} />);
    await pick(esES.contracts.fields.empresa_id, 'norte', /Generadora del Norte/);
    expect(chosen).toBe('3');
    expect((screen.getByRole('combobox', { name: new RegExp(esES.contracts.fields.empresa_id) }) as HTMLInputElement).value).toBe('Generadora del Norte');
    cleanup();

    act(() => setLocale('en-US'));
    renderWithApp(<Picker />);
    const input = screen.getByRole('combobox', { name: new RegExp(enUS.contracts.fields.empresa_id) });
    expect(input.getAttribute('placeholder')).toBe(enUS.forms.pickerPlaceholder);
    await act(async () => {
      fireEvent.click(input);
      fireEvent.change(input, { target: { value: 'zzz' } });
    });
    expect(await screen.findByText(enUS.forms.pickerEmpty)).toBeTruthy();
  });
});
