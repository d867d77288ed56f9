import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { SETTLEMENT_ROW_AMOUNTS, type SettlementAggregation, type SettlementRow } from '../../../schemas/settlement.schema';
import { dateColumn, decimalColumn, integerColumn } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';

/** Energy columns show thousandths of a MWh; amounts show cents. */
const ENERGY_COLUMNS = new Set(['energia_fisica_mwh', 'energia_flex_mwh', 'energia_total_mwh']);

/** A row's key within its aggregation: annex, then date and period where it has them. */
const rowKey = (row: SettlementRow) => `${row.anexo_id}:${row.fecha ?? ''}:${row.periodo ?? ''}`;

/**
 * The settlement's rows at an aggregation: annex, date (not by month), period (by hour only),
 * then every amount right-aligned in the language's notation; the MXN invoice only for a
 * Mexican settlement. `rows` null while they load.
 */
export function SettlementRowsGrid({ rows, aggregation, mexican }: { rows: SettlementRow[] | null; aggregation: SettlementAggregation; mexican: boolean }) {
  const t = useT();
  const format = useFormat();
  const columns = useMemo<ColDef<SettlementRow>[]>(() => {
    const title = (field: string) => t(`settlements.common.columns.${field}`);
    const keys: ColDef<SettlementRow>[] = [{ ...integerColumn<SettlementRow>('anexo_id', format), headerName: title('anexo_id'), minWidth: 90 }];
    if (aggregation !== 'mes') keys.push({ ...dateColumn<SettlementRow>('fecha', format), headerName: title('fecha'), minWidth: 120 });
    if (aggregation === 'hora') keys.push({ ...integerColumn<SettlementRow>('periodo', format), headerName: title('periodo'), minWidth: 90 });
    const amounts = SETTLEMENT_ROW_AMOUNTS.filter((field) => mexican || field !== 'factura_mxn').map(
      (field): ColDef<SettlementRow> => ({
        ...decimalColumn<SettlementRow>(field, format, ENERGY_COLUMNS.has(field) ? { max: 3 } : { min: 2, max: 2 }),
        headerName: title(field),
        minWidth: 130,
      }),
    );
    return [...keys, ...amounts];
  }, [t, format, aggregation, mexican]);

  return (
    <DataGrid<SettlementRow>
      // Another aggregation is another set of rows and columns: the grid starts afresh.
      key={aggregation}
      rows={rows}
      columns={columns}
      rowId={rowKey}
      emptyKey="settlements.view.emptyRows"
      searchLabelKey="settlements.view.searchRows"
      height="560px"
      urlPrefix="filas."
    />
  );
}
