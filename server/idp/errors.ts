// Errors in the identity protocol's own shape: HTTP 400 with `{ __type, message }`, which
// amazon-cognito-identity-js turns into `err.code` / `err.message` (IDENTITY.md, Errors).

type IdpErrorType =
  | 'NotAuthorizedException'
  | 'CodeMismatchException'
  | 'ExpiredCodeException'
  | 'InvalidParameterException'
  | 'InvalidPasswordException'
  | 'LimitExceededException'
  | 'InvalidActionException'
  | 'ResourceNotFoundException'
  | 'SerializationException';

export class IdpError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly type: IdpErrorType,
    message: string,
  ) {
    super(message);
    this.name = type;
  }
}

/** The one answer for a wrong password and an unknown user alike: no user enumeration. */
const INCORRECT_CREDENTIALS = 'Incorrect username or password.';

export const incorrectCredentials = () => new IdpError('NotAuthorizedException', INCORRECT_CREDENTIALS);
export const invalidParameter = (message: string) => new IdpError('InvalidParameterException', message);
export const invalidToken = (what: 'Access Token' | 'Refresh Token') =>
  new IdpError('NotAuthorizedException', `Invalid ${what}`);
export const invalidSession = () => new IdpError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
