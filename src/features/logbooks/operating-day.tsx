import { Box } from '@chakra-ui/react';
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { FormField } from '../../lib/forms/form-field';
import { DateInput } from '../../lib/ui/date-input';
import { isIsoDate } from '../../../schemas/date.schema';
import { nextOperatingDay } from '../../../schemas/logbook.schema';

/** The operating day the URL names (`?fecha=`), else tomorrow (the day being prepared), and how to change it (kept in the URL). */
export function useOperatingDay(): [string, (fecha: string) => void] {
  const [params, setParams] = useSearchParams();
  const named = params.get('fecha') ?? '';
  const fecha = isIsoDate(named) ? named : nextOperatingDay();
  return [fecha, (next) => setParams((previous) => ({ ...Object.fromEntries(previous), fecha: next }))];
}

/** The operating day typed dd/mm/yyyy; a text that is no day says so beside it and leaves the URL's day. */
export function OperatingDayField({ fecha, onChange }: { fecha: string; onChange: (fecha: string) => void }) {
  const [badDay, setBadDay] = useState(false);
  return (
    <Box width="14rem">
      <FormField labelKey="logbooks.fields.fecha_operacion" error={badDay ? { key: 'forms.errors.date' } : undefined}>
        <DateInput value={fecha} onChange={(iso) => iso && onChange(iso)} onValidity={(valid) => setBadDay(!valid)} />
      </FormField>
    </Box>
  );
}
