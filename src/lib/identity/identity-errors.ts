import type { SessionFailure } from '../../../machines/session/session.machine';

/**
 * Errors of the identity client. `code` is the identity service's own code
 * (`NotAuthorizedException`, `NetworkError`, ...); `kind` is what the sign-in screen says.
 */
export class IdentityError extends Error {
  readonly code: string;
  readonly kind: SessionFailure['kind'];

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IdentityError';
    this.code = code;
    this.kind = loginErrorKind(code);
  }

  /** Wraps whatever the Cognito client reported (an object with `code`/`name` and `message`). */
  static from(error: unknown): IdentityError {
    if (error instanceof IdentityError) return error;
    const raw = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; name?: unknown; message?: unknown };
    const code = typeof raw.code === 'string' ? raw.code : typeof raw.name === 'string' ? raw.name : 'UnknownError';
    const message = typeof raw.message === 'string' ? raw.message : String(error);
    return new IdentityError(code, message, { cause: error });
  }
}

/** Raised before any request when `/config.json` lacks what the identity client needs (spec section 5). */
export class IdentityConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IdentityConfigError';
  }
}

/** Codes by which the identity service refuses the credentials themselves. */
const CREDENTIAL_CODES = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
  'InvalidParameterException',
  'InvalidPasswordException',
]);

/**
 * The login message a failure maps to (spec section 8): refused credentials read
 * 'Password or username not valid.'; everything else (offline, server trouble) reads
 * 'Connection error, please try again later.'.
 */
function loginErrorKind(code: string): SessionFailure['kind'] {
  return CREDENTIAL_CODES.has(code) ? 'invalidCredentials' : 'connection';
}

type RecoveryErrorKind = 'codeMismatch' | 'expiredCode' | 'invalidPassword' | 'tooManyAttempts' | 'connection';

/** What the forgot-password screen tells the user when a recovery call fails. */
export function recoveryErrorKind(error: unknown): RecoveryErrorKind {
  switch (IdentityError.from(error).code) {
    case 'CodeMismatchException':
      return 'codeMismatch';
    case 'ExpiredCodeException':
      return 'expiredCode';
    case 'InvalidPasswordException':
    case 'InvalidParameterException':
      return 'invalidPassword';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return 'tooManyAttempts';
    default:
      return 'connection';
  }
}
