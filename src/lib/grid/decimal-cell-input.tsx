import { Input } from '@chakra-ui/react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { DecimalFormatOptions } from '../format/number-format';
import { useFormat } from '../format/use-format';

/**
 * A decimal typed in a grid cell in the language's notation (`85,75` in Spanish, `85.75` in
 * English), held on the wire as a decimal string (`"85.75"`). What the trader types stays as
 * typed while they type; leaving the cell shows it as the language writes it. A text that is no
 * number there (`85.7` in Spanish, `abc`) is held as '' (no figure: the rules say so on the row)
 * and stays in view so the trader sees what to fix.
 */
export function DecimalCellInput({
  value,
  label,
  invalid,
  digits,
  onType,
}: {
  value: string;
  label: string;
  invalid: boolean;
  digits?: DecimalFormatOptions;
  onType: (wire: string) => void;
}) {
  const format = useFormat();
  const show = (wire: string) => format.decimal(wire, digits);
  const [text, setText] = useState(() => show(value));
  const typing = useRef(false);

  // A value from outside (the percentage priced the hour again, the language changed) replaces
  // what is shown, unless it is what the text already says or an unreadable text being fixed.
  const showOutsideValue = useEffectEvent(() =>
    setText((current) => {
      const read = format.parseDecimal(current);
      if (read === value || typing.current) return current;
      return value === '' && read === null && current.trim() !== '' ? current : show(value);
    }),
  );
  useEffect(() => showOutsideValue(), [value, format]);

  return (
    <Input
      size="xs"
      textAlign="end"
      inputMode="decimal"
      value={text}
      aria-invalid={invalid || undefined}
      aria-label={label}
      onFocus={() => {
        typing.current = true;
      }}
      onBlur={() => {
        typing.current = false;
        const read = format.parseDecimal(text);
        if (read !== null) setText(show(read));
      }}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        onType(format.parseDecimal(next) ?? '');
      }}
    />
  );
}
