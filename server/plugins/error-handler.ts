// Turns every failure into the one error body `{ statusCode, code, message, details? }`.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody } from '../../schemas/error-body.schema';
import { pgRefusalOf } from '../db/versioned';
import { AppErrors, isCatalogueError, type ErrorDetail } from '../errors/catalogue';

type AppError = Error & { code: string; statusCode: number; details?: ErrorDetail[] };

// Fastify's own request errors, mapped onto the catalogue (their messages are safe to show,
// but the catalogue keeps one code per cause for the browser's translations).
const FASTIFY_CODES: Record<string, () => AppError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => new AppErrors.requestTooLarge(),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => new AppErrors.requestUnsupportedMediaType(),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new AppErrors.requestMalformed(),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new AppErrors.requestMalformed(),
  FST_ERR_CTP_INVALID_JSON_BODY: () => new AppErrors.requestMalformed(),
};

/** Maps any thrown value to a catalogue error; unknown failures become a bare 500. */
export function toAppError(error: FastifyError): AppError {
  if (error.validation) {
    const details: ErrorDetail[] = error.validation.map((issue) => ({
      instancePath: issue.instancePath,
      keyword: issue.keyword,
      message: issue.message ?? issue.keyword,
    }));
    return Object.assign(new AppErrors.requestInvalid(), { details });
  }
  if (isCatalogueError(error)) return error;
  const mapped = FASTIFY_CODES[error.code];
  if (mapped) return mapped();
  // The database refused to touch a final record, whichever route tried: a validated
  // settlement, or a requested or issued invoice, its lines or a payment.
  const refusal = pgRefusalOf(error);
  if (refusal === 'final') return new AppErrors.settlementFinal();
  if (refusal === 'finalInvoice') return new AppErrors.invoiceFinal();
  // A JSON syntax error or another client-side parse failure Fastify flags with a 4xx.
  if (error.statusCode === 413) return new AppErrors.requestTooLarge();
  if (error.statusCode === 415) return new AppErrors.requestUnsupportedMediaType();
  if (error.statusCode === 404) return new AppErrors.routeNotFound();
  if (error instanceof SyntaxError || error.statusCode === 400) return new AppErrors.requestMalformed();
  return new AppErrors.serverInternal();
}

/** The body every failed request gets; never carries a stack or an internal message. */
function errorBody(error: AppError): ErrorBody {
  const body: ErrorBody = { statusCode: error.statusCode, code: error.code, message: error.message };
  if (error.details && error.details.length > 0) body.details = error.details;
  return body;
}

async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.statusCode >= 500) {
      // The original error goes to the log only: the caller sees the catalogue message.
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: appError.code, statusCode: appError.statusCode }, 'request refused');
    }
    return reply.status(appError.statusCode).type('application/json; charset=utf-8').send(errorBody(appError));
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler', fastify: '5.x' });
