import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatDecimal } from '../format/number-format';
import type { TranslationParams } from '../i18n/i18n';
import { useLocale } from '../i18n/use-locale';
import { useT } from '../i18n/use-t';
import type { FieldMessage } from './field-errors';

/**
 * `(message, labelKey) => text`: a field's message in the active language, naming the field
 * (`{{field}}`) and writing its numbers (bounds, limits) as the language writes them, so a
 * Spanish page reads 999.999.999.999,99 and an English one 999,999,999,999.99.
 */
export function useFieldMessageText(): (message: FieldMessage, labelKey: string) => string {
  const t = useT();
  const locale = useLocale();
  return (message, labelKey) => {
    const params: TranslationParams = { field: t(labelKey) };
    for (const [name, value] of Object.entries(message.params ?? {})) {
      params[name] = typeof value === 'number' ? formatDecimal(value, locale, { maxFractionDigits: 10 }) : value;
    }
    return t(message.key, params);
  };
}

/**
 * One labelled form field with its translated message beside it; the message comes from the
 * shared schema's check in the browser or from the server's 400 `details`.
 */
export function FormField({
  labelKey,
  error,
  required = false,
  helperKey,
  disabled,
  children,
}: {
  labelKey: string;
  error: FieldMessage | undefined;
  required?: boolean;
  helperKey?: string;
  /** The field does not apply now (another choice overrides it); its input is disabled with it. */
  disabled?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const messageText = useFieldMessageText();
  return (
    <Field.Root invalid={error !== undefined} required={required} disabled={disabled}>
      <Field.Label>
        {t(labelKey)}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helperKey && !error ? <Field.HelperText>{t(helperKey)}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{messageText(error, labelKey)}</Field.ErrorText> : null}
    </Field.Root>
  );
}
