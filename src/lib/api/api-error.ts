import type { ErrorBody } from '../../../schemas/error-body.schema';

/** The transport failure kinds of spec section 8. */
type ApiErrorKind =
  | 'clientError'
  | 'badResponse'
  | 'network'
  | 'aborted'
  | 'timeout'
  | 'unsupportedProtocol'
  | 'cancelled';

/** A failed API call: its kind, the HTTP status when there was one, and the server's error body. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly statusCode: number | null;
  readonly body: ErrorBody | null;

  constructor(kind: ApiErrorKind, message: string, options: { statusCode?: number; body?: ErrorBody | null; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.statusCode = options.statusCode ?? null;
    this.body = options.body ?? null;
  }

  /** The server's error code (`APP_ERR_...`) when it sent the error body. */
  get code(): string | null {
    return this.body?.code ?? null;
  }
}

/** True when `value` has the shape of the one error body (ARCHITECTURE.md, Errors). */
function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.statusCode === 'number' && typeof body.code === 'string' && typeof body.message === 'string';
}

/** The English wording of spec section 8 for each kind, used when the server sent no message. */
const KIND_MESSAGES: Record<ApiErrorKind, string> = {
  clientError: 'Request failed with status code',
  badResponse: 'Request failed with status code',
  network: 'Network Error',
  aborted: 'Request aborted',
  timeout: 'timeout exceeded',
  unsupportedProtocol: 'Unsupported protocol',
  cancelled: 'canceled',
};

/**
 * Classifies what a fetch left behind: a response status, or the thrown cause.
 * `callerSignal` tells a cancellation by the caller from any other abort.
 */
export function toApiError(input: {
  statusCode?: number;
  data?: unknown;
  cause?: unknown;
  callerSignal?: AbortSignal;
}): ApiError {
  const { statusCode, data, cause, callerSignal } = input;
  if (statusCode !== undefined && statusCode >= 400) {
    const kind: ApiErrorKind = statusCode < 500 ? 'clientError' : 'badResponse';
    const body = isErrorBody(data) ? data : null;
    return new ApiError(kind, body?.message ?? `${KIND_MESSAGES[kind]} ${statusCode}`, { statusCode, body, cause });
  }
  const name = typeof cause === 'object' && cause !== null ? (cause as { name?: unknown }).name : undefined;
  if (callerSignal?.aborted) return new ApiError('cancelled', KIND_MESSAGES.cancelled, { cause });
  if (name === 'TimeoutError') return new ApiError('timeout', KIND_MESSAGES.timeout, { cause });
  if (name === 'AbortError') return new ApiError('aborted', KIND_MESSAGES.aborted, { cause });
  return new ApiError('network', KIND_MESSAGES.network, { cause });
}
