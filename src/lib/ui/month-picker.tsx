import { Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { MONTHS, useMonthNames } from '../format/month-names';

/** Years the settlement calls answer for. */
const isYear = (value: number) => Number.isInteger(value) && value >= 2000 && value <= 2999;

/** A page's month as the URL keeps it (`?anio=&mes=`), and how to change it. */
export interface UrlMonth {
  anio: number;
  mes: number;
  /** Whether the URL names the month itself (else `anio` and `mes` are the current month's). */
  named: boolean;
  /** Puts a month in the URL; `replace` for a month the page chose itself, so Back does not return to the address without one. */
  setMonth: (month: { anio: number; mes: number }, options?: { replace?: boolean }) => void;
}

const isMonth = (value: number) => Number.isInteger(value) && value >= 1 && value <= 12;

/** The month the URL names (`?anio=&mes=`), else the current one: a link shows the same month. */
export function useUrlMonth(): UrlMonth {
  const [params, setParams] = useSearchParams();
  const now = new Date();
  const anio = Number(params.get('anio'));
  const mes = Number(params.get('mes'));
  return {
    anio: isYear(anio) ? anio : now.getFullYear(),
    mes: isMonth(mes) ? mes : now.getMonth() + 1,
    named: isYear(anio) && isMonth(mes),
    setMonth: (changes, options) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) next.set(name, String(value));
        return next;
      }, options),
  };
}

/** A month select and a year box for the URL's month (`useUrlMonth`), labelled by the page. */
export function MonthPicker({ month, monthLabel, yearLabel }: { month: UrlMonth; monthLabel: string; yearLabel: string }) {
  const { anio, mes, setMonth } = month;
  const names = useMonthNames();
  return (
    <HStack gap="3" align="flex-end">
      <Field.Root width="auto">
        <Field.Label>{monthLabel}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={String(mes)} onChange={(event) => setMonth({ anio, mes: Number(event.target.value) })}>
            {MONTHS.map((value) => (
              <option key={value} value={value}>
                {names[value - 1]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <YearField label={yearLabel} anio={anio} onChange={(value) => setMonth({ anio: value, mes })} />
    </HStack>
  );
}

/** The year typed freely; only a year the server answers for (2000-2999) becomes the URL's. */
function YearField({ label, anio, onChange }: { label: string; anio: number; onChange: (anio: number) => void }) {
  const [text, setText] = useState(String(anio));
  // Back, or a link, changed the month: show its year.
  useEffect(() => setText(String(anio)), [anio]);
  return (
    <Field.Root width="7rem">
      <Field.Label>{label}</Field.Label>
      <Input
        type="number"
        min={2000}
        max={2999}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const value = Number(event.target.value);
          if (isYear(value) && value !== anio) onChange(value);
        }}
      />
    </Field.Root>
  );
}
