import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useMemo, useRef } from 'react';
import { useFormat } from '../../lib/format/use-format';
import { decimalColumn } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
import { DecimalCellInput } from '../../lib/grid/decimal-cell-input';
import { useT } from '../../lib/i18n/use-t';
import type { OfferRuleBreak } from '../../../schemas/logbook.schema';
import { PERIODS, placeOf, type SheetLine } from './declaration-sheet';
import { useOfferRuleText, type OfferProblem } from './offer-problems';

/** What the grid's cells change (kept in a ref: the columns are made once per language). */
export interface SheetEdits {
  price: (key: string, value: string) => void;
  mw: (key: string, periodo: number, value: string) => void;
}

type GridLine = SheetLine;

interface CellParams {
  /** `precio`, or the period of an MW cell. */
  periodo: number | null;
  edits: { current: SheetEdits };
  readOnly: boolean;
  invalid: ReadonlySet<string>;
}

/** A figure the trader types: the line's price, or its MW in one period; read-only once sent. */
function SheetCell({ data, periodo, edits, readOnly, invalid, valueFormatted }: ICellRendererParams<GridLine> & CellParams) {
  const t = useT();
  if (!data) return null;
  if (readOnly) return <>{valueFormatted}</>;
  const value = periodo === null ? data.precio : (data.mw[periodo - 1] ?? '');
  const label = periodo === null ? t('logbooks.mer.priceOf', { pm: data.pm, contract: data.contrato_codigo }) : t('logbooks.mer.mwOf', { pm: data.pm, contract: data.contrato_codigo, periodo });
  return (
    <DecimalCellInput
      value={value}
      label={label}
      invalid={invalid.has(`${data.key}|${periodo ?? 'precio'}`)}
      onType={(wire) => (periodo === null ? edits.current.price(data.key, wire) : edits.current.mw(data.key, periodo, wire))}
    />
  );
}

/**
 * The MER declaration sheet of a day: a line per annex in force and PM (contract, class,
 * counterparty, PM, contracted MW), its asked price and its MW in each period, typed in the
 * language's notation ("—" where nothing is declared, once sent). `invalid` marks the cells a rule refuses (`<line key>|<period or 'precio'>`).
 */
export function DeclarationGrid({
  lines,
  edits,
  readOnly,
  invalid,
}: {
  lines: SheetLine[] | null;
  edits: SheetEdits;
  readOnly: boolean;
  invalid: ReadonlySet<string>;
}) {
  const t = useT();
  const format = useFormat();
  const latest = useRef(edits);
  latest.current = edits;
  const columns = useMemo<ColDef<GridLine>[]>(() => {
    const cell = (periodo: number | null): Partial<ColDef<GridLine>> => ({
      cellRenderer: SheetCell,
      cellRendererParams: { periodo, edits: latest, readOnly, invalid } satisfies CellParams,
      sortable: false,
      filter: false,
    });
    return [
      { field: 'contrato_codigo', headerName: t('logbooks.mer.columns.contract'), pinned: 'left', minWidth: 130 },
      { field: 'clase_contrato', headerName: t('logbooks.mer.columns.class'), maxWidth: 100 },
      { field: 'contraparte', headerName: t('logbooks.mer.columns.counterparty'), minWidth: 180 },
      { field: 'pm', headerName: t('logbooks.mer.columns.pm'), pinned: 'left', minWidth: 120 },
      { ...decimalColumn<GridLine>('potencia_mw', format), headerName: t('logbooks.mer.columns.contracted'), maxWidth: 120 },
      { ...decimalColumn<GridLine>('precio', format, { min: 2, max: 2 }), headerName: t('logbooks.mer.columns.price'), minWidth: 120, ...cell(null) },
      ...PERIODS.map(
        (periodo): ColDef<GridLine> => ({
          colId: `p${periodo}`,
          headerName: String(periodo),
          headerTooltip: t('logbooks.mer.periodTooltip', { periodo }),
          type: 'rightAligned',
          minWidth: 88,
          valueGetter: ({ data }) => data?.mw[periodo - 1] ?? '',
          valueFormatter: ({ value }) => (value === '' || value === null ? '—' : format.decimal(value as string)),
          ...cell(periodo),
        }),
      ),
    ];
  }, [t, format, readOnly, invalid]);

  return (
    <DataGrid<GridLine>
      rows={lines}
      columns={columns}
      rowId={(line) => line.key}
      emptyKey="logbooks.mer.empty"
      searchLabelKey="logbooks.mer.search"
      urlFilters={false}
      height="480px"
    />
  );
}

/** The refused declarations of a sheet in words, each naming its contract, PM and period, and the cell it marks. */
export function useDeclarationProblems() {
  const t = useT();
  const ruleText = useOfferRuleText();
  return (lines: readonly SheetLine[], breaks: readonly OfferRuleBreak[]): OfferProblem[] =>
    breaks.map(({ fila, field, keyword, params }) => {
      const place = placeOf(lines, fila);
      const where = place ? t('logbooks.mer.problemPlace', { contract: place.line.contrato_codigo, pm: place.line.pm, periodo: place.periodo }) : '';
      return { cell: place ? `${place.line.key}|${field === 'bloques' ? 'precio' : place.periodo}` : '', text: `${where}${ruleText(keyword, params)}` };
    });
}

/** What a declaration sheet's cells change in its lines: a line's price, or its MW in one period. */
export function declarationEdits(setLines: (update: (current: SheetLine[]) => SheetLine[]) => void): SheetEdits {
  return {
    price: (key, value) => setLines((current) => current.map((line) => (line.key === key ? { ...line, precio: value } : line))),
    mw: (key, periodo, value) => setLines((current) => current.map((line) => (line.key === key ? { ...line, mw: line.mw.map((mw, index) => (index === periodo - 1 ? value : mw)) } : line))),
  };
}
