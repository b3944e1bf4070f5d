import { ConcurrentWriteError, DomainError, LimitExceededError, NotFoundError, SendWindowClosedError, ValidationError } from '../errors';
import { AmountExceedsRefundableError, DuplicateOrderIdError, InvalidStateError } from '../payments/errors';
import { CredentialRefusedError, NotPermittedError, RequestLimitReachedError } from '../auth/errors';
import { SignUpRefusedError } from '../identity/errors';
import { AdvanceUnfinishedError } from '../sandbox/errors';
import type { FieldError } from './envelope-schemas';

/**
 * Every error the API answers with (docs/api.md §2): the errors only HTTP knows (a bad body, a
 * reused Idempotency-Key, a method the path does not take), each carrying its status and contract
 * code, and the one mapping of domain errors (lib/errors.ts and beside each domain, admission's in
 * lib/auth/errors.ts) to theirs: `apiErrorOf`.
 */

export type { FieldError };

/** The contract's error codes with their HTTP status (docs/api.md §2; when each is answered: lib/openapi/error-catalog.ts). */
export const errorStatus = {
  INVALID_JSON: 400,
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  DUPLICATE_ORDER_ID: 409,
  INVALID_STATE: 409,
  LIMIT_EXCEEDED: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  AMOUNT_EXCEEDS_REFUNDABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

/** Base of every error that maps to a contract response; anything else becomes INTERNAL_ERROR. */
export class ApiError extends Error {
  /** The HTTP status of the code (errorStatus). */
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: readonly FieldError[],
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = new.target.name;
    this.status = errorStatus[code];
  }
}

export class InvalidJsonError extends ApiError {
  constructor(message = 'Request body must be a JSON object') {
    super('INVALID_JSON', message);
  }
}

/** At most this many `details` entries of a VALIDATION_ERROR are answered (`apiErrorOf` says why). */
export const MAX_ERROR_DETAILS = 50;

export class MethodNotAllowedError extends ApiError {
  constructor(method: string, allowed: readonly string[]) {
    super('METHOD_NOT_ALLOWED', `Method ${method} is not allowed on this path; use ${allowed.join(', ')}`, undefined, {
      Allow: allowed.join(', '),
    });
  }
}

export class IdempotencyKeyInUseError extends ApiError {
  constructor() {
    super('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being processed');
  }
}

export class IdempotencyKeyReusedError extends ApiError {
  constructor() {
    super('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used with a different request');
  }
}

/** What every 429 says: retry in a second (a colliding write is over within milliseconds). */
export const RETRY_AFTER = { 'Retry-After': '1' } as const;

export class PayloadTooLargeError extends ApiError {
  constructor(limit: number) {
    super('PAYLOAD_TOO_LARGE', `Request body must be at most ${limit} bytes`);
  }
}

export class UnsupportedMediaTypeError extends ApiError {
  /** `mediaType`: what the route's face takes, JSON unless a page's form. */
  constructor(mediaType = 'application/json') {
    super('UNSUPPORTED_MEDIA_TYPE', `Request body must be sent with Content-Type: ${mediaType}`);
  }
}

/**
 * The contract response of an error: an ApiError as it is, a domain error mapped to its code
 * (and its headers: when to retry), or undefined for anything else, which is INTERNAL_ERROR.
 */
export function apiErrorOf(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (!(error instanceof DomainError)) return undefined;
  if (error instanceof ValidationError) return validationError(error);
  if (error instanceof CredentialRefusedError) return new ApiError('UNAUTHORIZED', error.message);
  if (error instanceof NotPermittedError) return new ApiError('FORBIDDEN', error.message);
  // The client's own budget of the second: retry in the next one.
  if (error instanceof RequestLimitReachedError) return new ApiError('RATE_LIMITED', error.message, undefined, RETRY_AFTER);
  if (error instanceof NotFoundError) return new ApiError('NOT_FOUND', error.message);
  if (error instanceof DuplicateOrderIdError) return new ApiError('DUPLICATE_ORDER_ID', error.message);
  if (error instanceof InvalidStateError) return new ApiError('INVALID_STATE', error.message);
  if (error instanceof LimitExceededError) return new ApiError('LIMIT_EXCEEDED', error.message);
  if (error instanceof AmountExceedsRefundableError) return new ApiError('AMOUNT_EXCEEDS_REFUNDABLE', error.message);
  if (error instanceof ConcurrentWriteError || error instanceof SendWindowClosedError) {
    return new ApiError('RATE_LIMITED', error.message, undefined, RETRY_AFTER);
  }
  if (error instanceof SignUpRefusedError) return new ApiError('FORBIDDEN', error.message);
  if (error instanceof AdvanceUnfinishedError) return new ApiError('SERVICE_UNAVAILABLE', error.message, undefined, { 'Retry-After': '0' });
  return undefined;
}

/**
 * At most MAX_ERROR_DETAILS `details` are answered: a 16 KiB body of a thousand unknown fields
 * would otherwise make an error several times its size. The message counts the rest.
 */
function validationError({ details, message }: ValidationError): ApiError {
  const omitted = details.length - MAX_ERROR_DETAILS;
  if (omitted <= 0) return new ApiError('VALIDATION_ERROR', message, details satisfies readonly FieldError[]);
  return new ApiError(
    'VALIDATION_ERROR',
    `${message}: ${details.length} problems, the first ${MAX_ERROR_DETAILS} listed in details`,
    details.slice(0, MAX_ERROR_DETAILS),
  );
}
