// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formToBody, recordToForm, type RecordFieldKinds } from '../../src/lib/forms/record-body';

const kinds: RecordFieldKinds = {
  integers: ['plazo'],
  decimals: ['fee'],
  dates: ['fecha_inicio'],
  clearable: new Set(['nota']),
  formOnly: ['archivo_nombre', 'version'],
};
const blank = { plazo: '', fee: '', fecha_inicio: '', nota: '', archivo_nombre: '', pmi: [] as string[] };

describe('record form values and bodies', () => {
  it('shows a stored record in the language the user types in, with its version', () => {
    const record = { plazo: 24, fee: '1234.5', fecha_inicio: '2026-03-01', nota: null, pmi: ['GT-ESC-230'], version: 3, otro: 'x' };
    expect(recordToForm(blank, record, kinds, 'es-ES')).toEqual({
      plazo: '24',
      fee: '1.234,5',
      fecha_inicio: '01/03/2026',
      nota: '',
      archivo_nombre: '',
      pmi: ['GT-ESC-230'],
      version: 3,
    });
  });

  it('sends what was typed in the wire form, and never the form-only fields', () => {
    const value = { ...blank, plazo: ' 24 ', fee: '1.234,5', fecha_inicio: '01/03/2026', archivo_nombre: 'a.pdf', version: 3 };
    expect(formToBody(value, kinds, 'es-ES', 'create')).toEqual({ plazo: 24, fee: '1234.5', fecha_inicio: '2026-03-01', pmi: [] });
  });

  it('keeps a text that is not a number or a date as typed, so the schema refuses it beside its field', () => {
    const body = formToBody({ ...blank, plazo: 'dos', fee: '12,3,4', fecha_inicio: '31/02/2026' }, kinds, 'es-ES', 'create');
    expect(body).toMatchObject({ plazo: 'dos', fee: '12,3,4', fecha_inicio: '31/02/2026' });
  });

  it('clears an emptied optional field on update, and leaves it out of a create', () => {
    expect(formToBody(blank, kinds, 'en-US', 'update')).toEqual({ nota: null, pmi: [] });
    expect(formToBody(blank, kinds, 'en-US', 'create')).toEqual({ pmi: [] });
  });
});
