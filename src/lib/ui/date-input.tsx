import { Input } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { formatDate, parseDate } from '../format/date-format';
import { useT } from '../i18n/use-t';

interface DateInputProps {
  /** The ISO date (`YYYY-MM-DD`) held by the caller, or '' when none. */
  value: string;
  /** Called with an ISO date once the text is a real dd/mm/yyyy day, or '' when cleared. */
  onChange(iso: string): void;
  /** Called with whether the typed text is (not) a date, so the caller can show `forms.errors.date`. */
  onValidity?(valid: boolean): void;
}

/**
 * A date typed as dd/mm/yyyy whatever the browser's language (a native date input follows the
 * browser's locale, which the product must not use). Half-typed text stays local until it is a day.
 */
export function DateInput({ value, onChange, onValidity }: DateInputProps) {
  const t = useT();
  const [text, setText] = useState(() => formatDate(value));

  // A new value from outside (the URL, a reset) replaces what is shown.
  useEffect(() => {
    setText((current) => (parseDate(current) === value ? current : formatDate(value)));
  }, [value]);

  return (
    <Input
      inputMode="numeric"
      placeholder={t('forms.datePlaceholder')}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const iso = next.trim() === '' ? '' : parseDate(next);
        onValidity?.(iso !== null);
        if (iso !== null) onChange(iso);
      }}
    />
  );
}
