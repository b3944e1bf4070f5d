import { randomBytes } from 'node:crypto';
import { expect, inject } from 'vitest';
import { assertDocumentedResponse } from '../support/openapi';

// The e2e suite speaks only HTTP, with one key, to whatever serves {base_url}: the local
// server inside `npm test` (test/support/global-setup.ts provides both values), or a deployed
// stage in `npm run test:e2e` (vitest.e2e.config.ts provides them from SANDBOX_BASE_URL and
// SANDBOX_SERVER_KEY). It never assumes an empty account: every order_id carries this run's
// id, and every list is filtered down to the run's own data. Every response must also be one
// that openapi.json documents, so a stage that drifts from the contract fails here.

/** The `{base_url}` under test. */
export const baseUrl = inject('baseUrl');
const serverKey = inject('serverKey');

/** Tells this run's data apart from anything else in the account. */
export const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`.toUpperCase();

let sequence = 0;
/** A unique order_id of this run, e.g. `E2E-LX2K9Q1A3F09-refund-3`. */
export const orderId = (label: string) => `E2E-${runId}-${label}-${++sequence}`;

export interface ApiResponse<T = any> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

/** How often a request answered 429 RATE_LIMITED is sent again, after its `Retry-After`. */
const RATE_LIMITED_RETRIES = 3;

/**
 * Calls the API with the run's key (`key: null` sends none) and parses the JSON body. A deployed
 * stage holds the run's client to its requests per second: a 429 RATE_LIMITED changed nothing,
 * so it is sent again after `Retry-After`, as any client of the API should.
 */
export async function api(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { key?: string | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? serverKey : options.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  let response = await fetch(`${baseUrl}${path}`, { method, headers, body, signal: AbortSignal.timeout(20_000) });
  for (let retry = 0; retry < RATE_LIMITED_RETRIES && response.status === 429 && response.headers.has('retry-after'); retry++) {
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after')) * 1000));
    response = await fetch(`${baseUrl}${path}`, { method, headers, body, signal: AbortSignal.timeout(20_000) });
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    throw new Error(`${method} ${path} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  const result = { status: response.status, headers: response.headers, body: parsed };
  assertDocumentedResponse({ method, path, ...result });
  return result;
}

/** A valid create-payment body (bca_va, 150 000 IDR, fee 4 000) with this run's order_id. */
export function paymentBody(label: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    order_id: orderId(label),
    amount: 150_000,
    payment_method: 'bank_transfer',
    payment_channel: 'bca_va',
    customer: { name: 'E2E Test', email: 'e2e@example.com' },
    metadata: { e2e_run: runId },
    ...overrides,
  };
}

const created: string[] = [];

/** Remembers a transaction so cleanUp() can cancel it if the test leaves it pending. */
export function track(transactionId: string): void {
  created.push(transactionId);
}

/** Creates a payment (201 or the test fails) and returns the transaction. */
export async function createPayment(label: string, overrides: Record<string, unknown> = {}): Promise<any> {
  const res = await api('POST', '/payment/create', { body: paymentBody(label, overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  track(res.body.data.id);
  return res.body.data;
}

/**
 * Cancels what the run left pending. Settled and refunded payments cannot be removed through
 * the API; they stay, marked with the run's order_ids, and never match another run's filters.
 */
export async function cleanUp(): Promise<void> {
  const ids = created.splice(0);
  const results = await Promise.all(ids.map((id) => api('POST', `/transaction/${id}/cancel`, { body: { reason: 'e2e clean-up' } })));
  // 200: it was still pending; 409: it had moved on (settled, cancelled, …), which is fine.
  const unexpected = results.filter((r) => r.status !== 200 && r.status !== 409);
  expect(unexpected.map((r) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
}
