import { Checkbox, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { PM_MAX, PM_MIN, PRICE_PERCENT_MAX, PRICE_PERCENT_MIN, type BidHour, type Prioritisation, type Run } from '../../../schemas/process.schema';
import { useRequest } from '../../lib/api/use-request';
import { FormField, useFieldMessageText } from '../../lib/forms/form-field';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { DateInput } from '../../lib/ui/date-input';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { CreditPanel } from './credit-panel';
import { BidHoursGrid, type BidHourEdits, type BidHourRow } from './bid-hours-grid';
import { hourKey, nodesOf, uploadOf, withPercentage, withPriorities } from './bid-hours';
import { listBidHours, startSubeRun } from './processes-api';
import { DEFAULT_RUN_OPTIONS, typedInteger, type RunOptions } from './run-options';
import { subeIssues } from './selection-checks';
import { SelectionHeader } from './selection-header';
import { rowProblems, type SelectionIssues } from './selection-issues';
import { SelectionStart } from './selection-problems';
import { useSelection } from './use-selection';
import { useShownRows } from './use-shown-rows';

/** Tomorrow in the browser's calendar: the operating day bids are usually uploaded for. */
function tomorrow(): string {
  const day = new Date();
  day.setDate(day.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

const DEFAULT_PERCENT = 100;
const PRIORITY_SLOTS = [0, 1, 2] as const;

/** The column a problem of an hour names (its message may say the field), the bid price when it names none. */
const columnOf = (field: string) => `processes.sube.columns.${field || 'precio_oferta'}`;

/** The grid of a field that holds no day: no hours. */
const NO_HOURS: BidHour[] = [];

/**
 * Sube's selection as the machine holds it: the run options, the last day typed and whether the
 * field holds a day, the day's hours (null until read) and those priced by hand, the PM count,
 * the price percentage and the node prioritisation.
 */
interface SubeValue extends RunOptions {
  fecha_operacion: string;
  dia_valido: boolean;
  horas: BidHour[] | null;
  tecleados: ReadonlySet<string>;
  pm: number;
  porcentaje_precio: number;
  priorizacion: Prioritisation;
}

const initialSelection = (): SubeValue => ({
  ...DEFAULT_RUN_OPTIONS,
  fecha_operacion: tomorrow(),
  dia_valido: true,
  horas: null,
  tecleados: new Set(),
  pm: PM_MAX,
  porcentaje_precio: DEFAULT_PERCENT,
  priorizacion: { activa: false, nodos: [null, null, null] },
});

/** What Start sends: no day, no hours; the hours with their priorities; only the nodes prioritised. */
function subeBody({ fecha_operacion, dia_valido, horas, tecleados: _typed, priorizacion, ...rest }: SubeValue) {
  return {
    ...rest,
    fecha_operacion: dia_valido ? fecha_operacion : '',
    priorizacion: priorizacion.activa
      ? // With prioritisation, the unset third slot is left out; without it, no node is named.
        { activa: true, nodos: priorizacion.nodos.filter((nodo, slot) => slot < 2 || nodo) }
      : { activa: false, nodos: [] },
    horas: dia_valido && horas ? withPriorities(horas, priorizacion) : [],
  };
}

/**
 * Sube's selection step: the operating day, its bid-hour grid (bid power and price typed in the
 * language's notation, the bid flag per hour, all shown / none), the PM count, workers,
 * retries, node prioritisation (first, second, optional third node) and the price percentage,
 * which prices every hour the trader did not price by hand. A day that is no day (31/02/2026,
 * `mañana`) says so beside its field and clears the grid: nothing is bid for another day than
 * the one the field shows. Start checks the selection (spec section 5), asks the trader (how
 * many hours of how many PMs, which day, which site) and asks for the run.
 */
export function SubeSelection({ onStarted }: { onStarted: (run: Run) => void }) {
  const t = useT();
  const format = useFormat();
  const messageText = useFieldMessageText();
  const selection = useSelection({ initial: initialSelection(), bodyOf: subeBody, validate: subeIssues, start: startSubeRun, onStarted });
  const { value, body } = selection;
  const { fecha_operacion: fecha, dia_valido: dayTyped, horas: hours, pm, porcentaje_precio: porcentaje, priorizacion } = value;
  const options: RunOptions = value;
  // A new day's grid: every price from the percentage again.
  const hoursRead = useRequest(() => listBidHours(fecha), {
    load: [fecha],
    empty: 'list',
    onSuccess: (read) => {
      selection.change('tecleados', new Set());
      selection.change('horas', withPercentage(read, porcentaje, new Set()));
    },
  });
  const { shown, onShownRowsChange } = useShownRows((row: BidHourRow) => String(row.index));

  const nodes = useMemo(() => nodesOf(hours ?? []), [hours]);
  const withPriority = useMemo(() => (hours ? withPriorities(hours, priorizacion) : null), [hours, priorizacion]);
  // No day, no hours: the grid is cleared and nothing can be bid.
  const dayHours = dayTyped ? withPriority : NO_HOURS;
  const issues = useMemo<SelectionIssues>(
    () => (dayTyped ? selection.issues : { ...selection.issues, '/fecha_operacion': { key: 'processes.sube.dayInvalid' } }),
    [dayTyped, selection.issues],
  );
  const problems = useMemo(() => rowProblems(issues, 'horas'), [issues]);

  // Each change from the hours as the machine holds them then: two cells typed before the page is drawn again both count.
  const changeHours = (change: (hour: BidHour, at: number) => BidHour) => selection.change('horas', (current) => current && current.map(change));
  const edit = (index: number, change: (hour: BidHour) => Partial<BidHour>) => changeHours((hour, at) => (at === index ? { ...hour, ...change(hour) } : hour));
  const edits: BidHourEdits = {
    toggle: (index) => edit(index, (hour) => ({ ofertar: !hour.ofertar })),
    power: (index, typedPower) => edit(index, () => ({ potencia_oferta: typedPower })),
    price: (index, typedPrice) => {
      const hour = hours?.[index];
      if (hour) selection.change('tecleados', (current) => new Set(current).add(hourKey(hour)));
      edit(index, () => ({ precio_oferta: typedPrice }));
    },
  };

  const rows = useMemo<BidHourRow[] | null>(
    () =>
      dayHours?.map((hour, index) => {
        const problem = problems.get(index);
        return { ...hour, index, problema: problem ? messageText(problem.message, columnOf(problem.field)) : '' };
      }) ?? null,
    [dayHours, problems, messageText],
  );

  function changePercent(text: string) {
    const next = typedInteger(text);
    selection.change('porcentaje_precio', next);
    selection.change('horas', (current) => current && withPercentage(current, next, value.tecleados));
  }

  function setSlot(slot: number, nodo: string) {
    const nodos = [...priorizacion.nodos];
    nodos[slot] = nodo === '' ? null : nodo;
    selection.change('priorizacion', { ...priorizacion, nodos });
  }

  const selected = dayHours?.filter((hour) => hour.ofertar).length ?? 0;
  const upload = uploadOf(body.horas, body.priorizacion, pm);
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <FormField labelKey="processes.sube.fecha_operacion" error={issues['/fecha_operacion']}>
          <DateInput
            value={fecha}
            onChange={(iso) => {
              selection.change('dia_valido', iso !== '');
              if (iso) selection.change('fecha_operacion', iso);
            }}
            onValidity={(valid) => {
              if (!valid) selection.change('dia_valido', false);
            }}
          />
        </FormField>
        <FormField labelKey="processes.sube.pm" error={issues['/pm']} helperKey="processes.sube.pmHelp">
          <Input type="number" min={PM_MIN} max={PM_MAX} value={Number.isNaN(pm) ? '' : pm} onChange={(event) => selection.change('pm', typedInteger(event.target.value))} />
        </FormField>
        <FormField labelKey="processes.sube.porcentaje_precio" error={issues['/porcentaje_precio']} helperKey="processes.sube.porcentajeHelp">
          <Input
            type="number"
            min={PRICE_PERCENT_MIN}
            max={PRICE_PERCENT_MAX}
            value={Number.isNaN(porcentaje) ? '' : porcentaje}
            onChange={(event) => changePercent(event.target.value)}
          />
        </FormField>
      </SimpleGrid>
      {hoursRead.failure ? <ErrorAlert messageKey={hoursRead.failure.messageKey} /> : null}
      <Stack gap="2" as="section" aria-labelledby="sube-hours">
        <SelectionHeader
          id="sube-hours"
          title={t('processes.sube.hoursTitle')}
          count={t('processes.sube.selectedCount', { n: format.integer(selected), total: format.integer(dayHours?.length ?? 0) })}
          onAllShown={() => changeHours((hour, at) => (shown.has(String(at)) ? { ...hour, ofertar: true } : hour))}
          onNone={() => changeHours((hour) => ({ ...hour, ofertar: false }))}
          allDisabled={!dayHours || shown.size === 0}
          noneDisabled={selected === 0}
        />
        {/* A new grid when the day stops (or starts) being one: its empty text says which. */}
        <BidHoursGrid key={dayTyped ? 'day' : 'no-day'} rows={rows} edits={edits} emptyKey={dayTyped ? 'processes.sube.empty' : 'processes.sube.noDay'} onShownRowsChange={onShownRowsChange} />
      </Stack>
      <Stack gap="2" as="section" aria-labelledby="sube-priority" borderWidth="1px" borderRadius="l2" p="3">
        <Checkbox.Root
          checked={priorizacion.activa}
          onCheckedChange={(details) => selection.change('priorizacion', { ...priorizacion, activa: details.checked === true })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label id="sube-priority" fontWeight="semibold">
            {t('processes.sube.priorizacion')}
          </Checkbox.Label>
        </Checkbox.Root>
        {priorizacion.activa ? (
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            {PRIORITY_SLOTS.map((slot) => (
              <FormField key={slot} labelKey={`processes.sube.nodo${slot + 1}`} error={issues[`/priorizacion/nodos/${slot}`]} required={slot < 2}>
                <NativeSelect.Root>
                  <NativeSelect.Field value={priorizacion.nodos[slot] ?? ''} onChange={(event) => setSlot(slot, event.target.value)}>
                    <option value="">{t('processes.sube.noNode')}</option>
                    {nodes.map((nodo) => (
                      <option key={nodo} value={nodo}>
                        {nodo}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>
      {dayTyped ? <CreditPanel fecha={fecha} horas={dayHours ?? NO_HOURS} refreshKey={selection.failure} /> : null}
      <SelectionStart selection={selection} options={options} issues={issues} listPath="/horas" count={Object.keys(selection.issues).length} disabled={!hours || !dayTyped} />
      <ConfirmDialog
        {...selection.question}
        tone="primary"
        titleKey="processes.sube.confirm.title"
        textKey="processes.sube.confirm.text"
        textParams={{
          dia: format.date(fecha),
          sitio: t(`processes.sites.${options.sitio}`),
          horas: format.integer(upload.horas),
          nodos: format.integer(upload.nodos),
        }}
        confirmKey="processes.sube.confirm.button"
      >
        {upload.quedan > 0 ? <Text mt="2">{t('processes.sube.confirm.left', { n: format.integer(upload.quedan) })}</Text> : null}
      </ConfirmDialog>
    </Stack>
  );
}
