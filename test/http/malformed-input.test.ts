import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeList, type Route } from '../../lib/routes';
import { call, newClient, type ApiResponse } from '../support/fixtures';
import { createPaymentVia, paymentBody, simulate } from '../support/payments';

/**
 * Whatever a client sends, the answer is the contract's: never a 5xx, always an envelope that
 * openapi.json describes (`call` checks status, headers and body against it). fast-check makes
 * the input: arbitrary JSON, near-valid bodies with one field replaced by arbitrary JSON (the
 * inputs that get past the first checks), hostile keys, odd numbers, and random query strings,
 * path ids and headers — through the local server and the real handlers on DynamoDB Local.
 */

const RUNS = 60;

/**
 * A property waits on the run's shared server for its 60 requests, one after another, beside four
 * other properties: on a busy machine that takes longer than vitest's 30 s, and nothing timed rides
 * on it (the answers are what it checks).
 */
const PROPERTY_TIMEOUT_MS = 120_000;

/** Any JSON value, with the numbers and keys that have broken writes before (1e16, 1e-200, __proto__, constructor). */
const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', ' ', 'a.b', 'a#b', '#f0', ':v0'),
  fc.string({ maxLength: 50 }),
);
const oddNumber = fc.oneof(
  // biome-ignore lint/correctness/noPrecisionLoss: numbers JSON cannot hold exactly are the point of this input
  fc.constantFrom(1e16, -1e17, 1e-200, 2 ** 53, -(2 ** 53), 1e308, -0, 5e-324, 0.1, 123456789.123456789),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const { value: anyJson } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    oddNumber,
    fc.string({ maxLength: 80 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 5 }),
  ),
}));

/** A valid body of each POST route, so mutations of one field reach the deeper checks. */
function validBody(route: Route, transactionId: string): Record<string, unknown> {
  switch (route.id) {
    case 'createPayment':
      return paymentBody({ metadata: { cart: 'C-1', n: 1 }, description: 'd', expiry_minutes: 30 });
    case 'cancelTransaction':
      return { reason: 'r' };
    case 'simulateTransaction':
      return { outcome: 'fail' };
    case 'createRefund':
      return { transaction_id: transactionId, amount: 1_000, reason: 'r' };
    case 'createWebhookEndpoint':
      return { url: 'http://127.0.0.1:4242/hooks', enabled_events: ['payment.settled'], description: 'd' };
    default:
      return {};
  }
}

/** A body: arbitrary JSON, or the valid body with a field (or a metadata entry, or a customer field) set to arbitrary JSON or removed. */
function bodyFor(route: Route, transactionId: string) {
  const base = validBody(route, transactionId);
  const fields = [...Object.keys(base), 'unknown_field', '__proto__', 'constructor'];
  // Webhook URLs: odd schemes, IP hosts in every notation, credentials, paths and queries.
  const webhookUrl = fc
    .tuple(
      fc.constantFrom('http', 'https', 'ftp', 'file', 'javascript', 'HTTP'),
      fc.oneof(
        fc.domain(),
        fc.ipV4(),
        fc.ipV4Extended(),
        fc.ipV6().map((ip) => `[${ip}]`),
        fc.constantFrom('localhost', 'LOCALHOST.', '0', ''),
      ),
      fc.webPath(),
      fc.option(fc.webQueryParameters(), { nil: undefined }),
      fc.constantFrom('', 'user@', 'user:pass@'),
    )
    .map(([scheme, host, path, query, credentials]) => ({ ...base, url: `${scheme}://${credentials}${host}${path}${query ? `?${query}` : ''}` }));
  return fc.oneof(
    anyJson,
    fc.record({ field: fc.constantFrom(...fields), value: fc.option(anyJson, { nil: undefined }) }).map(({ field, value }) => {
      const body: Record<string, unknown> = JSON.parse(JSON.stringify(base));
      if (value === undefined) delete body[field];
      else Object.defineProperty(body, field, { value, enumerable: true, configurable: true, writable: true });
      return body;
    }),
    fc.dictionary(hostileKey, anyJson, { maxKeys: 25 }).map((metadata) => ({ ...base, metadata })),
    fc.dictionary(hostileKey, anyJson, { maxKeys: 4 }).map((customer) => ({ ...base, customer })),
    'url' in base ? webhookUrl : anyJson,
  );
}

const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          'status',
          'limit',
          'cursor',
          'created_from',
          'created_to',
          'from',
          'to',
          'type',
          'order_id',
          'transaction_id',
          'payment_method',
          'payment_channel',
        ),
        fc.string({ maxLength: 20 }),
      ),
      fc.string({ maxLength: 60 }),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => new URLSearchParams(pairs).toString());

const pathId = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.stringMatching(/^(txn|whe)_[0-9A-Za-z]{20,30}$/),
  fc.constantFrom('txn_8ZZZZZZZZZZZZZZZZZZZZZZZZZ', 'txn_01arz3ndektsv4rrffq69g5fav', '..', '%00', 'txn_'),
);

const headers = fc.record(
  {
    'idempotency-key': fc.oneof(fc.string({ maxLength: 300 }), fc.stringMatching(/^[ -~]{1,40}$/)),
    'content-type': fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/JSON',
      'application/json; charset=latin1',
    ),
  },
  { requiredKeys: [] },
);

/** Header values fetch can send (no control characters or non-Latin-1), as a client library would. */
const sendable = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).filter(([, v]) => /^[\t\x20-\x7e\x80-\xff]*$/.test(v)));

function expectContractAnswer(res: ApiResponse): void {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  expect(typeof res.body?.success).toBe('boolean');
}

let key: string;
let settledId: string;
let pendingId: string;

beforeAll(async () => {
  ({ key } = await newClient());
  settledId = (await createPaymentVia(key)).id;
  await simulate(key, settledId, 'settle');
  pendingId = (await createPaymentVia(key)).id;
});

/** The routes a server key may call; the account routes take a person's session only, and refuse a key before reading anything else. */
const apiRoutes = routeList.filter((r) => r.credential.kind === 'key');
const sessionRoutes = routeList.filter((r) => r.credential.kind === 'session');

// Concurrent: each property waits on the server for one request at a time; five of them at once keep it busy.
describe.concurrent('random malformed input never gets a 5xx', () => {
  it.each(apiRoutes.filter((r) => r.method === 'POST').map((r) => [r.id, r] as const))(
    '%s: bodies',
    async (_id, route) => {
      await fc.assert(
        fc.asyncProperty(bodyFor(route, settledId), headers, async (body, extra) => {
          const path = route.path.replace('{id}', pendingId);
          expectContractAnswer(
            await call('POST', path, { key, rawBody: JSON.stringify(body), headers: { 'content-type': 'application/json', ...sendable(extra) } }),
          );
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it.each(apiRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: path ids and query strings',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(pathId, queryString, async (id, query) => {
          const path = route.path.replace('{id}', encodeURIComponent(id));
          const body = route.method === 'POST' ? validBody(route, settledId) : undefined;
          expectContractAnswer(await call(route.method, `${path}${query ? `?${query}` : ''}`, { key, body }));
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  // One property over all of them: a key is refused there whatever it sends, so 60 runs a route would repeat one answer.
  it(
    'a server key on an account route: refused whatever the route, path id, query, body and headers',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...sessionRoutes),
          pathId,
          queryString,
          fc.option(anyJson, { nil: undefined }),
          headers,
          async (route, id, query, body, extra) => {
            const path = route.path.replace('{id}', encodeURIComponent(id));
            const rawBody = route.method === 'GET' || body === undefined ? undefined : JSON.stringify(body);
            const res = await call(route.method, `${path}${query ? `?${query}` : ''}`, {
              key,
              rawBody,
              headers: { ...(rawBody && { 'content-type': 'application/json' }), ...sendable(extra) },
            });
            expectContractAnswer(res);
            // 403 FORBIDDEN; a path id such as `..` leaves the route's path, and no route answers it: 404.
            expect([403, 404], JSON.stringify(res.body)).toContain(res.status);
          },
        ),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'raw bytes that are not JSON, or not an object',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.string({ maxLength: 200 }),
            fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('latin1')),
          ),
          async (raw) => {
            expectContractAnswer(await call('POST', '/payment/create', { key, rawBody: raw, headers: { 'content-type': 'application/json' } }));
          },
        ),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
