import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import type { DateRangeFault } from '../../../schemas/date.schema';
import { FormField } from '../forms/form-field';
import { DateInput } from './date-input';

const FIELD_WIDTH = { md: '10rem' } as const;

/**
 * A filter bar's range of days: `Desde` and `Hasta` (dd/mm/yyyy), a date that is no day said
 * beside its field, and what is wrong with the range (`fault`: reversed, or longer than
 * `maxDays`) beside `Hasta`, translated with the limit. The page sends no call for a range with
 * a fault: the server would refuse it.
 */
export function DateRangeFields({
  desde,
  hasta,
  fault,
  maxDays,
  onChange,
}: {
  desde: string;
  hasta: string;
  fault: DateRangeFault | null;
  maxDays: number;
  onChange: (name: 'desde' | 'hasta', iso: string) => void;
}) {
  const [badDates, setBadDates] = useState({ desde: false, hasta: false });
  const rangeError = fault ? { key: `forms.range.${fault}`, params: { max: maxDays } } : undefined;
  return (
    <>
      {(['desde', 'hasta'] as const).map((name) => (
        <Stack key={name} width={FIELD_WIDTH}>
          <FormField labelKey={`forms.range.${name}`} error={badDates[name] ? { key: 'forms.errors.date' } : name === 'hasta' ? rangeError : undefined}>
            <DateInput value={name === 'desde' ? desde : hasta} onChange={(iso) => onChange(name, iso)} onValidity={(valid) => setBadDates((bad) => ({ ...bad, [name]: !valid }))} />
          </FormField>
        </Stack>
      ))}
    </>
  );
}
