import { Badge } from '@chakra-ui/react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useMemo } from 'react';
import type { GuaranteeDay } from '../../../schemas/guarantee.schema';
import { useFormat } from '../../lib/format/use-format';
import { dateColumn, moneyColumn, percentColumn } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
import { useT } from '../../lib/i18n/use-t';
import { LEVEL_PALETTE, levelOf } from './level';

/** A stored day's row, keyed by its operator and branch. */
export type PositionRow = GuaranteeDay & { id: string };

export const positionKey = (day: Pick<GuaranteeDay, 'operador' | 'sucursal'>) => `${day.operador}-${day.sucursal}`;

/** The available value, painted by how much of the guarantee the liabilities take. */
function AvailableCell({ data, valueFormatted }: ICellRendererParams<PositionRow>) {
  const t = useT();
  if (!data) return null;
  const level = levelOf(data);
  return (
    <Badge colorPalette={LEVEL_PALETTE[level]} variant="subtle" title={t(`guarantees.levels.${level}`)}>
      {valueFormatted}
    </Badge>
  );
}

/**
 * The guarantee of each operator and branch on a stored day, in the spec's order: date, agent,
 * branch, OS/OM, payment and minimum guarantee, available value (coloured by use), guaranteed
 * amount, known and potential liabilities, REA, use, currency; then what the operator's own
 * statement said (REA at CENACE; ACL and EAL at ERCOT).
 */
export function PositionsGrid({ rows }: { rows: PositionRow[] | null }) {
  const t = useT();
  const format = useFormat();
  const columns = useMemo<ColDef<PositionRow>[]>(() => {
    const money = (field: keyof GuaranteeDay & string) => ({ ...moneyColumn<PositionRow>(field, format, (row) => row?.moneda ?? 'USD'), headerName: t(`guarantees.position.${field}`) });
    return [
      { ...dateColumn<PositionRow>('fecha', format), headerName: t('guarantees.position.fecha') },
      { field: 'agente', headerName: t('guarantees.position.agente') },
      { field: 'sucursal', headerName: t('guarantees.position.sucursal') },
      { field: 'operador', headerName: t('guarantees.position.operador') },
      money('garantia_pago'),
      money('garantia_minima'),
      { ...money('valor_disponible'), cellRenderer: AvailableCell },
      money('monto_garantizado'),
      money('pasivo_conocido'),
      money('pasivo_potencial'),
      money('rea'),
      { ...percentColumn<PositionRow>('utilizacion_pct', format), headerName: t('guarantees.position.utilizacion_pct') },
      { field: 'moneda', headerName: t('guarantees.position.moneda') },
      money('rea_operador'),
      money('acl'),
      money('eal'),
    ];
  }, [t, format]);
  return (
    <DataGrid
      rows={rows}
      columns={columns}
      i18nPrefix="guarantees.position"
      csv
      height="360px"
      urlPrefix="pos."
    />
  );
}
