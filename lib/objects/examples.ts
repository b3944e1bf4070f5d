/**
 * The examples of the OpenAPI document: shown beside the schemas (transaction, refund, settlement
 * entry) and in the responses of lib/contracts/*; test/unit/openapi.test.ts checks each against
 * its schema. Plain data, so a function bundle that imports one builds nothing.
 */

/** A deployed stage's `{base_url}` (docs/api.md §1), as the examples show it. */
const exampleBaseUrl = 'https://a1b2c3d4e5.execute-api.ap-southeast-3.amazonaws.com/api/v1';

/** The example transaction's payment page: its token names the example client and transaction (lib/payments/payment-token.ts). */
export const paymentUrlExample = `${exampleBaseUrl}/pay/AaIAxPQaFwnjKQwDhQJI0wGiAMZEwLk6jY5p0JZ6lw3jdZywe17Ndjb12g-d4EY-`;

/** A return URL as a shop gives it at creation. */
export const returnUrlExample = 'https://shop.example.com/orders/ORDER-1001/return';

/** A pending bank-transfer transaction: the example of the OpenAPI document. */
export const transactionExample = {
  id: 'txn_01M80CCH60Q4X8V3K9T2B7N5RD',
  order_id: 'ORDER-1001',
  status: 'pending',
  amount: 150000,
  currency: 'IDR',
  payment_method: 'bank_transfer',
  payment_channel: 'bca_va',
  customer: { name: 'Budi', email: 'budi@example.com', phone: '+628123456789' },
  description: null,
  metadata: {},
  fee: 4000,
  net_amount: 146000,
  refunded_amount: 0,
  payment_details: { va_number: '3935812345678901' },
  payment_url: paymentUrlExample,
  return_url: returnUrlExample,
  expires_at: '2026-11-23T01:02:03.456Z',
  created_at: '2026-11-22T01:02:03.456Z',
  updated_at: '2026-11-22T01:02:03.456Z',
  settled_at: null,
  cancelled_at: null,
  expired_at: null,
  failed_at: null,
  cancellation_reason: null,
  failure_code: null,
  failure_reason: null,
};

/** A partial refund: the example of the OpenAPI document. */
export const refundExample = {
  id: 'rfd_01M83VVAE0H6J2W9C4M8P1S7TZ',
  transaction_id: 'txn_01M80CCH60Q4X8V3K9T2B7N5RD',
  order_id: 'ORDER-1001',
  amount: 50000,
  currency: 'IDR',
  reason: 'Damaged item',
  status: 'succeeded',
  created_at: '2026-11-23T09:30:00.000Z',
};

/** A payment's settlement entry: the example of the OpenAPI document. */
export const settlementEntryExample = {
  id: 'stl_01M80CWEM0F3G7K2N8R4V6X9Y1',
  type: 'payment',
  transaction_id: 'txn_01M80CCH60Q4X8V3K9T2B7N5RD',
  refund_id: null,
  order_id: 'ORDER-1001',
  payment_method: 'bank_transfer',
  payment_channel: 'bca_va',
  currency: 'IDR',
  gross_amount: 150000,
  fee: 4000,
  net_amount: 146000,
  settled_at: '2026-11-22T01:10:45.120Z',
};

/** A payment.settled event: the example of the OpenAPI document. */
export const eventExample = {
  id: 'evt_01M80CWEM1X2Y3Z4A5B6C7D8E9',
  type: 'payment.settled',
  api_version: 'v1',
  created_at: settlementEntryExample.settled_at,
  data: {
    object: {
      ...transactionExample,
      status: 'settled',
      updated_at: settlementEntryExample.settled_at,
      settled_at: settlementEntryExample.settled_at,
    },
    previous_attributes: { status: 'pending', updated_at: transactionExample.updated_at, settled_at: null },
  },
  request: { id: '8a4f6c2e-1b3d-4e5f-9a7b-0c1d2e3f4a5b', idempotency_key: null },
};

/** The pagination of a last page. */
export const lastPage = { limit: 20, has_more: false, next_cursor: null };

/** A webhook endpoint as listed and read (never with its secret): the example of the OpenAPI document. */
export const webhookEndpointExample = {
  id: 'whe_01M80D4KQ5V7X9Z2B4C6D8F0GH',
  url: 'https://example.com/webhooks/payments',
  enabled_events: ['payment.settled', 'payment.failed'],
  description: 'Order service',
  status: 'enabled',
  chaos: { duplicates: 0, reverse_order: false, delay_seconds: 0 },
  created_at: '2026-11-22T01:00:00.000Z',
};

/** A signing secret as the create answer shows it (an example, not a key anyone uses). */
export const webhookSecretExample = 'whsec_p2xVb3QaDt0n8mSgF1rJkYcWzE5uHo7L';

/** A failed first attempt with its retry scheduled: the example of the OpenAPI document. */
export const deliveryAttemptExample = {
  id: 'dlv_01M80CWEM5K8Q2R6T0V4X8Z2B6',
  endpoint_id: webhookEndpointExample.id,
  attempt: 1,
  duplicate: false,
  status: 'failed',
  response_status: 500,
  response_time_ms: 84,
  error: 'The endpoint answered 500',
  attempted_at: '2026-11-22T01:10:45.300Z',
  next_attempt_at: '2026-11-22T01:10:55.384Z',
};

/** A key as GET /account/keys lists it: the example of the OpenAPI document. */
export const apiKeyExample = {
  id: 'key_01M80C9Y1V3X5Z7B9D1F3H5K7M',
  label: 'ci',
  scopes: ['transactions:write', 'transactions:read'],
  last4: 'x9Qa',
  status: 'active',
  created_at: '2026-11-22T01:00:00.000Z',
  created_by: 'user:dev@example.com',
  last_used_at: '2026-11-22T01:02:03.456Z',
  expires_at: null,
  revoked_at: null,
};

/** A server key as the answer that creates it shows it, once (an example, not a key anyone uses). */
export const serverKeyExample = 'sk_sbx_cli_01M80C9X0T2W4Y6A8C0E2G4J6K_p2xVb3QaDt0n8mSgF1rJkYcWzE5uHo7L9sNcx9Qa';

/** What GET /account answers: the example of the OpenAPI document. */
export const accountExample = {
  user: { email: 'dev@example.com', created_at: '2026-11-22T00:59:00.000Z' },
  client: { id: 'cli_01M80C9X0T2W4Y6A8C0E2G4J6K', name: 'Acme', created_at: '2026-11-22T00:59:00.000Z' },
};

/** A check of the example endpoint's receiver (docs/api.md §17): a receiver that verifies, but answers 500 to a stale timestamp. */
export const webhookCheckExample = {
  id: 'whc_01M80D9R2T4V6X8Z0B2C4D6F8H',
  endpoint_id: 'whe_01M80D4KQ5V7X9Z2B4C6D8F0GH',
  url: 'https://example.com/webhooks/payments',
  passed: false,
  created_at: '2026-11-22T01:05:00.000Z',
  results: [
    { probe: 'valid_signature', expected: '2xx within 3 s', response_status: 200, response_time_ms: 84, error: null, passed: true },
    { probe: 'duplicate', expected: '2xx', response_status: 200, response_time_ms: 12, error: null, passed: true },
    { probe: 'unknown_type', expected: '2xx', response_status: 200, response_time_ms: 80, error: null, passed: true },
    { probe: 'multiple_signatures', expected: '2xx', response_status: 200, response_time_ms: 81, error: null, passed: true },
    { probe: 'tampered_body', expected: '4xx', response_status: 400, response_time_ms: 79, error: null, passed: true },
    { probe: 'wrong_secret', expected: '4xx', response_status: 400, response_time_ms: 78, error: null, passed: true },
    { probe: 'missing_signature', expected: '4xx', response_status: 400, response_time_ms: 77, error: null, passed: true },
    { probe: 'stale_timestamp', expected: '4xx', response_status: 500, response_time_ms: 83, error: null, passed: false },
    { probe: 'future_timestamp', expected: '4xx', response_status: 400, response_time_ms: 80, error: null, passed: true },
  ],
};
