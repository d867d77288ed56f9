/**
 * An e-mail address as the sign-in and recovery forms accept it (spec section 5, Login:
 * 'Email format not valid.'). The pattern is written out, not left to ajv-formats, so the
 * session machine (which may import nothing but xstate and schemas) checks the same rule.
 */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

const emailSchema = {
  $id: 'email',
  type: 'string',
  maxLength: 254,
  pattern: EMAIL_PATTERN,
} as const;

const emailRegExp = new RegExp(EMAIL_PATTERN);

/** True when `value` has the e-mail shape of {@link emailSchema}. */
export function isEmailFormat(value: string): boolean {
  return value.length <= emailSchema.maxLength && emailRegExp.test(value);
}
