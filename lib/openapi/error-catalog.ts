import type { ErrorCode } from '../http/errors';

/**
 * When each of the contract's error codes is answered: docs/api.md §2's table, as data, for the
 * OpenAPI document and the API reference. Each code's status is the one the API answers with
 * (lib/http/errors.ts, errorStatus); what is said of each lives here, out of the functions' bundles.
 */
export const errorWhen: Readonly<Record<ErrorCode, string>> = {
  INVALID_JSON: 'The body is not valid JSON, or not a JSON object.',
  VALIDATION_ERROR: 'A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each.',
  UNAUTHORIZED: 'The key is missing, malformed, unknown or revoked.',
  FORBIDDEN:
    "The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in.",
  NOT_FOUND: "No such resource for this client (another client's id is also 404), or no such route.",
  METHOD_NOT_ALLOWED: 'Known path, wrong method; the `Allow` header lists the methods.',
  DUPLICATE_ORDER_ID: '`order_id` has already been used by this client.',
  INVALID_STATE: "The transaction's status forbids the operation; the message names the status.",
  LIMIT_EXCEEDED: 'A per-client limit would be passed (such as 10 webhook endpoints); the message names it.',
  IDEMPOTENCY_KEY_IN_USE: 'A request with the same `Idempotency-Key` is still being processed.',
  IDEMPOTENCY_KEY_REUSED: 'The same `Idempotency-Key` was used with a different request body, path or operation.',
  PAYLOAD_TOO_LARGE: 'The body is over 16 KiB.',
  UNSUPPORTED_MEDIA_TYPE: 'A body was sent without `Content-Type: application/json`.',
  AMOUNT_EXCEEDS_REFUNDABLE: 'The refund is larger than what is left to refund.',
  RATE_LIMITED:
    'The client made more requests this second than its stage allows, or another request was changing the same ' +
    'data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds.',
  INTERNAL_ERROR: 'Anything unexpected; the message gives the request id, never a stack trace.',
  SERVICE_UNAVAILABLE:
    'The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later.',
};
