import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../../lib/contracts';
import type { Contract } from '../../lib/http/contract';
import { routeList, type Route } from '../../lib/routes';
import { call, newClient, type ApiResponse } from '../support/fixtures';
import { createPaymentVia, paymentBody, simulate } from '../support/payments';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

/**
 * Whatever a client sends, the answer is the contract's: never a 5xx, always an envelope that
 * openapi.json describes (`call` checks status, headers and body against it). fast-check makes
 * the input: arbitrary JSON, near-valid bodies with one field replaced by arbitrary JSON (the
 * inputs that get past the first checks), hostile keys, odd numbers, and random query strings,
 * path ids and headers — through the local server and the real handlers on DynamoDB Local.
 */

/**
 * Runs of a property over one validator: a params schema, a query schema, a body schema. Routes that
 * share a validator share its runs (`runsAmong`), as the account routes share one property: the
 * validator meets as many inputs as one route's property gave it, and each route's handler still
 * meets its share of them (decision 0370).
 */
const RUNS = 60;
/** No route's property runs fewer: each handler meets at least this many of the inputs its validators refuse or pass. */
const MIN_RUNS = 10;
const runsAmong = (sharing: number) => Math.max(MIN_RUNS, Math.ceil(RUNS / sharing));
/** A route whose contract takes no body (the receiver check): whatever a body holds, the chain never reads it. */
const NO_BODY_RUNS = 3;
/** Runs of each kind of body (bodyFor): 60 over the five kinds every route was sent before. */
const RUNS_PER_KIND = RUNS / 5;

/**
 * A property waits on the run's shared server for its requests, one after another, beside four
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

/** The ids a valid body names: a settled transaction (a refund's), an endpoint of the client (a resend's). */
interface BodyIds {
  readonly transactionId: string;
  readonly endpointId: string;
}

/** Ids of the right form that name nothing: a body that passes validation, for a request refused for its path or query. */
const NO_OBJECTS: BodyIds = { transactionId: 'txn_01ARZ3NDEKTSV4RRFFQ69G5FAV', endpointId: 'whe_01ARZ3NDEKTSV4RRFFQ69G5FAV' };

/** A valid body of each POST route, so mutations of one field reach the deeper checks. */
function validBody(route: Route, ids: BodyIds): Record<string, unknown> {
  switch (route.id) {
    case 'createPayment':
      return paymentBody({ metadata: { cart: 'C-1', n: 1 }, description: 'd', expiry_minutes: 30 });
    case 'cancelTransaction':
      return { reason: 'r' };
    case 'simulateTransaction':
      return { outcome: 'fail' };
    case 'createRefund':
      return { transaction_id: ids.transactionId, amount: 1_000, reason: 'r' };
    case 'createWebhookEndpoint':
      return { url: 'http://127.0.0.1:4242/hooks', enabled_events: ['payment.settled'], description: 'd' };
    case 'resendEvent':
      return { endpoint_id: ids.endpointId };
    case 'rollWebhookEndpointSecret':
      return { expire_old_in_seconds: 3600 };
    case 'resetSandbox':
      return { webhook_endpoints: false };
    case 'advanceSandboxClock':
      return { seconds: 60 };
    default:
      // The receiver check takes no body (its contract has none).
      return {};
  }
}

/** Where the fixtures' endpoints point: a receiver that answers 2xx at once, so a resend or a check this file makes ends in one round. */
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver?.close());

/**
 * What a route's body property needs to reach past its path into its use case: a client of its own,
 * so one route's writes (a reset, an advanced clock, a cancel, ten endpoints) never take another
 * route's objects away, and the id its path takes, of the right kind — a pending transaction's for
 * cancel and simulate, a payment.created event's for resend, an endpoint's for roll-secret and the
 * check (decision 0370).
 */
async function fixtureFor(route: Route): Promise<{ key: string; pathId: string; body: Record<string, unknown> }> {
  const { key } = await newClient();
  let { transactionId, endpointId } = NO_OBJECTS;
  let pathId = '';
  if (['resendEvent', 'rollWebhookEndpointSecret', 'checkWebhookEndpoint'].includes(route.id)) {
    // Subscribed to payment.created, so a resend without endpoint_id has an endpoint to send to.
    const res = await call('POST', '/webhook/endpoints', { key, body: { url: receiver.url, enabled_events: ['payment.created'] } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    endpointId = pathId = res.body.data.id;
  }
  if (['cancelTransaction', 'simulateTransaction', 'createRefund', 'resendEvent'].includes(route.id)) {
    transactionId = pathId = (await createPaymentVia(key)).id;
  }
  if (route.id === 'createRefund') expect((await simulate(key, transactionId, 'settle')).status).toBe(200);
  if (route.id === 'resendEvent') {
    const events = await call('GET', `/events?transaction_id=${transactionId}`, { key });
    expect(events.body.data.map((e: { type: string }) => e.type)).toEqual(['payment.created']);
    pathId = events.body.data[0].id;
  }
  return { key, pathId, body: validBody(route, { transactionId, endpointId }) };
}

/**
 * A route's bodies: any JSON object, or the valid body with a field set to arbitrary JSON or removed,
 * and — where the body has one — arbitrary metadata, customer fields, or webhook URLs. The kinds a
 * body lacks are left out rather than sent: its strict schema refuses them as it refuses any
 * unknown field, which the first two kinds already show. So are bodies that are not an object:
 * the one reader every JSON route shares refuses those before any schema (lib/http/request.ts),
 * which the raw-bytes property shows. Each kind gets RUNS_PER_KIND runs, as it had when every
 * route ran all five kinds in 60 (decision 0370).
 */
function bodyFor(base: Record<string, unknown>) {
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
  const kinds = [
    fc.dictionary(hostileKey, anyJson, { maxKeys: 5 }),
    fc.record({ field: fc.constantFrom(...fields), value: fc.option(anyJson, { nil: undefined }) }).map(({ field, value }) => {
      const body: Record<string, unknown> = JSON.parse(JSON.stringify(base));
      if (value === undefined) delete body[field];
      else Object.defineProperty(body, field, { value, enumerable: true, configurable: true, writable: true });
      return body;
    }),
    ...('metadata' in base ? [fc.dictionary(hostileKey, anyJson, { maxKeys: 25 }).map((metadata) => ({ ...base, metadata }))] : []),
    ...('customer' in base ? [fc.dictionary(hostileKey, anyJson, { maxKeys: 4 }).map((customer) => ({ ...base, customer }))] : []),
    ...('url' in base ? [webhookUrl] : []),
  ];
  return { body: fc.oneof(...kinds), runs: RUNS_PER_KIND * kinds.length };
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
  fc.stringMatching(/^(txn|evt|whe)_[0-9A-Za-z]{20,30}$/),
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

/** A client for the properties whose requests are refused before any write: path ids, queries, account routes, raw bytes. */
let key: string;
beforeAll(async () => {
  ({ key } = await newClient());
});

/** The routes a server key may call; the account routes take a person's session only, and refuse a key before reading anything else. */
const apiRoutes = routeList.filter((r) => r.credential.kind === 'key');
const sessionRoutes = routeList.filter((r) => r.credential.kind === 'session');

/** A route's path and query validators (its contract's schemas; none is the chain's own empty one), as one key. */
const validatorsOf = (route: Route) => {
  const contract: Contract = contracts[route.id as keyof typeof contracts];
  return [contract.params, contract.query] as const;
};
/** How many of the API routes check their path and query with the same two schemas as `route`. */
const sharingValidators = (route: Route) => {
  const [params, query] = validatorsOf(route);
  return apiRoutes.filter((other) => validatorsOf(other)[0] === params && validatorsOf(other)[1] === query).length;
};

/** A query string of one pair or more: sent to a route that writes and has no path id, an empty one would be its valid request, which writes. */
const nonEmptyQuery = queryString.filter((query) => query !== '');

// Concurrent: each property waits on the server for one request at a time; five of them at once keep it busy.
describe.concurrent('random malformed input never gets a 5xx', () => {
  it.each(apiRoutes.filter((r) => r.method === 'POST').map((r) => [r.id, r] as const))(
    '%s: bodies',
    async (_id, route) => {
      const fixture = await fixtureFor(route);
      const { body: bodies, runs } = bodyFor(fixture.body);
      const path = route.path.replace('{id}', fixture.pathId);
      await fc.assert(
        fc.asyncProperty(bodies, headers, async (body, extra) => {
          expectContractAnswer(
            await call('POST', path, {
              key: fixture.key,
              rawBody: JSON.stringify(body),
              headers: { 'content-type': 'application/json', ...sendable(extra) },
            }),
          );
        }),
        // The check's contract takes no body, so the chain never reads one: each run is the same check (nine probes).
        { numRuns: route.id === 'checkWebhookEndpoint' ? NO_BODY_RUNS : runs },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it.each(apiRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: path ids and query strings',
    async (_name, route) => {
      const hasId = route.path.includes('{id}');
      const body = route.method === 'POST' ? validBody(route, NO_OBJECTS) : undefined;
      await fc.assert(
        fc.asyncProperty(hasId ? pathId : fc.constant(''), !hasId && route.method !== 'GET' ? nonEmptyQuery : queryString, async (id, query) => {
          const path = route.path.replace('{id}', encodeURIComponent(id));
          expectContractAnswer(await call(route.method, `${path}${query ? `?${query}` : ''}`, { key, body }));
        }),
        { numRuns: runsAmong(sharingValidators(route)) },
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
    'raw bytes that are not JSON, or JSON that is not an object',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.string({ maxLength: 200 }),
            fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('latin1')),
            // JSON that is not an object: the reader every JSON route shares refuses it before any route's schema.
            anyJson.filter((value) => typeof value !== 'object' || value === null || Array.isArray(value)).map((value) => JSON.stringify(value)),
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
