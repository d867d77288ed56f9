import { toFieldErrors, type FieldErrors, type MessageOverrides, type SchemaIssue } from '../forms/field-errors';
import { ApiError } from './api-error';

/** A failed call as the app shows it: a message, the server's own words, and messages beside fields. */
export interface Failure {
  /** i18n key: the catalogue text of the server's error code, or a connection error. */
  messageKey: string;
  /** The server's message, for the code the app has no translation of (spec: "the server's message is raised"). */
  serverMessage: string | null;
  /** The server's error code (`APP_ERR_...`), null for a transport failure. */
  code: string | null;
  /** The server's 400 `details` as messages by field. */
  fields: FieldErrors;
}

/** How a form places the server's `details`: message overrides by field, or its own reading (nested fields). */
export type FieldsReader = MessageOverrides | ((details: readonly SchemaIssue[] | undefined) => FieldErrors);

/** The i18n key of a failed call's message: `errors.<CODE>` for the server's refusals, else a connection error. */
export function messageKeyOf(error: unknown): string {
  return error instanceof ApiError && error.code ? `errors.${error.code}` : 'forms.errors.connection';
}

/** The one reading of a failed call (the app's every page, form and flow reads failures here). */
export function readFailure(error: unknown, fields: FieldsReader = {}): Failure {
  if (error instanceof ApiError && error.body) {
    const { details, code, message } = error.body;
    return {
      messageKey: messageKeyOf(error),
      serverMessage: message,
      code,
      fields: typeof fields === 'function' ? fields(details) : toFieldErrors(details, fields),
    };
  }
  return { messageKey: messageKeyOf(error), serverMessage: error instanceof Error ? error.message : null, code: null, fields: {} };
}
