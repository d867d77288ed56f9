import { Button, Input } from '@chakra-ui/react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useMemo, useRef, useState } from 'react';
import { divideDecimals } from '../../../schemas/exact-decimal';
import type { OfferRow, OfferRuleBreak } from '../../../schemas/logbook.schema';
import { readFailure, type Failure } from '../../lib/api/read-failure';
import { useFormat } from '../../lib/format/use-format';
import { DataGrid } from '../../lib/grid/data-grid';
import { DecimalCellInput } from '../../lib/grid/decimal-cell-input';
import { useT } from '../../lib/i18n/use-t';
import { refusedOffers, useOfferRuleText, type OfferProblem } from './offer-problems';
import { sheetOffers, unitLines, type OfferLine, type SheetShape } from './offer-sheet';
import { SheetCard } from './sheet-card';

/** The words of a sheet: its market's keys under `logbooks.<wording>` (columns.price, columns.mw, priceOf, mwOf, ...). */
export type SheetWording = 'slv' | 'mex';

type Figure = 'precios' | 'mws';

/** What a figure cell edits: a block's price or MW, or the line's fixed MW (`index` -1). */
interface FigureCellParams {
  figure: Figure | 'fija';
  index: number;
  wording: SheetWording;
  edits: { current: (key: string, figure: Figure | 'fija', index: number, value: string) => void };
  invalid: ReadonlySet<string>;
}

function FigureCell({ data, figure, index, wording, edits, invalid }: ICellRendererParams<OfferLine> & FigureCellParams) {
  const t = useT();
  if (!data) return null;
  const label = figure === 'fija' ? 'fixedOf' : figure === 'precios' ? 'priceOf' : 'mwOf';
  return (
    <DecimalCellInput
      value={figure === 'fija' ? data.fija : (data[figure][index] ?? '')}
      label={t(`logbooks.${wording}.${label}`, { pm: data.pm, periodo: data.periodo, bloque: index + 1 })}
      invalid={invalid.has(data.key)}
      onType={(wire) => edits.current(data.key, figure, index, wire)}
    />
  );
}

/**
 * A day's offers of one shape as a sheet (El Salvador's top offers, Mexico's link offers): a line
 * per unit and period, its blocks typed in the language's notation, a unit added by its PM, and a
 * save that names every refused line (the page's rules first, then the server's) and sends
 * nothing until they pass. The last save's success or refusal stays on the card until the next
 * save (spec section 4); the page reads the saved offers again and the sheet keeps its lines. `mxnPerUsd` shows each price's USD equivalent beside it (CENACE's
 * offers are in MXN).
 */
export function OfferSheetCard({
  title,
  shape,
  wording,
  initial,
  readOnly,
  newUnitPlaceholder,
  mxnPerUsd,
  check,
  submit,
  onUnitAdded,
}: {
  title: string;
  shape: SheetShape;
  wording: SheetWording;
  initial: OfferLine[];
  readOnly: boolean;
  newUnitPlaceholder: string;
  mxnPerUsd?: string | null;
  check: (filas: OfferRow[]) => OfferRuleBreak[];
  /** Saves the offers and answers the words that say so (kept on the card until the next save). */
  submit: (filas: OfferRow[]) => Promise<string>;
  onUnitAdded?: (pm: string) => void;
}) {
  const t = useT();
  const format = useFormat();
  const ruleText = useOfferRuleText();
  const [lines, setLines] = useState<OfferLine[]>(initial);
  const [newUnit, setNewUnit] = useState('');
  const [problems, setProblems] = useState<OfferProblem[]>([]);
  const [refusal, setRefusal] = useState<Failure | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const edit = useRef((key: string, figure: Figure | 'fija', index: number, value: string) =>
    setLines((current) =>
      current.map((line) => {
        if (line.key !== key) return line;
        if (figure === 'fija') return { ...line, fija: value };
        return { ...line, [figure]: line[figure].map((old, at) => (at === index ? value : old)) };
      }),
    ),
  );
  const invalid = useMemo(() => new Set(problems.map((problem) => problem.cell)), [problems]);
  const columns = useMemo<ColDef<OfferLine>[]>(() => {
    const figureColumn = (figure: Figure | 'fija', index: number, headerName: string): ColDef<OfferLine> => ({
      colId: figure === 'fija' ? 'fija' : `${figure}${index}`,
      headerName,
      type: 'rightAligned',
      minWidth: 104,
      sortable: false,
      filter: false,
      valueGetter: ({ data }) => (figure === 'fija' ? data?.fija : data?.[figure][index]) ?? '',
      valueFormatter: ({ value }) => (value === '' ? '' : format.decimal(value as string)),
      ...(readOnly ? {} : { cellRenderer: FigureCell, cellRendererParams: { figure, index, wording, edits: edit, invalid } satisfies FigureCellParams }),
    });
    const equivalent = (index: number): ColDef<OfferLine>[] =>
      mxnPerUsd
        ? [
            {
              colId: `usd${index}`,
              headerName: t(`logbooks.${wording}.columns.usd`, { bloque: index + 1 }),
              type: 'rightAligned',
              minWidth: 104,
              sortable: false,
              filter: false,
              valueGetter: ({ data }) => {
                const price = data?.precios[index] ?? '';
                return price === '' ? '' : divideDecimals(price, mxnPerUsd, 2);
              },
              valueFormatter: ({ value }) => (value === '' ? '' : format.decimal(value as string, { minFractionDigits: 2, maxFractionDigits: 2 })),
            },
          ]
        : [];
    return [
      { field: 'pm', headerName: t('logbooks.mer.columns.pm'), pinned: 'left', minWidth: 120 },
      { field: 'periodo', headerName: t('logbooks.offers.period'), type: 'rightAligned', maxWidth: 100 },
      ...(shape.fixed ? [figureColumn('fija', -1, t(`logbooks.${wording}.columns.fixed`))] : []),
      ...Array.from({ length: shape.blocks }, (_, index) => [
        figureColumn('precios', index, t(`logbooks.${wording}.columns.price`, { bloque: index + 1 })),
        ...equivalent(index),
        figureColumn('mws', index, t(`logbooks.${wording}.columns.mw`, { bloque: index + 1 })),
      ]).flat(),
    ];
  }, [t, format, readOnly, invalid, shape, wording, mxnPerUsd]);

  const addUnit = () => {
    const pm = newUnit.trim().toUpperCase();
    if (pm === '' || lines.some((line) => line.pm === pm)) return;
    setLines((current) => [...current, ...unitLines(pm, shape)]);
    onUnitAdded?.(pm);
    setNewUnit('');
  };

  const save = async () => {
    const { filas, lineOf, incomplete } = sheetOffers(lines, shape);
    const named = (line: OfferLine | undefined) => (line ? t('logbooks.offers.problemPlace', { pm: line.pm, periodo: line.periodo }) : '');
    const found: OfferProblem[] = [
      ...incomplete.map((line) => ({ cell: line.key, text: `${named(line)}${t('logbooks.offers.blockIncomplete')}` })),
      ...check(filas).map(({ fila, keyword, params }) => ({ cell: lineOf[fila]!.key, text: `${named(lineOf[fila])}${ruleText(keyword, params)}` })),
    ];
    setProblems(found);
    setRefusal(null);
    setSuccess(null);
    if (found.length > 0) return;
    setBusy(true);
    try {
      setSuccess(await submit(filas));
    } catch (error) {
      setRefusal(readFailure(error));
      setProblems(refusedOffers(error).map(({ fila, keyword, params }) => ({ cell: lineOf[fila]?.key ?? '', text: `${named(lineOf[fila])}${ruleText(keyword, params)}` })));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SheetCard
      title={title}
      success={success}
      refusal={refusal}
      problems={problems}
      actions={
        readOnly ? null : (
          <>
            <Input size="sm" width="12rem" aria-label={t('logbooks.offers.newUnit')} placeholder={newUnitPlaceholder} value={newUnit} onChange={(event) => setNewUnit(event.target.value)} />
            <Button size="sm" variant="outline" onClick={addUnit} disabled={newUnit.trim() === ''}>
              {t('logbooks.offers.addUnit')}
            </Button>
            <Button size="sm" colorPalette="blue" loading={busy} onClick={() => void save()}>
              {t('logbooks.offers.save')}
            </Button>
          </>
        )
      }
    >
      <DataGrid<OfferLine> rows={lines} columns={columns} rowId={(line) => line.key} emptyKey="logbooks.offers.empty" searchLabelKey="logbooks.offers.search" urlFilters={false} height="480px" />
    </SheetCard>
  );
}
