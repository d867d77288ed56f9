import { ApiError } from '../api/api-error';
import { toFieldErrors, type FieldErrors, type MessageOverrides, type SchemaIssue } from './field-errors';

/** What a form shows after a refused submission: a banner message and messages beside fields. */
export interface SubmitFailure {
  /** i18n key of the banner: the catalogue text of the server's error code, or a transport error. */
  messageKey: string;
  /** The server's own message, shown when its code has no translation (spec: "the server's message is raised"). */
  serverMessage: string | null;
  fields: FieldErrors;
}

/**
 * Reads a failed call for a form: the server's code becomes `errors.<CODE>`, its `details`
 * (ajv `instancePath`s) become messages beside the fields (worded by `overrides`, or placed by
 * a form's own `fieldsOf` where fields nest); transport failures read as a connection error.
 */
export function submitFailureOf(
  error: unknown,
  overrides: MessageOverrides | ((details: readonly SchemaIssue[] | undefined) => FieldErrors) = {},
): SubmitFailure {
  if (error instanceof ApiError && error.body) {
    const { details } = error.body;
    return {
      messageKey: `errors.${error.body.code}`,
      serverMessage: error.body.message,
      fields: typeof overrides === 'function' ? overrides(details) : toFieldErrors(details, overrides),
    };
  }
  const message = error instanceof Error ? error.message : null;
  return { messageKey: 'forms.errors.connection', serverMessage: message, fields: {} };
}
