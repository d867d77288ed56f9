import { Button, Card, Heading, HStack, Input, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { addDecimals } from '../../../schemas/exact-decimal';
import { OFFER_SCOPES, offerRuleBreaks, type OfferDirection, type OffersView, type SlvLimit } from '../../../schemas/logbook.schema';
import { notify } from '../../app/notifications';
import { readFailure, type Failure } from '../../lib/api/read-failure';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { DataGrid } from '../../lib/grid/data-grid';
import { DecimalCellInput } from '../../lib/grid/decimal-cell-input';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { readOffers, saveOffers, type OfferCall } from './logbooks-api';
import { OfferProblemList, refusedOffers, useOfferRuleText, type OfferProblem } from './offer-problems';
import { SLV_BLOCKS, topOffers, topOfferSheet, unitLines, type TopOfferLine } from './top-offer-sheet';
import { OperatingDayField, useOperatingDay } from './operating-day';

const SIDES = { inyeccion: { sentido: 'I', call: 'slvInyeccion' }, retiro: { sentido: 'R', call: 'slvRetiro' } } as const satisfies Record<string, { sentido: OfferDirection; call: OfferCall }>;
type Side = keyof typeof SIDES;

const BLOCKS = Array.from({ length: SLV_BLOCKS }, (_, index) => index);

/**
 * `/procesos/bitacoras/slv/`: El Salvador's top (opportunity) offers of an operating day (spec
 * sections 2 and 7; docs/logbooks.md), injection and withdrawal apart (`?lado=`), the day in the
 * URL. Each unit (PM) offers up to five price/MW blocks per period; injection offers sit beside
 * the unit's limits of the day (floor price = variable cost + system charge, offerable MW),
 * which the rules check before anything is saved, and the server again.
 */
export default function SlvOffersPage() {
  const t = useT();
  const [fecha, setFecha] = useOperatingDay();
  const [params, setParams] = useSearchParams();
  const side: Side = params.get('lado') === 'retiro' ? 'retiro' : 'inyeccion';
  const view = useRequest(() => readOffers(SIDES[side].call, fecha), { load: [side, fecha] });
  const loaded = view.data !== null && view.state !== 'loading' ? (view.data as OffersView) : null;

  return (
    <Stack gap="5">
      <OperatingDayField fecha={fecha} onChange={setFecha} />
      <Tabs.Root value={side} onValueChange={(details) => setParams((previous) => ({ ...Object.fromEntries(previous), lado: details.value }))}>
        <Tabs.List>
          <Tabs.Trigger value="inyeccion">{t('logbooks.slv.injection')}</Tabs.Trigger>
          <Tabs.Trigger value="retiro">{t('logbooks.slv.withdrawal')}</Tabs.Trigger>
        </Tabs.List>
      </Tabs.Root>
      {view.failure ? <ErrorAlert messageKey={view.failure.messageKey} /> : null}
      {loaded ? (
        <TopOffers key={`${side}|${fecha}|${loaded.bitacora?.version ?? 0}`} side={side} fecha={fecha} view={loaded} onSaved={() => view.send()} />
      ) : null}
    </Stack>
  );
}

/** A figure of a block cell: its price or its MW, in the language's notation. */
interface BlockCellParams {
  index: number;
  figure: 'precios' | 'mws';
  edits: { current: (key: string, figure: 'precios' | 'mws', index: number, value: string) => void };
  invalid: ReadonlySet<string>;
}

function BlockCell({ data, index, figure, edits, invalid }: ICellRendererParams<TopOfferLine> & BlockCellParams) {
  const t = useT();
  if (!data) return null;
  return (
    <DecimalCellInput
      value={data[figure][index] ?? ''}
      label={t(figure === 'precios' ? 'logbooks.slv.priceOf' : 'logbooks.slv.mwOf', { pm: data.pm, periodo: data.periodo, bloque: index + 1 })}
      invalid={invalid.has(data.key)}
      onType={(wire) => edits.current(data.key, figure, index, wire)}
    />
  );
}

/** The units' limits of the day as typed (wire decimals), by PM. */
type LimitDraft = SlvLimit;

function TopOffers({ side, fecha, view, onSaved }: { side: Side; fecha: string; view: OffersView; onSaved: () => void }) {
  const t = useT();
  const format = useFormat();
  const ruleText = useOfferRuleText();
  const { sentido, call } = SIDES[side];
  const [limits, setLimits] = useState<LimitDraft[]>(() => view.limites.map(({ pm, costo_variable, cargo_sistema, mw_ofertable }) => ({ pm, costo_variable, cargo_sistema, mw_ofertable })));
  const [lines, setLines] = useState<TopOfferLine[]>(() => topOfferSheet(view.bitacora, sentido === 'I' ? view.limites.map((limit) => limit.pm) : []));
  const [newUnit, setNewUnit] = useState('');
  const [problems, setProblems] = useState<OfferProblem[]>([]);
  const [refusal, setRefusal] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const readOnly = view.bitacora !== null && view.bitacora.estado !== 'borrador';

  const edit = useRef((key: string, figure: 'precios' | 'mws', index: number, value: string) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, [figure]: line[figure].map((old, at) => (at === index ? value : old)) } : line))),
  );
  const invalid = useMemo(() => new Set(problems.map((problem) => problem.cell)), [problems]);
  const columns = useMemo<ColDef<TopOfferLine>[]>(
    () => [
      { field: 'pm', headerName: t('logbooks.mer.columns.pm'), pinned: 'left', minWidth: 120 },
      { field: 'periodo', headerName: t('logbooks.slv.columns.period'), type: 'rightAligned', maxWidth: 100 },
      ...BLOCKS.flatMap((index): ColDef<TopOfferLine>[] =>
        (['precios', 'mws'] as const).map((figure) => ({
          colId: `${figure}${index}`,
          headerName: t(figure === 'precios' ? 'logbooks.slv.columns.price' : 'logbooks.slv.columns.mw', { bloque: index + 1 }),
          type: 'rightAligned',
          minWidth: 104,
          sortable: false,
          filter: false,
          valueGetter: ({ data }) => data?.[figure][index] ?? '',
          valueFormatter: ({ value }) => (value === '' ? '' : format.decimal(value as string)),
          ...(readOnly ? {} : { cellRenderer: BlockCell, cellRendererParams: { index, figure, edits: edit, invalid } satisfies BlockCellParams }),
        })),
      ),
    ],
    [t, format, readOnly, invalid],
  );

  const addUnit = () => {
    const pm = newUnit.trim().toUpperCase();
    if (pm === '' || lines.some((line) => line.pm === pm)) return;
    setLines((current) => [...current, ...unitLines(pm)]);
    if (sentido === 'I') setLimits((current) => [...current, { pm, costo_variable: '', cargo_sistema: '', mw_ofertable: '' }]);
    setNewUnit('');
  };

  const save = async () => {
    const { filas, lineOf, incomplete } = topOffers(lines, sentido);
    const typedLimits = limits.filter((limit) => limit.costo_variable !== '' && limit.cargo_sistema !== '' && limit.mw_ofertable !== '');
    const limitesSlv = new Map(typedLimits.map((limit) => [limit.pm, { precio_piso: addDecimals(limit.costo_variable, limit.cargo_sistema), mw_ofertable: limit.mw_ofertable }]));
    const named = (line: TopOfferLine) => t('logbooks.slv.problemPlace', { pm: line.pm, periodo: line.periodo });
    const found: OfferProblem[] = [
      ...incomplete.map((line) => ({ cell: line.key, text: `${named(line)}${t('logbooks.slv.blockIncomplete')}` })),
      ...offerRuleBreaks(filas, { mercado: 'SLV', potenciaAnexo: new Map(), limitesSlv }, OFFER_SCOPES[side === 'inyeccion' ? 'slvInyeccion' : 'slvRetiro']).map(({ fila, keyword, params }) => ({
        cell: lineOf[fila]!.key,
        text: `${named(lineOf[fila]!)}${ruleText(keyword, params)}`,
      })),
    ];
    setProblems(found);
    setRefusal(null);
    if (found.length > 0) return;
    setBusy(true);
    try {
      await saveOffers(call, { fecha_operacion: fecha, filas, ...(view.bitacora ? { version: view.bitacora.version } : {}), ...(sentido === 'I' ? { limites: typedLimits } : {}) });
      notify({ type: 'success', message: t('logbooks.slv.saved', { day: format.date(fecha), count: filas.length }) });
      onSaved();
    } catch (error) {
      setRefusal(readFailure(error));
      setProblems(refusedOffers(error).map(({ fila, keyword, params }) => ({ cell: lineOf[fila]?.key ?? '', text: `${lineOf[fila] ? named(lineOf[fila]!) : ''}${ruleText(keyword, params)}` })));
    } finally {
      setBusy(false);
    }
  };

  const limitField = (limit: LimitDraft, field: 'costo_variable' | 'cargo_sistema' | 'mw_ofertable') => (
    <DecimalCellInput
      value={limit[field]}
      label={t(`logbooks.slv.limitOf.${field}`, { pm: limit.pm })}
      invalid={false}
      onType={(wire) => setLimits((current) => current.map((item) => (item.pm === limit.pm ? { ...item, [field]: wire } : item)))}
    />
  );

  return (
    <Stack gap="4">
      {sentido === 'I' ? (
        <Card.Root>
          <Card.Header>
            <Heading as="h2" size="md">
              {t('logbooks.slv.limitsTitle')}
            </Heading>
            <Text textStyle="sm" color="fg.muted">
              {t('logbooks.slv.limitsIntro')}
            </Text>
          </Card.Header>
          <Card.Body>
            {limits.length === 0 ? (
              <Text color="fg.muted">{t('logbooks.slv.noUnits')}</Text>
            ) : (
              <Table.Root size="sm" aria-label={t('logbooks.slv.limitsTitle')}>
                <Table.Header>
                  <Table.Row>
                    {(['pm', 'costo_variable', 'cargo_sistema', 'precio_piso', 'mw_ofertable'] as const).map((field) => (
                      <Table.ColumnHeader key={field}>{t(`logbooks.slv.limitColumns.${field}`)}</Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {limits.map((limit) => (
                    <Table.Row key={limit.pm}>
                      <Table.Cell>{limit.pm}</Table.Cell>
                      <Table.Cell>{readOnly ? format.decimal(limit.costo_variable) : limitField(limit, 'costo_variable')}</Table.Cell>
                      <Table.Cell>{readOnly ? format.decimal(limit.cargo_sistema) : limitField(limit, 'cargo_sistema')}</Table.Cell>
                      <Table.Cell textAlign="end">{limit.costo_variable !== '' && limit.cargo_sistema !== '' ? format.decimal(addDecimals(limit.costo_variable, limit.cargo_sistema)) : '—'}</Table.Cell>
                      <Table.Cell>{readOnly ? format.decimal(limit.mw_ofertable) : limitField(limit, 'mw_ofertable')}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </Card.Body>
        </Card.Root>
      ) : null}
      <Card.Root>
        <Card.Header>
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Heading as="h2" size="md">
              {t(sentido === 'I' ? 'logbooks.slv.injectionTitle' : 'logbooks.slv.withdrawalTitle')}
            </Heading>
            {readOnly ? null : (
              <HStack gap="2" wrap="wrap">
                <Input size="sm" width="12rem" aria-label={t('logbooks.slv.newUnit')} placeholder={t('logbooks.slv.newUnitPlaceholder')} value={newUnit} onChange={(event) => setNewUnit(event.target.value)} />
                <Button size="sm" variant="outline" onClick={addUnit} disabled={newUnit.trim() === ''}>
                  {t('logbooks.slv.addUnit')}
                </Button>
                <Button size="sm" colorPalette="blue" loading={busy} onClick={() => void save()}>
                  {t('logbooks.slv.save')}
                </Button>
              </HStack>
            )}
          </HStack>
        </Card.Header>
        <Card.Body>
          <Stack gap="3">
            {refusal ? <ErrorAlert messageKey={refusal.messageKey} /> : null}
            <OfferProblemList problems={problems} />
            <DataGrid<TopOfferLine> rows={lines} columns={columns} rowId={(line) => line.key} emptyKey="logbooks.slv.empty" searchLabelKey="logbooks.slv.search" urlFilters={false} height="480px" />
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
