import { Button, Checkbox, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { PM_MAX, PM_MIN, PRICE_PERCENT_MAX, PRICE_PERCENT_MIN, type BidHour, type Prioritisation, type Run } from '../../../schemas/process.schema';
import { useRequest } from '../../lib/api/use-request';
import { FormField, useFieldMessageText } from '../../lib/forms/form-field';
import { useT } from '../../lib/i18n/use-t';
import { DateInput } from '../../lib/ui/date-input';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { BidHoursGrid, type BidHourEdits, type BidHourRow } from './bid-hours-grid';
import { hourKey, nodesOf, withPercentage, withPriorities } from './bid-hours';
import { listBidHours, startSubeRun } from './processes-api';
import { DEFAULT_RUN_OPTIONS, RunOptionsFields, typedInteger, type RunOptions } from './run-options';
import { subeIssues } from './selection-checks';
import { rowIssues } from './selection-issues';
import { SelectionProblems } from './selection-problems';
import { useSelection } from './use-selection';

/** Tomorrow in the browser's calendar: the operating day bids are usually uploaded for. */
function tomorrow(): string {
  const day = new Date();
  day.setDate(day.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

const DEFAULT_PERCENT = 100;
const PRIORITY_SLOTS = [0, 1, 2] as const;

/**
 * Sube's selection step: the operating day, its bid-hour grid (bid power and price editable,
 * the bid flag per hour, all / none), the PM count, workers, retries, node prioritisation
 * (first, second, optional third node) and the price percentage, which prices every hour the
 * trader did not price by hand. Start checks the selection (spec section 5) and asks for the run.
 */
export function SubeSelection({ onStarted }: { onStarted: (run: Run) => void }) {
  const t = useT();
  const messageText = useFieldMessageText();
  const [fecha, setFecha] = useState(tomorrow);
  const hoursRead = useRequest(() => listBidHours(fecha), { load: [fecha], empty: 'list' });
  const [hours, setHours] = useState<BidHour[] | null>(null);
  const [typed, setTyped] = useState<ReadonlySet<string>>(new Set());
  const [options, setOptions] = useState<RunOptions>(DEFAULT_RUN_OPTIONS);
  const [pm, setPm] = useState(PM_MAX);
  const [porcentaje, setPorcentaje] = useState(DEFAULT_PERCENT);
  const [priorizacion, setPriorizacion] = useState<Prioritisation>({ activa: false, nodos: [null, null, null] });

  // A new day's grid: every price from the percentage again.
  useEffect(() => {
    if (!hoursRead.data) return;
    setTyped(new Set());
    setHours(withPercentage(hoursRead.data, porcentaje, new Set()));
    // The percentage applies through its own change below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hoursRead.data]);

  const nodes = useMemo(() => nodesOf(hours ?? []), [hours]);
  const withPriority = useMemo(() => (hours ? withPriorities(hours, priorizacion) : null), [hours, priorizacion]);
  const body = {
    ...options,
    fecha_operacion: fecha,
    pm,
    porcentaje_precio: porcentaje,
    // Without prioritisation no node is named; with it, the unset third slot is left out.
    priorizacion: priorizacion.activa ? { activa: true, nodos: priorizacion.nodos.filter((nodo, slot) => slot < 2 || nodo) } : { activa: false, nodos: [] },
    horas: withPriority ?? [],
  };
  const selection = useSelection({ body, validate: subeIssues, start: startSubeRun, onStarted });
  const { issues } = selection;
  const problems = rowIssues(issues, 'horas');

  const changeHours = setHours;
  const edit = (index: number, change: Partial<BidHour>) => hours && changeHours(hours.map((hour, at) => (at === index ? { ...hour, ...change } : hour)));
  const edits: BidHourEdits = {
    toggle: (index) => hours && edit(index, { ofertar: !hours[index]?.ofertar }),
    power: (index, value) => edit(index, { potencia_oferta: value }),
    price: (index, value) => {
      const hour = hours?.[index];
      if (hour) setTyped(new Set(typed).add(hourKey(hour)));
      edit(index, { precio_oferta: value });
    },
  };

  const rows = useMemo<BidHourRow[] | null>(
    () =>
      withPriority?.map((hour, index) => {
        const problem = problems.get(index);
        return { ...hour, index, problema: problem ? messageText(problem, 'processes.sube.columns.precio_oferta') : '' };
      }) ?? null,
    // `problems` follows the hours and issues shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [withPriority, JSON.stringify(issues), messageText],
  );

  function changePercent(text: string) {
    const next = typedInteger(text);
    setPorcentaje(next);
    if (hours) setHours(withPercentage(hours, next, typed));
  }

  function setSlot(slot: number, nodo: string) {
    const nodos = [...priorizacion.nodos];
    nodos[slot] = nodo === '' ? null : nodo;
    setPriorizacion({ ...priorizacion, nodos });
  }


  const selected = hours?.filter((hour) => hour.ofertar).length ?? 0;
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <FormField labelKey="processes.sube.fecha_operacion" error={issues['/fecha_operacion']}>
          <DateInput value={fecha} onChange={(iso) => iso && setFecha(iso)} />
        </FormField>
        <FormField labelKey="processes.sube.pm" error={issues['/pm']} helperKey="processes.sube.pmHelp">
          <Input type="number" min={PM_MIN} max={PM_MAX} value={Number.isNaN(pm) ? '' : pm} onChange={(event) => setPm(typedInteger(event.target.value))} />
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
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h2" size="sm" id="sube-hours">
            {t('processes.sube.hoursTitle')}
          </Heading>
          <HStack gap="2">
            <Text textStyle="sm" color="fg.muted" aria-live="polite">
              {t('processes.sube.selectedCount', { n: selected, total: hours?.length ?? 0 })}
            </Text>
            <Button size="sm" variant="outline" disabled={!hours} onClick={() => hours && changeHours(hours.map((hour) => ({ ...hour, ofertar: true })))}>
              {t('processes.selection.all')}
            </Button>
            <Button size="sm" variant="outline" disabled={!hours} onClick={() => hours && changeHours(hours.map((hour) => ({ ...hour, ofertar: false })))}>
              {t('processes.selection.none')}
            </Button>
          </HStack>
        </HStack>
        <BidHoursGrid rows={rows} edits={edits} />
      </Stack>
      <Stack gap="2" as="section" aria-labelledby="sube-priority" borderWidth="1px" borderRadius="l2" p="3">
        <Checkbox.Root
          checked={priorizacion.activa}
          onCheckedChange={(details) => setPriorizacion({ ...priorizacion, activa: details.checked === true })}
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
      <RunOptionsFields value={options} onChange={setOptions} issues={issues} />
      <SelectionProblems issues={issues} listPath="/horas" count={Object.keys(issues).length} failure={selection.failure} />
      <HStack>
        <Button colorPalette="blue" loading={selection.busy} disabled={!hours} onClick={selection.submit}>
          {t('processes.selection.start')}
        </Button>
      </HStack>
    </Stack>
  );
}
