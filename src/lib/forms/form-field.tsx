import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import type { FieldMessage } from './field-errors';

/**
 * One labelled form field with its translated message beside it; the message comes from the
 * shared schema's check in the browser or from the server's 400 `details`.
 */
export function FormField({
  labelKey,
  error,
  required = false,
  helperKey,
  children,
}: {
  labelKey: string;
  error: FieldMessage | undefined;
  required?: boolean;
  helperKey?: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Field.Root invalid={error !== undefined} required={required}>
      <Field.Label>
        {t(labelKey)}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helperKey && !error ? <Field.HelperText>{t(helperKey)}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{t(error.key, error.params)}</Field.ErrorText> : null}
    </Field.Root>
  );
}
