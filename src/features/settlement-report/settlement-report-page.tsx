import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { CONTRACT_TYPES, EPWM_BRANCHES } from '../../../schemas/contract.schema';
import type { SettlementReportQuery } from '../../../schemas/settlement-report.schema';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { DataGrid } from '../../lib/grid/data-grid';
import { useListState } from '../../lib/grid/use-list-state';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { FilterSelect, type FilterOption } from '../../lib/ui/filter-select';
import { MonthPicker, useUrlMonth, type UrlMonth } from '../../lib/ui/month-picker';
import { reportColumns } from './report-columns';
import { lineRow, totalsRow, type ReportRow } from './report-rows';
import { downloadSettlementReport, getSettlementReport, getSettlementReportMonths } from './settlement-report-api';

/** The report's filters, by URL parameter: the API's own names. */
const FILTER_NAMES = ['pais', 'empresa_id', 'tipo_contrato'] as const;

/**
 * `/liquidacion` (Reporte Liquidaciones): for the URL's month and filters, every contract's
 * PE, DF and CD side by side with the difference DF - PE (the shadow settlement against the
 * operator's statement), the grand totals pinned below, and the same as an Excel workbook.
 * Opened without a month, it asks which months have settlements and puts the latest in the URL
 * (the current month when none has): the current month is mostly not settled yet.
 */
export default function SettlementReportPage() {
  const month = useUrlMonth();
  return month.named ? <SettlementReport month={month} /> : <LatestSettledMonth month={month} />;
}

/** Puts the newest month with settlements in the URL, in place of the address without one. */
function LatestSettledMonth({ month }: { month: UrlMonth }) {
  const t = useT();
  const open = (latest: { anio: number; mes: number } | undefined) =>
    month.setMonth(latest ? { anio: latest.anio, mes: latest.mes } : { anio: month.anio, mes: month.mes }, { replace: true });
  // Should the months not come, the current month still opens (its own read says what failed).
  useRequest(getSettlementReportMonths, { load: [], onSuccess: (months) => open(months[0]), onFailure: () => open(undefined) });
  return (
    <Text role="status" color="fg.muted">
      {t('settlementReport.findingMonth')}
    </Text>
  );
}

function SettlementReport({ month }: { month: UrlMonth }) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const { state, setFilter } = useListState(FILTER_NAMES);
  const { pais, empresa_id, tipo_contrato } = state.filters;
  const query: SettlementReportQuery = {
    anio: month.anio,
    mes: month.mes,
    ...(pais && (EPWM_BRANCHES as readonly string[]).includes(pais) ? { pais: pais as SettlementReportQuery['pais'] } : {}),
    ...(empresa_id && /^[1-9]\d{0,8}$/.test(empresa_id) ? { empresa_id: Number(empresa_id) } : {}),
    ...(tipo_contrato && (CONTRACT_TYPES as readonly string[]).includes(tipo_contrato) ? { tipo_contrato: tipo_contrato as SettlementReportQuery['tipo_contrato'] } : {}),
  };
  const report = useRequest(() => getSettlementReport(query), { load: [month.anio, month.mes, pais, empresa_id, tipo_contrato] });
  const download = useRequest(() => downloadSettlementReport(query, locale));

  const data = report.data;
  const withCd = data?.contratos.some((line) => line.cd !== null) ?? false;
  const columns = useMemo(() => reportColumns(t, format, withCd), [t, format, withCd]);
  const rows = useMemo(() => data?.contratos.map(lineRow) ?? null, [data]);
  const totals = useMemo<ReportRow[] | undefined>(() => {
    if (!data || data.contratos.length === 0) return undefined;
    return [totalsRow(data.totales, t('settlementReport.total', { count: data.totales.contratos }))];
  }, [data, t]);
  const filtered = Object.keys(query).length > 2;
  const period = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(month.anio, month.mes - 1, 1)));
  const emptyMonth = data !== null && data.contratos.length === 0;

  const downloadButton = (
    <HStack marginStart={{ md: 'auto' }}>
      <Button variant="outline" onClick={() => download.send()} loading={download.state === 'loading'} disabled={!data}>
        {t('settlementReport.download')}
      </Button>
    </HStack>
  );

  const select = (name: (typeof FILTER_NAMES)[number], label: string, options: ReadonlyArray<FilterOption>, all: string) => (
    <FilterSelect
      label={label}
      anyLabel={all}
      value={state.filters[name] ?? ''}
      options={options}
      onChange={(value) => setFilter(name, value)}
      rootProps={{ width: { md: 'auto' }, minWidth: { md: '10rem' }, maxWidth: { md: '20rem' } }}
    />
  );

  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('settlementReport.intro')}</Text>
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-end' }} wrap="wrap">
        <MonthPicker month={month} monthLabel={t('settlementReport.month')} yearLabel={t('settlementReport.year')} />
        {select('pais', t('settlementReport.country'), EPWM_BRANCHES.map((code) => ({ value: code, label: t(`countries.${code}`) })), t('settlementReport.all'))}
        {select(
          'empresa_id',
          t('settlementReport.company'),
          (data?.empresas ?? []).map((company) => ({ value: String(company.id), label: company.razon_social })),
          t('settlementReport.allCompanies'),
        )}
        {select('tipo_contrato', t('settlementReport.contractType'), CONTRACT_TYPES.map((type) => ({ value: type, label: t(`contracts.tipoContrato.${type}`) })), t('settlementReport.all'))}
      </Stack>
      {download.failure ? <ErrorAlert messageKey={download.failure.messageKey} /> : null}
      {report.failure ? (
        <ErrorAlert messageKey={report.failure.messageKey} />
      ) : emptyMonth ? (
        <Text role="status" paddingY="8" textAlign="center" color="fg.muted">
          {t(filtered ? 'settlementReport.emptyFiltered' : 'settlementReport.empty', { period })}
        </Text>
      ) : (
        <DataGrid<ReportRow>
          rows={rows}
          columns={columns}
          rowId={(row) => String(row.contrato_id ?? 'total')}
          emptyKey="settlementReport.noRows"
          searchLabelKey="settlementReport.search"
          pinnedBottomRows={totals}
          toolbar={downloadButton}
          height={`${Math.min(600, Math.max(240, 112 + (rows?.length ?? 0) * 42))}px`}
        />
      )}
    </Stack>
  );
}
