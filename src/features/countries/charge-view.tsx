import { Button, SimpleGrid, Stack } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { Link } from 'wouter';
import type { Charge, ChargeSettlement } from '../../../schemas/country-charge.schema';
import { useFormat } from '../../lib/format/use-format';
import { DataGrid } from '../../lib/grid/data-grid';
import { linkColumn } from '../../lib/grid/grid-cells';
import { StatusBadge } from '../../lib/grid/status-badge';
import { useT } from '../../lib/i18n/use-t';
import { Facts, RecordViewHeader, ViewSection } from '../../lib/ui/record-view';

/** A settlement's month as the lists write it: `07/2025`. */
const monthOf = (row: ChargeSettlement) => `${String(row.mes).padStart(2, '0')}/${row.anio}`;

/**
 * `<country page>/:id`: one charge period (its words, rate, validity, who pays it and what it
 * feeds) and the settlements that used it, each opening its settlement: what an edit of the
 * period would touch. A validated one among them keeps the rate: the period may then only be
 * closed, and a new one opened (`onNextPeriod`).
 */
export function ChargeView({
  charge,
  settlements,
  onEdit,
  nextPeriodHref,
}: {
  charge: Charge;
  settlements: ChargeSettlement[] | null;
  onEdit?: () => void;
  /** The creation form of the period that follows this one, when the user may create. */
  nextPeriodHref?: string;
}) {
  const t = useT();
  const format = useFormat();
  const columns = useMemo<ColDef<ChargeSettlement>[]>(
    () => [
      linkColumn<ChargeSettlement>(
        { field: 'id', headerName: t('charges.settlements.columns.settlement'), filter: 'agNumberColumnFilter' },
        (row) => `~/liquidaciones/${row.id}`,
        (row) => `#${row.id}`,
      ),
      { field: 'contrato_codigo', headerName: t('charges.settlements.columns.contract') },
      { colId: 'mes', headerName: t('charges.settlements.columns.month'), valueGetter: ({ data }) => (data ? monthOf(data) : ''), comparator: (_a, _b, x, y) => (x.data && y.data ? x.data.anio * 100 + x.data.mes - (y.data.anio * 100 + y.data.mes) : 0) },
      { field: 'version_liquidacion', headerName: t('charges.settlements.columns.version') },
      {
        field: 'estado',
        headerName: t('charges.settlements.columns.state'),
        getQuickFilterText: ({ value }) => t(`settlements.common.states.${value as string}`),
        cellRenderer: ({ data }: { data?: ChargeSettlement }) => (data ? <StatusBadge status={data.estado} labelPrefix="settlements.common.states" /> : null),
      },
    ],
    [t],
  );

  return (
    <Stack gap="5">
      <RecordViewHeader
        title={t('charges.viewTitle', { code: charge.codigo, name: charge.nombre })}
        backHref="/"
        backKey="charges.backToList"
        onEdit={onEdit}
      />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <ViewSection titleKey="charges.sections.charge">
          <Facts
            items={[
              ['charges.fields.codigo', charge.codigo],
              ['charges.fields.nombre', charge.nombre],
              ['charges.fields.base', t(`charges.bases.${charge.base}`)],
              ['charges.fields.concepto_liquidacion', charge.concepto_liquidacion ? t(`charges.engineInputs.${charge.concepto_liquidacion}`) : t('charges.noEngineInput')],
              ['charges.fields.referencia_legal', charge.referencia_legal],
              ['charges.fields.pagador', t(`charges.payers.${charge.pagador}`)],
              ['charges.fields.gravado', t(charge.gravado ? 'charges.yes' : 'charges.no')],
            ]}
          />
        </ViewSection>
        <ViewSection
          titleKey="charges.sections.rate"
          action={
            nextPeriodHref ? (
              <Button asChild size="sm" variant="outline">
                <Link href={nextPeriodHref}>{t('charges.nextPeriod')}</Link>
              </Button>
            ) : undefined
          }
        >
          <Facts
            items={[
              ['charges.fields.tasa', `${format.decimal(charge.tasa, { maxFractionDigits: 6 })} ${charge.unidad}`],
              ['charges.fields.moneda', charge.moneda],
              ['charges.fields.vigente_desde', format.date(charge.vigente_desde)],
              ['charges.fields.vigente_hasta', charge.vigente_hasta ? format.date(charge.vigente_hasta) : t('charges.openEnd')],
              ['charges.fields.estado', <StatusBadge key="state" status={charge.estado} labelPrefix="charges.states" />],
            ]}
          />
        </ViewSection>
      </SimpleGrid>
      <ViewSection titleKey="charges.settlements.title">
        <DataGrid<ChargeSettlement>
          rows={settlements}
          columns={columns}
          i18nPrefix="charges.settlements"
          urlPrefix="liq."
          pageSize={10}
          height="360px"
        />
      </ViewSection>
    </Stack>
  );
}
