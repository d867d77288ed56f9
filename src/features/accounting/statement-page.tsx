import { Button, Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { useMemo, useState } from 'react';
import type { StatementMovementLine, StatementQuery } from '../../../schemas/accounting.schema';
import { CURRENCIES } from '../../../schemas/contract.schema';
import { INVOICE_DIRECTIONS, type InvoiceDirection } from '../../../schemas/invoice.schema';
import { useRequest } from '../../lib/api/use-request';
import { isIsoDate } from '../../lib/format/date-format';
import { useFormat, type Formatters } from '../../lib/format/use-format';
import { FormField } from '../../lib/forms/form-field';
import { dateColumn, moneyColumn } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
import { useListState } from '../../lib/grid/use-list-state';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT, type Translate } from '../../lib/i18n/use-t';
import { DateInput } from '../../lib/ui/date-input';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { FilterSelect } from '../../lib/ui/filter-select';
import { ViewSection } from '../../lib/ui/record-view';
import { downloadStatement, getStatement } from './accounting-api';
import { AgeingTable } from './ageing-table';

/** The statement's filters, by URL parameter: `tipo`, `empresa_id`, `moneda` and the cut-off date `corte`. */
const FILTER_NAMES = ['tipo', 'empresa_id', 'moneda', 'corte'] as const;

type Currency = StatementQuery['moneda'] & string;

/** A movement as the grid shows it: its account, and its amount as a debit or a credit. */
interface MovementRow extends StatementMovementLine {
  id: string;
  empresa: string;
  moneda: Currency;
  cargo: string | null;
  abono: string | null;
}

function movementColumns(t: Translate, format: Formatters): ColDef<MovementRow>[] {
  const money = (field: 'cargo' | 'abono' | 'saldo'): ColDef<MovementRow> => ({
    ...moneyColumn<MovementRow>(field, format, (row) => row?.moneda ?? 'USD'),
    headerName: t(`accounting.statement.columns.${field}`),
    minWidth: 120,
  });
  return [
    // Not pinned: a pinned column never shares the spare width, so a long name was cut at any
    // width. Flexed, it is cut only where the room is short and reads in full on hover.
    { colId: 'empresa', field: 'empresa', headerName: t('accounting.statement.columns.empresa') },
    { ...dateColumn<MovementRow>('fecha', format), headerName: t('accounting.statement.columns.fecha') },
    {
      colId: 'concepto',
      field: 'concepto',
      headerName: t('accounting.statement.columns.concepto'),
      valueFormatter: ({ value }) => t(`accounting.movements.${value as string}`),
      getQuickFilterText: ({ value }) => t(`accounting.movements.${value as string}`),
    },
    { colId: 'numero', field: 'numero', headerName: t('accounting.statement.columns.numero') },
    // The ledger's own columns before the details, so the balance is in view on a laptop.
    money('cargo'),
    money('abono'),
    money('saldo'),
    { ...dateColumn<MovementRow>('fecha_vencimiento', format), headerName: t('accounting.statement.columns.vencimiento') },
    { colId: 'contrato_codigo', field: 'contrato_codigo', headerName: t('accounting.statement.columns.contrato') },
    { colId: 'referencia', field: 'referencia', headerName: t('accounting.statement.columns.referencia') },
  ];
}

/**
 * `/contabilidad/estados-cuenta/`: the receivables or payables (URL `tipo`) of each company and
 * currency as of a cut-off date: the ageing of what is still owed, and the documents and
 * payments in date order with the balance after each, as the server computed them; the same
 * as an Excel workbook. The filters live in the URL.
 */
export default function StatementPage() {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const { state, setFilter } = useListState(FILTER_NAMES);
  const [badCutoff, setBadCutoff] = useState(false);
  const { tipo: rawTipo, empresa_id, moneda, corte } = state.filters;
  const tipo: InvoiceDirection = (INVOICE_DIRECTIONS as readonly string[]).includes(rawTipo ?? '') ? (rawTipo as InvoiceDirection) : 'cobrar';
  const query: StatementQuery = {
    tipo,
    ...(empresa_id && /^[1-9]\d{0,8}$/.test(empresa_id) ? { empresa_id: Number(empresa_id) } : {}),
    ...(moneda && (CURRENCIES as readonly string[]).includes(moneda) ? { moneda: moneda as Currency } : {}),
    ...(corte && isIsoDate(corte) ? { fecha_corte: corte } : {}),
  };
  const statement = useRequest(() => getStatement(query), { load: [tipo, query.empresa_id, query.moneda, query.fecha_corte] });
  const download = useRequest(() => downloadStatement(query, locale));

  const data = statement.data;
  const columns = useMemo(() => movementColumns(t, format), [t, format]);
  const rows = useMemo<MovementRow[] | null>(
    () =>
      data?.cuentas.flatMap((account) =>
        account.movimientos.map((line, index) => {
          const credit = line.importe.startsWith('-');
          return {
            ...line,
            id: `${account.empresa_id}-${account.moneda}-${index}`,
            empresa: account.razon_social,
            moneda: account.moneda,
            cargo: credit ? null : line.importe,
            abono: credit ? line.importe.slice(1) : null,
          };
        }),
      ) ?? null,
    [data],
  );

  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('accounting.statement.intro')}</Text>
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-start' }} wrap="wrap">
        <Field.Root width={{ md: 'auto' }} minWidth={{ md: '12rem' }}>
          <Field.Label>{t('accounting.statement.tipo')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={tipo} onChange={(event) => setFilter('tipo', event.target.value)}>
              {INVOICE_DIRECTIONS.map((value) => (
                <option key={value} value={value}>
                  {t(`accounting.tipos.${value}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <FilterSelect
          label={t('accounting.statement.company')}
          anyLabel={t('accounting.statement.allCompanies')}
          value={query.empresa_id === undefined ? '' : String(query.empresa_id)}
          options={(data?.empresas ?? []).map((company) => ({ value: String(company.id), label: company.razon_social }))}
          onChange={(value) => setFilter('empresa_id', value)}
          rootProps={{ width: { md: 'auto' }, minWidth: { md: '12rem' }, maxWidth: { md: '20rem' } }}
        />
        <FilterSelect
          label={t('accounting.statement.currency')}
          anyLabel={t('accounting.statement.allCurrencies')}
          value={query.moneda ?? ''}
          options={CURRENCIES.map((code) => ({ value: code, label: code }))}
          onChange={(value) => setFilter('moneda', value)}
          rootProps={{ width: { md: 'auto' }, minWidth: { md: '8rem' } }}
        />
        <Stack width={{ md: '11rem' }}>
          <FormField labelKey="accounting.statement.cutoff" helperKey="accounting.statement.cutoffHint" error={badCutoff ? { key: 'forms.errors.date' } : undefined}>
            <DateInput value={query.fecha_corte ?? ''} onChange={(iso) => setFilter('corte', iso)} onValidity={(valid) => setBadCutoff(!valid)} />
          </FormField>
        </Stack>
        <Button variant="outline" marginStart={{ md: 'auto' }} marginTop={{ md: '6' }} onClick={() => download.send()} loading={download.state === 'loading'} disabled={!data}>
          {t('accounting.statement.download')}
        </Button>
      </Stack>
      <Text fontSize="sm" color="fg.muted">
        {t(`accounting.tiposHint.${tipo}`)}
      </Text>
      {download.failure ? <ErrorAlert messageKey={download.failure.messageKey} /> : null}
      {statement.failure ? <ErrorAlert messageKey={statement.failure.messageKey} /> : null}
      {data && data.cuentas.length === 0 ? (
        <Text role="status" paddingY="8" textAlign="center" color="fg.muted">
          {t('accounting.statement.empty', { accounts: t(`accounting.tipos.${tipo}`).toLowerCase(), date: format.date(data.fecha_corte) })}
        </Text>
      ) : null}
      {data && data.cuentas.length > 0 ? (
        <>
          <ViewSection titleKey="accounting.statement.ageingTitle" action={<Text color="fg.muted">{t('accounting.statement.asOf', { date: format.date(data.fecha_corte) })}</Text>}>
            <Stack gap="3">
              <Text fontSize="sm" color="fg.muted">
                {t('accounting.statement.ageingHint')}
              </Text>
              <AgeingTable statement={data} />
            </Stack>
          </ViewSection>
          <ViewSection titleKey="accounting.statement.movementsTitle">
            <DataGrid<MovementRow>
              rows={rows}
              columns={columns}
              rowId={(row) => row.id}
              emptyKey="accounting.statement.noRows"
              searchLabelKey="accounting.statement.search"
              height={`${Math.min(640, Math.max(240, 112 + (rows?.length ?? 0) * 42))}px`}
            />
          </ViewSection>
        </>
      ) : null}
    </Stack>
  );
}
