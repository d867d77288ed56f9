import { Alert, Stack } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import type { MarketDataProblem } from '../../../schemas/market-data.schema';
import { integerColumn, wrappedTextColumn } from '../grid/column-types';
import { DataGrid } from '../grid/data-grid';
import { useFormat, type Formatters } from '../format/use-format';
import { useT, type Translate } from '../i18n/use-t';
import { gridHeightFor } from '../grid/grid-height';

/** A refused file's problem: a market-data file's, or a workbook's with the sheet it is on (`hoja`; `fila` null for a whole sheet or file). */
export type ImportProblem = Omit<MarketDataProblem, 'fila'> & { fila: number | null; hoja?: string | null };

/** A problem as the grid shows it: its reason already in the user's language. */
interface ReportRow {
  id: string;
  fila: number | null;
  columna: string;
  motivo: string;
}

/**
 * A problem's params as its text shows them: a charge period it names (`desde`, `hasta`, ISO
 * dates; `hasta` empty when open-ended) also as `periodo`, in words and in the user's date format.
 */
function shownParams(params: ImportProblem['params'], t: Translate, format: Formatters): Record<string, string | number> | undefined {
  if (!params || typeof params.desde !== 'string') return params;
  const desde = format.date(params.desde);
  const hasta = typeof params.hasta === 'string' && params.hasta !== '' ? format.date(params.hasta) : '';
  return { ...params, desde, hasta, periodo: hasta ? t('marketData.periods.range', { desde, hasta }) : t('marketData.periods.openRange', { desde }) };
}

/** The reason in the user's language; the server's English words for a code this build has no text for. */
function reasonOf(problem: ImportProblem, t: Translate, format: Formatters): string {
  const text = problem.key ? t(problem.key, shownParams(problem.params, t, format)) : '';
  // A missing key comes back as the key itself.
  return text && text !== problem.key ? text : problem.motivo;
}

/**
 * The problems of a refused import, one per row of a grid (row, column, reason in the user's
 * language; a workbook's sheet before its column), under an alert that says nothing was stored:
 * the import is all or nothing. `titleKey` names the refusal (a market-data file's by default).
 */
export function ImportReport({ problems, titleKey = 'errors.APP_ERR_MARKET_DATA_INVALID' }: { problems: readonly ImportProblem[]; titleKey?: string }) {
  const t = useT();
  const format = useFormat();
  const rows = useMemo<ReportRow[]>(
    () =>
      problems.map((problem, index) => ({
        id: String(index),
        fila: problem.fila,
        columna: [problem.hoja, problem.columna ?? (problem.fila === null ? null : t('marketData.report.wholeRow'))].filter(Boolean).join(' · '),
        motivo: reasonOf(problem, t, format),
      })),
    [problems, t, format],
  );
  const columns = useMemo<ColDef<ReportRow>[]>(
    () => [
      { ...integerColumn<ReportRow>('fila', format), headerName: t('marketData.report.row'), flex: 0 },
      { field: 'columna', headerName: t('marketData.report.column'), flex: 0 },
      // A reason may name another row and its period: it wraps rather than being cut.
      { ...wrappedTextColumn<ReportRow>('motivo'), headerName: t('marketData.report.reason'), flex: 3 },
    ],
    [t, format],
  );
  return (
    <Stack gap="3" as="section" aria-label={t('marketData.report.title')}>
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t(titleKey)}</Alert.Title>
          <Alert.Description>{t('marketData.report.nothingStored', { count: problems.length })}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <DataGrid<ReportRow>
        rows={rows}
        columns={columns}
        i18nPrefix="marketData.report"
        // A reason often takes two lines.
        height={gridHeightFor(rows, 62)}
        urlPrefix="informe."
        urlFilters={false}
      />
    </Stack>
  );
}
