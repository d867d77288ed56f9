import { HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import type { CellStyle, ColDef, ICellRendererParams, ValueFormatterParams } from 'ag-grid-community';
import { Link } from 'wouter';
import { REPORT_VERSIONS, type ReportDifference, type ReportVersion } from '../../../schemas/settlement-report.schema';
import { decimalColumn } from '../../lib/grid/column-types';
import type { Formatters } from '../../lib/format/use-format';
import type { Translate } from '../../lib/i18n/use-t';
import type { ReportRow } from './report-rows';

/** A difference below zero (DF under PE) reads in the theme's error colour. */
const negativeInRed = ({ value }: { value: unknown }): CellStyle | undefined =>
  value !== null && value !== undefined && Number(value) < 0 ? { color: 'var(--chakra-colors-fg-error)' } : undefined;

/** The amounts compared, the invoice first: what a reader of the operator's statement checks. */
const MEASURES: readonly ReportDifference[] = ['factura', 'energia_total_mwh', 'margen'];

/** Energy to three decimals, money to two, as the workbook shows them. */
const digitsOf = (name: string) => (name.endsWith('_mwh') ? { min: 3, max: 3 } : { min: 2, max: 2 });

/** The settlement of a version as a link to its page, with its state beside it. */
function SettlementCell({ data, version, t }: ICellRendererParams<ReportRow> & { version: ReportVersion; t: Translate }) {
  const side = data?.[version];
  if (!side?.id || !side.estado) return null;
  return (
    <HStack gap="2" height="full">
      <ChakraLink asChild color="brand.fg">
        <Link href={`~/liquidaciones/${side.id}`} aria-label={t('settlementReport.openSettlement', { id: String(side.id), version: version.toUpperCase() })}>
          {side.id}
        </Link>
      </ChakraLink>
      <Text as="span" fontSize="xs" color="fg.muted">
        {t(`settlementReport.states.${side.estado}`)}
      </Text>
    </HStack>
  );
}

/**
 * The report's columns: the contract (a link to it) and company kept in view, its country and
 * type, its PE, DF and CD settlements (links), then invoice, MWh and margin each of PE and DF
 * side by side with DF - PE and its percentage beside them, then of CD. The CD columns show
 * only when a contract of the month has one.
 */
export function reportColumns(t: Translate, format: Formatters, withCd: boolean): ColDef<ReportRow>[] {
  const amount = (field: string, header: string, name: string, extra: ColDef<ReportRow> = {}): ColDef<ReportRow> => ({
    ...decimalColumn<ReportRow>(field, format, digitsOf(name)),
    headerName: header,
    ...extra,
  });
  const percent = (field: string, header: string): ColDef<ReportRow> => ({
    ...decimalColumn<ReportRow>(field, format),
    headerName: header,
    // Two decimals are enough to read a difference; the API keeps four.
    valueFormatter: ({ value }: ValueFormatterParams<ReportRow>) => format.percent(value as string | null, { minFractionDigits: 2, maxFractionDigits: 2 }),
    cellStyle: negativeInRed,
  });
  return [
    {
      colId: 'contrato',
      field: 'contrato',
      headerName: t('settlementReport.columns.contrato'),
      pinned: 'left',
      minWidth: 130,
      cellRenderer: ({ data }: ICellRendererParams<ReportRow>) =>
        data?.contrato_id ? (
          <ChakraLink asChild color="brand.fg">
            <Link href={`~/contratos/${data.contrato_id}`}>{data.contrato}</Link>
          </ChakraLink>
        ) : (
          data?.contrato
        ),
    },
    { colId: 'empresa_razon_social', field: 'empresa_razon_social', headerName: t('settlementReport.columns.empresa'), pinned: 'left', minWidth: 180 },
    {
      colId: 'sucursal',
      field: 'sucursal',
      headerName: t('settlementReport.columns.pais'),
      valueFormatter: ({ value }) => (value ? t(`countries.${value as string}`) : ''),
      getQuickFilterText: ({ value }) => (value ? t(`countries.${value as string}`) : ''),
    },
    { colId: 'tipo_contrato', field: 'tipo_contrato', headerName: t('settlementReport.columns.tipo_contrato'), minWidth: 80 },
    ...REPORT_VERSIONS.map(
      (version): ColDef<ReportRow> => ({
        colId: `${version}.id`,
        field: `${version}.id`,
        headerName: `${t('settlementReport.columns.id')} ${version.toUpperCase()}`,
        hide: version === 'cd' && !withCd,
        filter: 'agNumberColumnFilter',
        minWidth: 150,
        cellRenderer: (params: ICellRendererParams<ReportRow>) => <SettlementCell {...params} version={version} t={t} />,
        getQuickFilterText: ({ data }) => (data?.[version]?.id ? String(data[version].id) : ''),
      }),
    ),
    // Each amount of PE and DF side by side with their difference beside them, then the CD's.
    ...MEASURES.flatMap((name): ColDef<ReportRow>[] => {
      const measure = t(`settlementReport.columns.${name}`);
      return [
        amount(`pe.${name}`, `${measure} PE`, name),
        amount(`df.${name}`, `${measure} DF`, name),
        amount(`diferencia.${name}`, t(`settlementReport.differences.${name}`), name, { cellStyle: negativeInRed }),
        percent(`diferencia.${name}_pct`, t(`settlementReport.differencesPct.${name}`)),
        amount(`cd.${name}`, `${measure} CD`, name, { hide: !withCd }),
      ];
    }),
  ];
}
