import { Button, Switch } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { Charge } from '../../../schemas/country-charge.schema';
import { useFormat } from '../../lib/format/use-format';
import { FormField } from '../../lib/forms/form-field';
import { dateColumn, decimalColumn } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
import { actionsColumn, linkColumn } from '../../lib/grid/grid-cells';
import { StatusBadge } from '../../lib/grid/status-badge';
import { useT } from '../../lib/i18n/use-t';
import { DateInput } from '../../lib/ui/date-input';

/** The list's own filters, kept in the URL: the day the charges are in force, or every period. */
export interface ChargeListFilters {
  /** The ISO day (`?fecha=`), '' for today. */
  fecha: string;
  /** Every period of every charge (`?historia=1`). */
  historia: boolean;
  setFilter: (name: 'fecha' | 'historia', value: string) => void;
}

/** A column shown in words (`labelOf` of its value, `none` when it has none): searched, filtered and exported as shown. */
function inWords(field: 'base' | 'pagador' | 'gravado' | 'concepto_liquidacion' | 'estado', labelOf: (value: string) => string, none = ''): ColDef<Charge> {
  const words = (value: unknown) => (value === null || value === undefined ? none : labelOf(String(value)));
  return {
    field,
    valueFormatter: ({ value }) => words(value),
    filterValueGetter: ({ data }) => words(data?.[field]),
    getQuickFilterText: ({ value }) => words(value),
  };
}

/**
 * A country's charges: the periods in force on a day (today unless the URL names one) or, with
 * the history switch, every period; code (opening the period), name, basis, rate with its unit,
 * validity, state, the settlement input it feeds, payer and VAT (the unit names the currency). Search, sort,
 * column filters and page in the URL; CSV.
 */
export function ChargesList({ rows, filters, canEdit }: { rows: Charge[] | null; filters: ChargeListFilters; canEdit: boolean }) {
  const t = useT();
  const format = useFormat();
  const [badDay, setBadDay] = useState(false);
  const columns = useMemo<ColDef<Charge>[]>(() => {
    const yesNo = (value: string) => t(value === 'true' ? 'charges.yes' : 'charges.no');
    return [
      linkColumn<Charge>({ field: 'codigo', headerName: t('charges.fields.codigo'), minWidth: 150 }, (row) => `/${row.id}`),
      { field: 'nombre', headerName: t('charges.fields.nombre'), minWidth: 220 },
      { ...inWords('base', (base) => t(`charges.bases.${base}`)), headerName: t('charges.fields.base') },
      { ...decimalColumn<Charge>('tasa', format, { max: 6 }), headerName: t('charges.fields.tasa') },
      { field: 'unidad', headerName: t('charges.fields.unidad') },
      { ...dateColumn<Charge>('vigente_desde', format), headerName: t('charges.fields.vigente_desde') },
      {
        ...dateColumn<Charge>('vigente_hasta', format),
        headerName: t('charges.fields.vigente_hasta'),
        // An open period reads as such rather than as a blank.
        valueFormatter: ({ value }) => (value ? format.date(value as string) : t('charges.openEnd')),
      },
      {
        ...inWords('estado', (state) => t(`charges.states.${state}`)),
        headerName: t('charges.fields.estado'),
        cellRenderer: ({ data }: { data?: Charge }) => (data ? <StatusBadge status={data.estado} labelPrefix="charges.states" /> : null),
      },
      {
        ...inWords('concepto_liquidacion', (input) => t(`charges.engineInputs.${input}`), t('charges.noEngineInputShort')),
        headerName: t('charges.fields.concepto_liquidacion'),
      },
      { ...inWords('pagador', (payer) => t(`charges.payers.${payer}`)), headerName: t('charges.fields.pagador') },
      { ...inWords('gravado', yesNo), headerName: t('charges.columns.vat'), maxWidth: 110, cellDataType: 'text' },
      actionsColumn<Charge>({
        headerName: t('charges.columns.actions'),
        hide: !canEdit,
        render: (row) => (
          <Button asChild size="xs" variant="outline">
            <Link href={`/${row.id}/editar`} aria-label={t('charges.editNamed', { code: row.codigo, from: format.date(row.vigente_desde) })}>
              {t('common.edit')}
            </Link>
          </Button>
        ),
      }),
    ];
  }, [t, format, canEdit]);

  const toolbar = (
    <>
      <FormField labelKey="charges.inForceOn" error={badDay ? { key: 'forms.errors.date' } : undefined} disabled={filters.historia}>
        <DateInput
          value={filters.fecha}
          onChange={(iso) => filters.setFilter('fecha', iso)}
          onValidity={(valid) => setBadDay(!valid)}
        />
      </FormField>
      <Switch.Root
        alignSelf="flex-end"
        mb="2"
        checked={filters.historia}
        onCheckedChange={(details) => filters.setFilter('historia', details.checked ? '1' : '')}
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label whiteSpace="nowrap">{t('charges.history')}</Switch.Label>
      </Switch.Root>
    </>
  );

  return <DataGrid<Charge> rows={rows} columns={columns} i18nPrefix="charges" toolbar={toolbar} pageSize={25} csv />;
}
