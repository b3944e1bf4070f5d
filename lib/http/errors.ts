/** Every error the API answers with (API.md §2). Each carries its status and contract code. */

export interface FieldError {
  readonly field: string;
  readonly message: string;
}

export type ErrorCode =
  | 'INVALID_JSON'
  | 'VALIDATION_ERROR'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'DUPLICATE_ORDER_ID'
  | 'INVALID_STATE'
  | 'IDEMPOTENCY_KEY_IN_USE'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'AMOUNT_EXCEEDS_REFUNDABLE'
  | 'RATE_LIMITED'
  | 'INTERNAL_ERROR';

/** Base of every error that maps to a contract response; anything else becomes INTERNAL_ERROR. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: readonly FieldError[],
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidJsonError extends ApiError {
  constructor(message = 'Request body must be a JSON object') {
    super(400, 'INVALID_JSON', message);
  }
}

export class ValidationError extends ApiError {
  constructor(details: readonly FieldError[], message = 'Request validation failed') {
    super(400, 'VALIDATION_ERROR', message, details);
  }
}

export class UnauthorizedError extends ApiError {
  constructor() {
    super(401, 'UNAUTHORIZED', 'Invalid or missing API key');
  }
}

export class ForbiddenError extends ApiError {
  constructor() {
    super(403, 'FORBIDDEN', 'Insufficient permissions for this operation');
  }
}

export class NotFoundError extends ApiError {
  constructor(message = 'Resource not found') {
    super(404, 'NOT_FOUND', message);
  }
}

export class MethodNotAllowedError extends ApiError {
  constructor(method: string, allowed: readonly string[]) {
    super(405, 'METHOD_NOT_ALLOWED', `Method ${method} is not allowed on this path; use ${allowed.join(', ')}`, undefined, {
      Allow: allowed.join(', '),
    });
  }
}

export class DuplicateOrderIdError extends ApiError {
  constructor(orderId: string) {
    super(409, 'DUPLICATE_ORDER_ID', `order_id '${orderId}' has already been used`);
  }
}

export class InvalidStateError extends ApiError {
  constructor(status: string, operation: string) {
    super(409, 'INVALID_STATE', `Cannot ${operation} a transaction whose status is ${status}`);
  }
}

export class IdempotencyKeyInUseError extends ApiError {
  constructor() {
    super(409, 'IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being processed');
  }
}

export class IdempotencyKeyReusedError extends ApiError {
  constructor() {
    super(409, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used with a different request');
  }
}

export class PayloadTooLargeError extends ApiError {
  constructor(limit: number) {
    super(413, 'PAYLOAD_TOO_LARGE', `Request body must be at most ${limit} bytes`);
  }
}

export class UnsupportedMediaTypeError extends ApiError {
  constructor() {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', 'Request body must be sent with Content-Type: application/json');
  }
}

export class AmountExceedsRefundableError extends ApiError {
  constructor(requested: number, refundable: number) {
    super(422, 'AMOUNT_EXCEEDS_REFUNDABLE', `Refund amount ${requested} exceeds the refundable amount ${refundable}`);
  }
}
