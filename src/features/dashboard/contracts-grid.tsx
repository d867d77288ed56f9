import { Badge, Button } from '@chakra-ui/react';
import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import { useMemo } from 'react';
import { Link } from 'wouter';
import type { DashboardAnswer, DashboardGroup } from '../../../schemas/dashboard.schema';
import { useFormat } from '../../lib/format/use-format';
import { decimalColumn, integerColumn, moneyColumn, percentColumn } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
import { actionsColumn, linkColumn } from '../../lib/grid/grid-cells';
import { useT } from '../../lib/i18n/use-t';

type Row = DashboardGroup & { id: string };

const USD = () => 'USD' as const;

/**
 * One row per contract with its figures over the period (the report's totals over its months),
 * the totals of every contract pinned below, sortable and searchable, exported as CSV; each row
 * opens its contract and its settlements. A figure the contract has no data for reads "sin datos".
 */
export function ContractsGrid({ answer }: { answer: DashboardAnswer }) {
  const t = useT();
  const format = useFormat();
  const rows = useMemo<Row[]>(() => answer.contratos.map((row) => ({ ...row, id: String(row.contrato_id) })), [answer]);
  const totals = useMemo<Row[] | undefined>(
    () => (answer.contratos.length > 0 ? [{ ...answer.totales, id: 'total', contrato: t('dashboard.grid.total') }] : undefined),
    [answer, t],
  );

  const columns = useMemo<ColDef<Row>[]>(() => {
    const noData = t('dashboard.grid.noData');
    /** A figure column whose empty cell says "sin datos" (never a 0 that was not computed). */
    const known = (column: ColDef<Row>): ColDef<Row> => {
      const shown = column.valueFormatter as (params: ValueFormatterParams<Row>) => string;
      return { ...column, valueFormatter: (params) => (params.value === null || params.value === undefined ? noData : shown(params)) };
    };
    const title = (clave: string) => t(`reports.columns.${clave}`);
    const code = (row: Row) => String(row.contrato);
    return [
      {
        ...linkColumn<Row>({ field: 'contrato', headerName: t('dashboard.grid.contract'), pinned: 'left', minWidth: 140 }, (row) => `~/contratos/${row.contrato_id}`),
        cellRendererSelector: ({ node }) => (node.rowPinned ? { component: () => t('dashboard.grid.total') } : undefined),
      },
      { field: 'razon_social', headerName: title('razon_social'), minWidth: 200 },
      { ...decimalColumn<Row>('mwh_contratada', format, { max: 3 }), headerName: title('mwh_contratada'), minWidth: 150 },
      known({ ...decimalColumn<Row>('mwh_entregada', format, { max: 3 }), headerName: title('mwh_entregada'), minWidth: 150 }),
      known({ ...percentColumn<Row>('cumplimiento_pct', format), headerName: title('cumplimiento_pct'), minWidth: 150 }),
      known({ ...decimalColumn<Row>('precio_realizado', format, { min: 2, max: 2 }), headerName: title('precio_realizado'), minWidth: 190 }),
      known({ ...decimalColumn<Row>('precio_mercado', format, { min: 2, max: 2 }), headerName: title('precio_mercado'), minWidth: 190 }),
      known({ ...decimalColumn<Row>('prima', format, { min: 2, max: 2 }), headerName: title('prima'), minWidth: 150 }),
      known({ ...moneyColumn<Row>('margen', format, USD), headerName: title('margen'), minWidth: 160 }),
      known({ ...decimalColumn<Row>('margen_mwh', format, { min: 2, max: 2 }), headerName: title('margen_mwh'), minWidth: 150 }),
      known({ ...moneyColumn<Row>('fee', format, USD), headerName: title('fee'), minWidth: 140 }),
      known({ ...moneyColumn<Row>('facturado_usd', format, USD), headerName: title('facturado_usd'), minWidth: 190 }),
      known({ ...moneyColumn<Row>('cobrado_usd', format, USD), headerName: title('cobrado_usd'), minWidth: 190 }),
      known({ ...moneyColumn<Row>('pendiente_usd', format, USD), headerName: title('pendiente_usd'), minWidth: 190 }),
      known({ ...integerColumn<Row>('dias_cobro', format), headerName: title('dias_cobro'), minWidth: 140 }),
      known({ ...percentColumn<Row>('cobertura_pct', format), headerName: title('cobertura_pct'), minWidth: 200 }),
      { ...integerColumn<Row>('dias_vencimiento', format), headerName: title('dias_vencimiento'), minWidth: 160 },
      {
        field: 'en_riesgo',
        headerName: title('en_riesgo'),
        minWidth: 120,
        valueFormatter: ({ value, node }) => (node?.rowPinned ? format.decimal(Number(value ?? 0), { maxFractionDigits: 0 }) : value === 1 ? t('dashboard.grid.atRisk') : t('dashboard.grid.ok')),
        cellRenderer: ({ value, node, valueFormatted }: { value: unknown; node: { rowPinned?: string | null }; valueFormatted: string | null }) =>
          !node.rowPinned && value === 1 ? <Badge colorPalette="red">{valueFormatted}</Badge> : valueFormatted,
      },
      { field: 'sucursal', headerName: title('sucursal'), valueFormatter: ({ value }) => (value ? t(`countries.${value}`) : ''), minWidth: 120 },
      { field: 'tipo_contrato', headerName: title('tipo_contrato'), minWidth: 110 },
      { field: 'clase_contrato', headerName: title('clase_contrato'), minWidth: 110 },
      { field: 'tipo_transaccion', headerName: title('tipo_transaccion'), minWidth: 110 },
      { field: 'operador', headerName: title('operador'), minWidth: 110 },
      {
        field: 'moneda',
        headerName: title('moneda'),
        minWidth: 120,
        valueFormatter: ({ value }) => (value === 'MXN' ? 'MXN → USD' : (value ?? '')),
        tooltipValueGetter: ({ value }) => (value === 'MXN' ? t('dashboard.grid.converted') : undefined),
      },
      actionsColumn<Row>({
        headerName: t('dashboard.grid.actions'),
        render: (row) =>
          row.id === 'total' ? null : (
            <>
              <Button asChild size="xs" variant="outline" aria-label={t('dashboard.grid.openContract', { code: code(row) })}>
                <Link href={`~/contratos/${row.contrato_id}`}>{t('dashboard.grid.contract')}</Link>
              </Button>
              <Button asChild size="xs" variant="outline" aria-label={t('dashboard.grid.openSettlements', { code: code(row) })}>
                <Link href={`~/liquidaciones?contrato=${row.contrato_id}`}>{t('dashboard.grid.settlements')}</Link>
              </Button>
            </>
          ),
      }),
    ];
  }, [format, t]);

  return <DataGrid<Row> rows={rows} columns={columns} i18nPrefix="dashboard.grid" csv pinnedBottomRows={totals} height="520px" urlPrefix="g." />;
}
