/** The character classes a password must contain, each named so a form can say which is missing. */
const PASSWORD_PATTERNS = {
  uppercase: '[A-Z]',
  lowercase: '[a-z]',
  digit: '[0-9]',
  special: '[^A-Za-z0-9]',
} as const;

/**
 * The password policy of spec section 5: at least 8 characters with an uppercase letter,
 * a lowercase letter, a number and a special character. The forgot-password form (through
 * `brokenPasswordRules`) and the built-in identity service (through ajv) both check
 * passwords against this one schema.
 */
export const passwordSchema = {
  $id: 'password',
  type: 'string',
  minLength: 8,
  maxLength: 256,
  allOf: [
    { pattern: PASSWORD_PATTERNS.uppercase },
    { pattern: PASSWORD_PATTERNS.lowercase },
    { pattern: PASSWORD_PATTERNS.digit },
    { pattern: PASSWORD_PATTERNS.special },
  ],
} as const;

export type PasswordRule = 'minLength' | 'maxLength' | keyof typeof PASSWORD_PATTERNS;

/**
 * The rules of {@link passwordSchema} that `value` breaks (empty when it satisfies the policy).
 * Reads the schema itself, so a change to the schema changes the form's check too; this keeps
 * ajv out of the browser bundle.
 */
export function brokenPasswordRules(value: string): PasswordRule[] {
  const broken: PasswordRule[] = [];
  // Count code points, as JSON Schema's minLength does.
  const length = [...value].length;
  if (length < passwordSchema.minLength) broken.push('minLength');
  if (length > passwordSchema.maxLength) broken.push('maxLength');
  for (const [rule, pattern] of Object.entries(PASSWORD_PATTERNS) as [keyof typeof PASSWORD_PATTERNS, string][]) {
    const inSchema = passwordSchema.allOf.some((entry) => entry.pattern === pattern);
    if (inSchema && !new RegExp(pattern).test(value)) broken.push(rule);
  }
  return broken;
}
