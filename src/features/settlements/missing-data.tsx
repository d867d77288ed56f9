import { Alert, Button, Heading, Stack } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { Link } from 'wouter';
import type { PreSettlementResult } from '../../../schemas/settlement.schema';
import { dateColumn } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
import { useFormat } from '../../lib/format/use-format';
import { useT, type Translate } from '../../lib/i18n/use-t';

type MissingItem = PreSettlementResult['faltantes'][number];
type MissingRow = MissingItem & { id: string; tipoTexto: string; periodosTexto: string };

/** Periods as ranges ("1–6, 9, 12–24"): a day missing whole reads short. Null: data kept per day. */
function periodRanges(periods: readonly number[] | null, t: Translate): string {
  if (periods === null) return t('settlements.create.missing.allDay');
  const sorted = [...periods].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let index = 0; index < sorted.length; ) {
    let end = index;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end += 1;
    ranges.push(end === index ? String(sorted[index]) : `${sorted[index]}–${sorted[end]}`);
    index = end + 1;
  }
  return ranges.join(', ');
}

/**
 * The pre-settlement's answer: "Data available", or "Data not available" with the list of what
 * is missing (at most 100 lines, and how many there are in all) and the way to the market data
 * page where it is loaded.
 */
export function MissingData({ result, anio, mes }: { result: PreSettlementResult; anio: number; mes: number }) {
  const t = useT();
  const format = useFormat();
  const rows = useMemo<MissingRow[]>(
    () =>
      result.faltantes.map((item, index) => ({
        ...item,
        id: `${index}`,
        tipoTexto: t(`settlements.create.missing.kinds.${item.tipo}`),
        periodosTexto: periodRanges(item.periodos, t),
      })),
    [result, t],
  );
  const columns = useMemo<ColDef<MissingRow>[]>(
    () => [
      { field: 'tipoTexto', headerName: t('settlements.create.missing.tipo') },
      { field: 'clave', headerName: t('settlements.create.missing.clave') },
      { ...dateColumn<MissingRow>('fecha', format), headerName: t('settlements.create.missing.fecha') },
      { field: 'periodosTexto', headerName: t('settlements.create.missing.periodos') },
    ],
    [t, format],
  );

  if (result.disponible) {
    return (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('settlements.create.available')}</Alert.Title>
          <Alert.Description>{t('settlements.create.availableText')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const total = result.total_faltantes;
  return (
    <Stack gap="4">
      <Alert.Root status="warning" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('settlements.create.unavailable')}</Alert.Title>
          <Alert.Description>
            {total > rows.length
              ? t('settlements.create.missingShown', { shown: format.integer(rows.length), n: format.integer(total) })
              : t('settlements.create.missingCount', { count: total })}
          </Alert.Description>
        </Alert.Content>
        <Button asChild size="sm" variant="outline" colorPalette="orange" alignSelf="center">
          <Link href={`~/liquidaciones/datos-mercado?anio=${anio}&mes=${mes}`}>{t('settlements.create.loadData')}</Link>
        </Button>
      </Alert.Root>
      <Stack gap="2" as="section" aria-labelledby="missing-title">
        <Heading as="h3" size="md" id="missing-title">
          {t('settlements.create.missingTitle')}
        </Heading>
        <DataGrid<MissingRow>
          rows={rows}
          columns={columns}
          emptyKey="settlements.create.emptyMissing"
          searchLabelKey="settlements.create.searchMissing"
          height={`${Math.min(420, Math.max(200, 80 + rows.length * 42))}px`}
          urlFilters={false}
          urlPrefix="faltantes."
        />
      </Stack>
    </Stack>
  );
}
