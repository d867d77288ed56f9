// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dateSortKey, formatDate, isIsoDate, parseDate } from '../../src/lib/format/date-format';
import { formatDecimal, formatInteger, formatMoney, formatPercent, parseDecimal } from '../../src/lib/format/number-format';

describe('formatDecimal', () => {
  it('groups thousands and marks decimals per language', () => {
    expect(formatDecimal('1234567.89', 'es-ES')).toBe('1.234.567,89');
    expect(formatDecimal('1234567.89', 'en-US')).toBe('1,234,567.89');
    expect(formatDecimal('-1234.5', 'es-ES')).toBe('-1.234,5');
    expect(formatDecimal('999', 'en-US')).toBe('999');
  });

  it('keeps every digit of long decimals (no float rounding)', () => {
    expect(formatDecimal('123456789012345678.123456', 'en-US')).toBe('123,456,789,012,345,678.123456');
  });

  it('rounds half up with carries and pads to the minimum', () => {
    expect(formatDecimal('0.995', 'en-US', { maxFractionDigits: 2 })).toBe('1');
    expect(formatDecimal('9.999', 'es-ES', { minFractionDigits: 2, maxFractionDigits: 2 })).toBe('10,00');
    expect(formatDecimal('1.004', 'en-US', { maxFractionDigits: 2 })).toBe('1');
    expect(formatDecimal('5', 'es-ES', { minFractionDigits: 2 })).toBe('5,00');
    expect(formatDecimal('-0.001', 'en-US', { maxFractionDigits: 2 })).toBe('0');
  });

  it('leaves blanks blank and shows a non-number unchanged', () => {
    expect(formatDecimal(null, 'es-ES')).toBe('');
    expect(formatDecimal('', 'es-ES')).toBe('');
    expect(formatDecimal('abc', 'es-ES')).toBe('abc');
    expect(formatInteger(12345, 'es-ES')).toBe('12.345');
  });
});

describe('formatMoney and formatPercent', () => {
  it('shows the currency code where each language puts it, two decimals', () => {
    expect(formatMoney('1234.5', 'USD', 'es-ES')).toBe('1.234,50 USD');
    expect(formatMoney('1234.5', 'MXN', 'en-US')).toBe('MXN 1,234.50');
    expect(formatMoney(null, 'USD', 'en-US')).toBe('');
  });

  it('writes percentages per language', () => {
    expect(formatPercent('12.5', 'es-ES')).toBe('12,5\u00a0%');
    expect(formatPercent('100', 'en-US')).toBe('100%');
  });
});

describe('parseDecimal', () => {
  it('reads what each language types back to the wire form', () => {
    expect(parseDecimal('1.234,56', 'es-ES')).toBe('1234.56');
    expect(parseDecimal('1234,5', 'es-ES')).toBe('1234.5');
    expect(parseDecimal('1,234.56', 'en-US')).toBe('1234.56');
    expect(parseDecimal(' -007 ', 'en-US')).toBe('-7');
    expect(parseDecimal('-0', 'en-US')).toBe('0');
  });

  it('refuses misplaced separators and text', () => {
    expect(parseDecimal('1.5', 'es-ES')).toBeNull();
    expect(parseDecimal('1,5', 'en-US')).toBeNull();
    expect(parseDecimal('12.34.5', 'es-ES')).toBeNull();
    expect(parseDecimal('', 'es-ES')).toBeNull();
    expect(parseDecimal('ten', 'en-US')).toBeNull();
  });

  it('round-trips with formatDecimal', () => {
    for (const locale of ['es-ES', 'en-US'] as const) {
      for (const value of ['0', '12', '1234.5', '-98765432.125']) {
        expect(parseDecimal(formatDecimal(value, locale), locale)).toBe(value);
      }
    }
  });
});

describe('dates', () => {
  it('shows ISO dates as dd/mm/yyyy', () => {
    expect(formatDate('2026-03-01')).toBe('01/03/2026');
    expect(formatDate('2026-03-01T10:00:00.000Z')).toBe('01/03/2026');
    expect(formatDate(null)).toBe('');
  });

  it('reads dd/mm/yyyy back to ISO and refuses impossible days', () => {
    expect(parseDate('01/03/2026')).toBe('2026-03-01');
    expect(parseDate('1/3/2026')).toBe('2026-03-01');
    expect(parseDate('29/02/2024')).toBe('2024-02-29');
    expect(parseDate('29/02/2026')).toBeNull();
    expect(parseDate('31/04/2026')).toBeNull();
    expect(parseDate('2026-03-01')).toBeNull();
    expect(parseDate('13/13/2026')).toBeNull();
  });

  it('checks ISO values and sorts displayed dates by calendar order', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(dateSortKey('02/01/2026') > dateSortKey('31/12/2025')).toBe(true);
  });
});
