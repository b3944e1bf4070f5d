import { errorStatus, type ErrorCode } from '../http/errors';

/**
 * The contract's error codes with their status and when they are answered: docs/api.md §2's table,
 * as data, for the OpenAPI document and the API reference. The status is the one the API answers with
 * (lib/http/errors.ts, errorStatus); what is said of each lives here, out of the functions' bundles.
 */
export const errorCatalog = {
  INVALID_JSON: { status: errorStatus.INVALID_JSON, when: 'The body is not valid JSON, or not a JSON object.' },
  VALIDATION_ERROR: {
    status: errorStatus.VALIDATION_ERROR,
    when: 'A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each.',
  },
  UNAUTHORIZED: { status: errorStatus.UNAUTHORIZED, when: 'The key is missing, malformed, unknown or revoked.' },
  FORBIDDEN: {
    status: errorStatus.FORBIDDEN,
    when: "The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`.",
  },
  NOT_FOUND: { status: errorStatus.NOT_FOUND, when: "No such resource for this client (another client's id is also 404), or no such route." },
  METHOD_NOT_ALLOWED: { status: errorStatus.METHOD_NOT_ALLOWED, when: 'Known path, wrong method; the `Allow` header lists the methods.' },
  DUPLICATE_ORDER_ID: { status: errorStatus.DUPLICATE_ORDER_ID, when: '`order_id` has already been used by this client.' },
  INVALID_STATE: { status: errorStatus.INVALID_STATE, when: "The transaction's status forbids the operation; the message names the status." },
  LIMIT_EXCEEDED: { status: errorStatus.LIMIT_EXCEEDED, when: 'A per-client limit would be passed (such as 10 webhook endpoints); the message names it.' },
  IDEMPOTENCY_KEY_IN_USE: { status: errorStatus.IDEMPOTENCY_KEY_IN_USE, when: 'A request with the same `Idempotency-Key` is still being processed.' },
  IDEMPOTENCY_KEY_REUSED: {
    status: errorStatus.IDEMPOTENCY_KEY_REUSED,
    when: 'The same `Idempotency-Key` was used with a different request body, path or operation.',
  },
  PAYLOAD_TOO_LARGE: { status: errorStatus.PAYLOAD_TOO_LARGE, when: 'The body is over 16 KiB.' },
  UNSUPPORTED_MEDIA_TYPE: { status: errorStatus.UNSUPPORTED_MEDIA_TYPE, when: 'A body was sent without `Content-Type: application/json`.' },
  AMOUNT_EXCEEDS_REFUNDABLE: { status: errorStatus.AMOUNT_EXCEEDS_REFUNDABLE, when: 'The refund is larger than what is left to refund.' },
  RATE_LIMITED: {
    status: errorStatus.RATE_LIMITED,
    when:
      'The client made more requests this second than its stage allows, or another request was changing the same ' +
      'data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds.',
  },
  INTERNAL_ERROR: { status: errorStatus.INTERNAL_ERROR, when: 'Anything unexpected; the message gives the request id, never a stack trace.' },
  SERVICE_UNAVAILABLE: {
    status: errorStatus.SERVICE_UNAVAILABLE,
    when: 'The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later.',
  },
} as const satisfies Record<ErrorCode, { status: number; when: string }>;
