import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { useEffect, useMemo, useState } from 'react';
import type { Job } from '../../../schemas/job.schema';
import type { ReportAnswer, ReportCell, ReportColumnWire, ReportName } from '../../../schemas/report.schema';
import { useRequest } from '../../lib/api/use-request';
import { useFormat, type Formatters } from '../../lib/format/use-format';
import { dateColumn, decimalColumn, integerColumn, moneyColumn, percentColumn } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT, type Translate } from '../../lib/i18n/use-t';
import { JobFollowStatus } from '../../lib/jobs/job-follow-status';
import { useJobFollow } from '../../lib/jobs/use-job-follow';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { downloadJobWorkbook, exportReport, runReport } from './reports-api';
import type { ReportFilters } from './use-report-filters';

/** Rows per page of the grid: the server pages, so a report of any size shows page by page. */
export const REPORT_PAGE_ROWS = 500;

type Row = Record<string, ReportCell> & { __fila: number };

/** A column as its kind shows it: dates dd/mm/yyyy, MWh to three decimals, money with its currency, prices and percentages. */
function columnOf(column: ReportColumnWire, format: Formatters, t: Translate): ColDef<Row> {
  const headerName = t(`reports.columns.${column.clave}`);
  switch (column.tipo) {
    case 'date':
      return { ...dateColumn<Row>(column.clave, format), headerName };
    case 'integer':
      return { ...integerColumn<Row>(column.clave, format), headerName };
    case 'mwh':
      return { ...decimalColumn<Row>(column.clave, format, { min: 3, max: 3 }), headerName };
    case 'usd':
      return { ...moneyColumn<Row>(column.clave, format, () => 'USD'), headerName, minWidth: 140 };
    case 'mxn':
      return { ...moneyColumn<Row>(column.clave, format, () => 'MXN'), headerName, minWidth: 140 };
    case 'percent':
      return { ...percentColumn<Row>(column.clave, format), headerName };
    case 'price':
      return { ...decimalColumn<Row>(column.clave, format, { min: 2, max: 6 }), headerName };
    default:
      return { colId: column.clave, field: column.clave as ColDef<Row>['field'], headerName, minWidth: 120 };
  }
}

/**
 * A report's result for the body the filters give: the grid of the page of rows with the totals
 * over every row pinned below, the pager, the workbook (saved at once, or written by a job
 * followed here and then downloaded), and "Limpiar" to empty the result (spec section 4).
 */
export function ReportResult({ nombre, filters }: { nombre: ReportName; filters: ReportFilters }) {
  const t = useT();
  const format = useFormat();
  const locale = useLocale();
  const { body, fault, pagina, setFilter } = filters;
  const key = JSON.stringify(body);
  const [cleared, setCleared] = useState<string | null>(null);
  // A range the server would refuse is not asked for: the filter bar says why instead.
  const result = useRequest(() => (fault ? Promise.resolve<ReportAnswer | null>(null) : runReport(nombre, { ...body, pagina, por_pagina: REPORT_PAGE_ROWS })), { load: [nombre, key, pagina, fault] });
  const [job, setJob] = useState<Job | null>(null);
  const exporting = useRequest(() => exportReport(nombre, body, locale), { onSuccess: (outcome) => setJob(outcome.outcome === 'job' ? outcome.job : null) });
  // Another report or other filters: the last result's job and "cleared" no longer apply.
  useEffect(() => {
    setJob(null);
    setCleared(null);
  }, [nombre, key]);
  const answer: ReportAnswer | null = cleared === key || fault ? null : result.data;

  const columns = useMemo(() => (answer ? answer.columnas.map((column) => columnOf(column, format, t)) : []), [answer, format, t]);
  const rows = useMemo<Row[] | null>(() => (answer ? answer.filas.map((fila, index) => ({ ...fila, __fila: (pagina - 1) * REPORT_PAGE_ROWS + index })) : result.failure ? [] : null), [answer, pagina, result.failure]);
  // The totals row: "Total" in the first text column, each total under its column.
  const totals = useMemo<Row[] | undefined>(() => {
    if (!answer || answer.total_filas === 0) return undefined;
    const label = answer.columnas.find((column) => column.tipo === 'text');
    return [{ ...answer.totales, ...(label ? { [label.clave]: t('reports.page.total') } : {}), __fila: -1 }];
  }, [answer, t]);
  const pages = answer ? Math.max(1, Math.ceil(answer.total_filas / REPORT_PAGE_ROWS)) : 1;
  const first = (pagina - 1) * REPORT_PAGE_ROWS + 1;
  const last = answer ? Math.min(answer.total_filas, pagina * REPORT_PAGE_ROWS) : 0;
  const failure = result.failure ?? exporting.failure;

  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <Button colorPalette="blue" onClick={() => exporting.send()} loading={exporting.state === 'loading'} disabled={fault !== null || (job !== null && exporting.state !== 'failure')}>
          {t('reports.page.download')}
        </Button>
        <Button variant="outline" onClick={() => setCleared(key)} disabled={answer === null}>
          {t('reports.page.clear')}
        </Button>
        {cleared === key ? (
          <Button variant="ghost" onClick={() => { setCleared(null); result.send(); }}>
            {t('reports.page.runAgain')}
          </Button>
        ) : null}
      </HStack>
      {job ? <ExportJob job={job} nombre={nombre} onDone={() => setJob(null)} /> : null}
      {failure ? <ErrorAlert messageKey={failure.messageKey} /> : null}
      {fault ? null : cleared === key ? (
        <Text role="status" color="fg.muted">
          {t('reports.page.cleared')}
        </Text>
      ) : (
        <>
          <DataGrid<Row> rows={rows} columns={columns} rowId={(row) => String(row.__fila)} i18nPrefix="reports.page.grid" urlPrefix="g." urlFilters={false} pinnedBottomRows={totals} height="520px" />
          {answer && answer.total_filas > 0 ? (
            <HStack justify="space-between" wrap="wrap">
              <Text role="status" textStyle="sm" color="fg.muted">
                {t('reports.page.rows', { first: format.integer(first), last: format.integer(last), count: answer.total_filas, total: format.integer(answer.total_filas) })}
              </Text>
              {pages > 1 ? (
                <HStack gap="2">
                  <Button size="sm" variant="outline" disabled={pagina <= 1} onClick={() => setFilter('pagina', pagina - 1 > 1 ? String(pagina - 1) : '')}>
                    {t('reports.page.previous')}
                  </Button>
                  <Text textStyle="sm">{t('reports.page.pageOf', { page: format.integer(pagina), pages: format.integer(pages) })}</Text>
                  <Button size="sm" variant="outline" disabled={pagina >= pages} onClick={() => setFilter('pagina', String(pagina + 1))}>
                    {t('reports.page.next')}
                  </Button>
                </HStack>
              ) : null}
            </HStack>
          ) : null}
        </>
      )}
    </Stack>
  );
}

/** A large workbook's job followed live; once written it is downloaded, and can be again. */
function ExportJob({ job, nombre, onDone }: { job: Job; nombre: ReportName; onDone: () => void }) {
  const t = useT();
  const format = useFormat();
  const follow = useJobFollow(job);
  const download = useRequest(() => downloadJobWorkbook(job.id, nombre));
  const written = follow.estado === 'terminado';
  // Written: saved once by itself, as a small report's workbook is.
  useEffect(() => {
    if (written) download.send();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the job ends
  }, [written]);
  return (
    <Stack gap="2" role="group" aria-label={t('reports.page.jobTitle', { id: job.id })} borderWidth="1px" borderRadius="md" padding="3">
      <Text fontWeight="semibold">{t('reports.page.jobTitle', { id: job.id })}</Text>
      <Text role="status" textStyle="sm">
        {written ? t('reports.page.jobWritten', { total: format.integer(follow.total ?? follow.hechos) }) : follow.estado === 'fallido' ? t('reports.page.jobFailed') : t('reports.page.jobWriting')}
      </Text>
      <JobFollowStatus follow={follow} />
      {download.failure ? <ErrorAlert messageKey={download.failure.messageKey} /> : null}
      <HStack gap="2">
        {written ? (
          <Button size="sm" variant="outline" onClick={() => download.send()} loading={download.state === 'loading'}>
            {t('reports.page.downloadAgain')}
          </Button>
        ) : null}
        {written || follow.estado === 'fallido' ? (
          <Button size="sm" variant="ghost" onClick={onDone}>
            {t('reports.page.closeJob')}
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}
