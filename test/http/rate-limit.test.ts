import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, inject, it, vi } from 'vitest';
import { startLocalServer, type LocalServer } from '../../infra/local/server';
import { createKey } from '../../lib/auth/key-repository';
import { LIMIT_ENV } from '../../lib/config/env';
import { call, newClient, testDb, type ApiResponse } from '../support/fixtures';
import { paymentBody } from '../support/payments';

// The per-client requests-per-second budget, end to end. The run's shared server lets every
// client make 100 000 requests per second; this file serves the same handlers (loaded afresh in
// its own worker, on the run's DynamoDB Local) with a limit of 3. Date is frozen inside a second,
// so "within one second" never depends on how fast the machine is; moving it on is the next second.

const LIMIT = 3;
let server: LocalServer;

beforeAll(async () => {
  vi.stubEnv('TABLE_NAME', inject('tableName'));
  vi.stubEnv('DYNAMODB_ENDPOINT', inject('dynamoEndpoint'));
  vi.stubEnv(LIMIT_ENV.requestsPerSecond, String(LIMIT));
  vi.stubEnv(LIMIT_ENV.readUnitsPerRequest, '256');
  server = await startLocalServer({ port: 0 });
});

afterAll(async () => {
  await server?.close();
  vi.unstubAllEnvs();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.floor(Date.now() / 1000) * 1000 + 500);
});

afterEach(() => vi.useRealTimers());

const nextSecond = () => vi.setSystemTime(Date.now() + 1000);

const send = (method: string, path: string, options: Parameters<typeof call>[2] = {}) => call(method, path, { ...options, baseUrl: server.baseUrl });
const channels = (key: string) => send('GET', '/payment/channels', { key });

async function spend(key: string, requests = LIMIT): Promise<void> {
  for (let i = 0; i < requests; i++) expect((await channels(key)).status).toBe(200);
}

function expectRateLimited(response: ApiResponse): void {
  expect(response.status).toBe(429);
  expect(response.headers.get('retry-after')).toBe('1');
  expect(response.body).toEqual({
    success: false,
    error: { code: 'RATE_LIMITED', message: `Too many requests: this client may make ${LIMIT} requests per second; retry after 1 second` },
  });
}

describe('requests per second per client', () => {
  it('answers the request over the limit with 429 RATE_LIMITED, Retry-After: 1 and the envelope, and admits the client again the next second', async () => {
    const { key } = await newClient();
    await spend(key);
    expectRateLimited(await channels(key));
    expectRateLimited(await send('GET', '/transactions', { key }));

    nextSecond();
    await spend(key);
  });

  it('holds one client to its limit without slowing down another', async () => {
    const busy = await newClient();
    const other = await newClient();
    await spend(busy.key);
    expectRateLimited(await channels(busy.key));
    await spend(other.key);
  });

  it('counts every request of the client: each of its keys, every route, a validation error and an idempotent replay', async () => {
    const { clientId, key } = await newClient();
    const secondKey = (await createKey(testDb(), { clientId })).key;
    const create = { key, body: paymentBody(), headers: { 'Idempotency-Key': randomUUID() } };
    expect((await send('POST', '/payment/create', create)).status).toBe(201);
    const replay = await send('POST', '/payment/create', create);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await send('GET', '/transactions?limit=0', { key: secondKey })).status).toBe(400);
    expectRateLimited(await channels(secondKey));
  });

  it('never spends the budget on a 401 or a 403', async () => {
    const { clientId, key } = await newClient();
    const channelsOnly = (await createKey(testDb(), { clientId, scopes: ['channels:read'] })).key;
    for (let i = 0; i < LIMIT + 2; i++) {
      expect((await send('GET', '/transactions', { key: channelsOnly })).status).toBe(403);
      expect((await send('GET', '/transactions', { key: `sk_sbx_${'x'.repeat(43)}` })).status).toBe(401);
      expect((await send('GET', '/transactions', { key: `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}` })).status).toBe(401);
    }
    await spend(key);
  });

  it('does nothing for a refused request: sent again with its Idempotency-Key the next second, it creates the payment', async () => {
    const { key } = await newClient();
    const body = paymentBody();
    const create = { key, body, headers: { 'Idempotency-Key': randomUUID() } };
    await spend(key);
    expectRateLimited(await send('POST', '/payment/create', create));

    nextSecond();
    const created = await send('POST', '/payment/create', create);
    expect(created.status).toBe(201);
    expect(created.headers.get('idempotent-replayed')).toBeNull();
    const listed = await send('GET', `/transactions?order_id=${body.order_id}`, { key });
    expect(listed.body.data.map((t: { id: string }) => t.id)).toEqual([created.body.data.id]);
  });

  it('counts a request that asks for a Sandbox-Fault, and answers a client over its budget with the real 429, not the fault', async () => {
    const { key } = await newClient();
    const fault = (value: string) => send('GET', '/payment/channels', { key, headers: { 'Sandbox-Fault': value } });
    expect((await fault('error_503')).status).toBe(503);
    expect((await fault('error_500')).status).toBe(500);
    expect((await fault('rate_limit')).status).toBe(429);
    expectRateLimited(await fault('error_503'));
    expectRateLimited(await channels(key));
  });
});
