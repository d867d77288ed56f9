import { toFieldErrors, type FieldErrors, type MessageOverrides, type SchemaIssue } from './field-errors';

/** A compiled form schema (`import validate from 'virtual:form-validator/<name>'`). */
type FormValidator = ((data: unknown) => boolean) & { errors?: readonly SchemaIssue[] | null };

/** Every problem the schema finds in `value` (empty when it is valid), with full instance paths. */
export function schemaIssues(validate: FormValidator, value: unknown): SchemaIssue[] {
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

/**
 * Validates a form value with the same JSON Schema the server validates the request body
 * with, and gives the per-field messages (empty when the value is valid).
 */
export function validateForm(validate: FormValidator, value: unknown, overrides: MessageOverrides = {}): FieldErrors {
  return toFieldErrors(schemaIssues(validate, value), overrides);
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
