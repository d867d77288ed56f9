// @vitest-environment node
// Each broken rule of a form field has its own message: the empty case keeps the spec's text,
// a value out of range says the range, a badly formed one says what is expected, a day that
// does not exist says so, and a node code that is not one says what a node code is.
import { describe, expect, it } from 'vitest';
import enUS from '../../i18n/en-US.json';
import esES from '../../i18n/es-ES.json';
import { CONTRACT_MESSAGE_OVERRIDES } from '../../schemas/contract.schema';
import { ANNEX_MESSAGE_OVERRIDES } from '../../schemas/annex.schema';
import { DECIMAL_BOUNDS, decimalPattern } from '../../schemas/decimal.schema';
import { NODE_CODE_PATTERN } from '../../schemas/node-code.schema';
import { toFieldErrors } from '../../src/lib/forms/field-errors';
import { formToBody, typingErrors, type RecordFieldKinds } from '../../src/lib/forms/record-body';
import { validateAnnex } from '../../src/features/annexes/annex-values';
import { blankContract, validateContract } from '../../src/features/contracts/contract-values';
import { blankAnnex } from '../../src/features/annexes/annex-values';

const pattern = (instancePath: string, value: string) => ({ instancePath, keyword: 'pattern', params: { pattern: value }, message: 'x' });

describe('the message of a broken rule', () => {
  it('says the bounds of a decimal, greater than 0 for a quantity', () => {
    expect(toFieldErrors([pattern('/margen', decimalPattern(DECIMAL_BOUNDS.percentage))], CONTRACT_MESSAGE_OVERRIDES)).toEqual({
      margen: { key: 'forms.errors.decimalRange', params: { min: 0, max: 100, scale: 4 } },
    });
    expect(toFieldErrors([pattern('/potencia', decimalPattern(DECIMAL_BOUNDS.quantity))], CONTRACT_MESSAGE_OVERRIDES)).toEqual({
      potencia: { key: 'forms.errors.decimalPositive', params: { min: 0, max: 999999999.999, scale: 3 } },
    });
  });

  it('says what a node code is for a list item that is not one', () => {
    expect(toFieldErrors([pattern('/pmi/1', NODE_CODE_PATTERN)], CONTRACT_MESSAGE_OVERRIDES)).toEqual({
      pmi: { key: 'forms.errors.nodeCode', params: { limit: 40 } },
    });
  });

  it("keeps the spec's text for an empty field, and the generic one for every other rule of a typed field", () => {
    const empty = toFieldErrors(
      [
        { instancePath: '', keyword: 'required', params: { missingProperty: 'dias_factura' } },
        { instancePath: '/pmi', keyword: 'minItems', params: { limit: 1 } },
      ],
      CONTRACT_MESSAGE_OVERRIDES,
    );
    expect(empty).toEqual({ dias_factura: { key: 'contractMessages.dias_factura' }, pmi: { key: 'contractMessages.pmi' } });
    const broken = toFieldErrors(
      [
        { instancePath: '/dias_factura', keyword: 'maximum', params: { comparison: '<=', limit: 365 } },
        { instancePath: '/codigo_agente', keyword: 'maxLength', params: { limit: 40 } },
      ],
      CONTRACT_MESSAGE_OVERRIDES,
    );
    expect(broken).toEqual({
      dias_factura: { key: 'forms.errors.maximum', params: { limit: 365 } },
      codigo_agente: { key: 'forms.errors.maxLength', params: { limit: 40 } },
    });
    // A choice is still "Select a valid …" whatever it breaks.
    expect(toFieldErrors([{ instancePath: '/sucursal', keyword: 'enum', params: {} }], CONTRACT_MESSAGE_OVERRIDES)).toEqual({
      sucursal: { key: 'contractMessages.sucursal' },
    });
    expect(toFieldErrors([pattern('/pct_fpn', decimalPattern(DECIMAL_BOUNDS.percentage))], ANNEX_MESSAGE_OVERRIDES).pct_fpn?.key).toBe(
      'forms.errors.decimalRange',
    );
  });

  it('has every new text in both languages, naming the field', () => {
    for (const key of ['decimalRange', 'decimalPositive', 'number', 'integer', 'calendarDay', 'nodeCode', 'nodeCodeRefused', 'maxLength', 'maximum', 'minimum', 'date']) {
      for (const catalogue of [enUS, esES]) {
        const text = (catalogue.forms.errors as Record<string, string>)[key];
        expect(text, key).toMatch(/^\{\{field\}\}: /);
      }
    }
  });
});

describe('what was typed but cannot be read', () => {
  const kinds: RecordFieldKinds = {
    integers: ['dias_factura'],
    decimals: ['margen'],
    dates: ['fecha_inicio'],
    clearable: new Set(),
    formOnly: [],
  };

  it('names a day that is not in the calendar, a date of another shape, a number of another notation and a text that is no whole number', () => {
    expect(typingErrors({ dias_factura: '1,5', margen: '1.5', fecha_inicio: '31/02/2025' }, kinds, 'es-ES')).toEqual({
      dias_factura: { key: 'forms.errors.integer' },
      margen: { key: 'forms.errors.number', params: { example: '1.234,5' } },
      fecha_inicio: { key: 'forms.errors.calendarDay', params: { value: '31/02/2025' } },
    });
    expect(typingErrors({ dias_factura: '-1', margen: '-10', fecha_inicio: '2025-02-01' }, kinds, 'en-US')).toEqual({
      fecha_inicio: { key: 'forms.errors.date' },
    });
    expect(typingErrors({ dias_factura: '', margen: ' ', fecha_inicio: '' }, kinds, 'en-US')).toEqual({});
  });

  it('sends any whole number as a number, so its bounds say what is wrong with it', () => {
    expect(formToBody({ dias_factura: '-1' }, kinds, 'en-US', 'create')).toEqual({ dias_factura: -1 });
    expect(formToBody({ dias_factura: '400' }, kinds, 'en-US', 'create')).toEqual({ dias_factura: 400 });
  });
});

describe('the contract and annex forms', () => {
  it('say the bound a contract breaks instead of asking for the field again', () => {
    const errors = validateContract(
      {
        ...blankContract(),
        margen: '150',
        fee: '-10',
        potencia: '0',
        energia: '99999999999999999999',
        monto_garantia: '-100',
        dias_factura: '400',
        dias_credito: '-1',
        fecha_inicio: '31/02/2025',
        codigo_agente: 'E'.repeat(5000),
      },
      'en-US',
    );
    expect(errors).toMatchObject({
      margen: { key: 'forms.errors.decimalRange', params: { max: 100 } },
      fee: { key: 'forms.errors.decimalRange', params: { max: 99999999.9999 } },
      potencia: { key: 'forms.errors.decimalPositive' },
      energia: { key: 'forms.errors.decimalPositive' },
      monto_garantia: { key: 'forms.errors.decimalRange', params: { max: 999999999999.99, scale: 2 } },
      dias_factura: { key: 'forms.errors.maximum', params: { limit: 365 } },
      dias_credito: { key: 'forms.errors.minimum', params: { limit: 0 } },
      fecha_inicio: { key: 'forms.errors.calendarDay' },
      codigo_agente: { key: 'forms.errors.maxLength', params: { limit: 40 } },
      // Still empty: the spec's text.
      poc: { key: 'contractMessages.poc' },
    });
  });

  it('say the percentage bounds of a transmission right given in %, and the price bounds of a fee', () => {
    const errors = validateAnnex({ ...blankAnnex('12'), fee: '-5', derecho_transmision: '150', derecho_transmision_tipo: '%' }, 'en-US', []);
    expect(errors.fee).toEqual({ key: 'forms.errors.decimalRange', params: { min: 0, max: 99999999.9999, scale: 4 } });
    expect(errors.derecho_transmision).toEqual({ key: 'forms.errors.decimalRange', params: { min: 0, max: 100, scale: 4 } });
  });
});
