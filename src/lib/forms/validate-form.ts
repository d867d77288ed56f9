import { validators } from 'virtual:form-validators';
import type { FormSchemaName } from './form-schemas';
import { toFieldErrors, type FieldErrors, type MessageOverrides } from './field-errors';

/**
 * Validates a form value with the same JSON Schema the server validates the request body
 * with, and gives the per-field messages (empty when the value is valid).
 */
export function validateForm(schema: FormSchemaName, value: unknown, overrides: MessageOverrides = {}): FieldErrors {
  const validate = validators[schema];
  if (!validate) throw new Error(`No compiled validator for form schema '${schema}'`);
  return validate(value) ? {} : toFieldErrors(validate.errors, overrides);
}

/**
 * Drops the fields a user left empty, so a required one reads "required" and an optional one
 * is not sent at all; other values are kept as they are.
 */
export function withoutEmptyFields<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => !(field === '' || field === null || field === undefined)),
  ) as Partial<T>;
}
