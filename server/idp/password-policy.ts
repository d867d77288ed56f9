// The password policy of spec section 5, enforced on every password the identity service
// sets. The rule itself lives in schemas/password.schema.ts, shared with the browser forms.
import { brokenPasswordRules, type PasswordRule } from '../../schemas/password.schema';
import { IdpError } from './errors';

const REASONS: Record<PasswordRule, string> = {
  minLength: 'Password not long enough',
  maxLength: 'Password too long',
  uppercase: 'Password must have uppercase characters',
  lowercase: 'Password must have lowercase characters',
  digit: 'Password must have numeric characters',
  special: 'Password must have symbol characters',
};

/** Throws InvalidPasswordException naming the first rule the password breaks. */
export function assertPasswordPolicy(password: string): void {
  const [broken] = brokenPasswordRules(password);
  if (broken) {
    throw new IdpError('InvalidPasswordException', `Password does not conform to policy: ${REASONS[broken]}`);
  }
}
