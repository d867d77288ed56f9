import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import type { Formatters } from '../format/use-format';
import type { Currency } from '../format/number-format';

/**
 * Column definitions for numbers, money and dates in the active language: shown formatted,
 * sorted by value, filtered with number and date filters, and searched as shown. Decimals
 * arrive as strings; they become numbers only to compare and filter, never to display.
 */

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

function compareNumbers(a: unknown, b: unknown): number {
  const x = toNumber(a);
  const y = toNumber(b);
  if (x === null || y === null) return x === y ? 0 : x === null ? -1 : 1;
  return x - y;
}

/** Number filter typing in the language's notation (1.234,5 in Spanish), for a column of its own make. */
export function numberFilterParams(format: Formatters) {
  return {
    allowedCharPattern: '\\d\\-\\.,',
    numberParser: (text: string | null) => {
      const wire = text ? format.parseDecimal(text) : null;
      return wire === null ? null : Number(wire);
    },
    numberFormatter: (value: number | null) => (value === null ? null : format.decimal(value)),
  };
}

/** A decimal (string or number) column: `field` holds the wire value. */
export function decimalColumn<Row>(field: string, format: Formatters, digits?: { min?: number; max?: number }): ColDef<Row> {
  const show = (value: unknown) =>
    format.decimal(value as string | number | null, { minFractionDigits: digits?.min, maxFractionDigits: digits?.max });
  return {
    colId: field,
    field: field as ColDef<Row>['field'],
    type: 'rightAligned',
    valueFormatter: ({ value }: ValueFormatterParams<Row>) => show(value),
    comparator: compareNumbers,
    filter: 'agNumberColumnFilter',
    filterValueGetter: ({ getValue }) => toNumber(getValue(field)),
    filterParams: numberFilterParams(format),
    getQuickFilterText: ({ value }) => show(value),
  };
}

/** An integer count column (contacts, contracts). */
export function integerColumn<Row>(field: string, format: Formatters): ColDef<Row> {
  return { ...decimalColumn<Row>(field, format, { max: 0 }), minWidth: 100 };
}

/**
 * An amount with its currency: `currency` is the row's currency (a column of the row or a
 * fixed one), shown as the language writes money (`1.234,50 USD` / `USD 1,234.50`).
 */
export function moneyColumn<Row>(field: string, format: Formatters, currency: (row: Row | undefined) => Currency): ColDef<Row> {
  return {
    ...decimalColumn<Row>(field, format),
    valueFormatter: ({ value, data }: ValueFormatterParams<Row>) => format.money(value as string | null, currency(data)),
    getQuickFilterText: ({ value, data }) => format.money(value as string | null, currency(data)),
  };
}

/** A percentage (0-100) column. */
export function percentColumn<Row>(field: string, format: Formatters): ColDef<Row> {
  return {
    ...decimalColumn<Row>(field, format),
    valueFormatter: ({ value }: ValueFormatterParams<Row>) => format.percent(value as string | null),
    getQuickFilterText: ({ value }) => format.percent(value as string | null),
  };
}

/** Midnight of an ISO date in the browser's zone, as AG Grid's date filter compares. */
function isoToLocalDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

/** An ISO date column shown dd/mm/yyyy, sorted by date, with a date filter. */
export function dateColumn<Row>(field: string, format: Formatters): ColDef<Row> {
  return {
    colId: field,
    field: field as ColDef<Row>['field'],
    valueFormatter: ({ value }: ValueFormatterParams<Row>) => format.date(value as string | null),
    // ISO dates sort as text in calendar order.
    comparator: (a: unknown, b: unknown) => String(a ?? '').localeCompare(String(b ?? '')),
    filter: 'agDateColumnFilter',
    filterParams: {
      comparator: (filterDate: Date, cellValue: unknown) => {
        const cell = isoToLocalDate(cellValue);
        if (!cell) return -1;
        return cell.getTime() === filterDate.getTime() ? 0 : cell < filterDate ? -1 : 1;
      },
    },
    getQuickFilterText: ({ value }) => format.date(value as string | null),
  };
}

/**
 * A column of long texts (a sentence: an import problem's reason) that wraps them onto as many
 * lines as they need, the row growing with them, rather than cutting them: read in full, not on hover.
 */
export function wrappedTextColumn<Row>(field: string): ColDef<Row> {
  return {
    colId: field,
    field: field as ColDef<Row>['field'],
    wrapText: true,
    autoHeight: true,
    // The theme's line height is the row's: a wrapped text needs a line height of its own.
    cellStyle: { lineHeight: '1.45', paddingTop: '10px', paddingBottom: '10px' },
  };
}
