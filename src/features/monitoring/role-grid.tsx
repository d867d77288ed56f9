import { Badge } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import type { MonitoringRole } from '../../../schemas/monitoring.schema';
import type { SettlementVersion } from '../../../schemas/settlement.schema';
import { useFormat, type Formatters } from '../../lib/format/use-format';
import { DataGrid } from '../../lib/grid/data-grid';
import { dateColumn, decimalColumn, integerColumn } from '../../lib/grid/column-types';
import { useT } from '../../lib/i18n/use-t';
import { ViewSection } from '../../lib/ui/record-view';

/** What every monitoring row has: its day, counterparty and role, annexes and the version of its energy. */
export interface MonitoringRow {
  fecha: string;
  empresa_id: number;
  razon_social: string;
  rol: MonitoringRole;
  anexos: number;
  version: SettlementVersion | null;
}

/** A figure column (MW, MWh, %): the server's decimal shown in the page's notation, "no data" for null (never 0). */
export function figureColumn<Row>(field: string, headerName: string, format: Formatters, noData: string): ColDef<Row> {
  const column = decimalColumn<Row>(field, format, { max: 3 });
  return {
    ...column,
    headerName,
    valueFormatter: (params) => (params.value === null || params.value === undefined ? (params.node?.rowPinned ? '' : noData) : column.valueFormatter instanceof Function ? column.valueFormatter(params) : String(params.value)),
  };
}

/**
 * One role's rows (a counterparty per day) as a grid under the role's name: day, company, annexes,
 * the page's `figures`, the version of the energy; `totals` pinned below in bold.
 */
export function RoleGrid<Row extends MonitoringRow>({
  rol,
  rows,
  figures,
  totals,
}: {
  rol: MonitoringRole;
  rows: readonly Row[] | null;
  figures: ColDef<Row>[];
  totals?: Row[];
}) {
  const t = useT();
  const format = useFormat();
  const own = useMemo(() => (rows ? rows.filter((row) => row.rol === rol) : null), [rows, rol]);
  const columns = useMemo<ColDef<Row>[]>(
    () => [
      { ...dateColumn<Row>('fecha', format), headerName: t('monitoring.columns.fecha') },
      { field: 'razon_social' as ColDef<Row>['field'], headerName: t('monitoring.columns.razon_social'), minWidth: 200 },
      { ...integerColumn<Row>('anexos', format), headerName: t('monitoring.columns.anexos') },
      ...figures,
      {
        field: 'version' as ColDef<Row>['field'],
        headerName: t('monitoring.columns.version'),
        cellRenderer: ({ value }: { value: SettlementVersion | null }) => (value ? <Badge colorPalette={value === 'PE' ? 'orange' : 'green'}>{value}</Badge> : null),
      },
    ],
    [figures, format, t],
  );
  return (
    <ViewSection titleKey={`monitoring.roles.${rol}`}>
      <DataGrid<Row>
          rows={own ? [...own] : null}
          columns={columns}
          rowId={(row) => `${row.fecha}-${row.empresa_id}-${row.rol}`}
          i18nPrefix="monitoring"
          csv
          urlPrefix={`${rol}.`}
          pageSize={50}
          pinnedBottomRows={totals}
          height="460px"
        />
    </ViewSection>
  );
}
