import type { ErrorBody } from '../../../schemas/error-body.schema';
import { ApiError } from '../../../src/lib/api/api-error';

/** The ApiError a page gets when the server refuses a request as invalid (400), naming the fields in `details`. */
export function invalidRequest(details: NonNullable<ErrorBody['details']>): ApiError {
  return new ApiError('clientError', 'Request failed with status code 400', {
    statusCode: 400,
    body: { statusCode: 400, code: 'APP_ERR_REQUEST_INVALID', message: 'invalid', details },
  });
}
