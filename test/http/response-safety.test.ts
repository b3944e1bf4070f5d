import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, inject, it } from 'vitest';
import { call, newClient } from '../support/fixtures';
import { createPaymentVia, paymentBody } from '../support/payments';

const safetyHeaders = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

function expectSafetyHeaders(headers: Headers): void {
  expect({ 'cache-control': headers.get('cache-control'), 'x-content-type-options': headers.get('x-content-type-options') }).toEqual(safetyHeaders);
}

describe('every response keeps customer data out of caches and is never sniffed', () => {
  it('says no-store and nosniff on a created payment, a read, a list and the settlement ledger', async () => {
    const { key } = await newClient();
    const created = await call('POST', '/payment/create', { key, body: paymentBody() });
    expect(created.status).toBe(201);
    expectSafetyHeaders(created.headers);
    for (const path of [`/transaction/${created.body.data.id}`, '/transactions', '/settlements']) {
      const res = await call('GET', path, { key });
      expect(res.status).toBe(200);
      expectSafetyHeaders(res.headers);
    }
  });

  it('says so on errors too: 400, 401, 404 and an unknown route', async () => {
    const { key } = await newClient();
    const responses = [
      await call('POST', '/payment/create', { key, body: {} }),
      await call('GET', '/transactions'),
      await call('GET', '/transaction/txn_01ARZ3NDEKTSV4RRFFQ69G5FAV', { key }),
      await call('GET', '/no/such/route', { key }),
    ];
    expect(responses.map((r) => r.status)).toEqual([400, 401, 404, 404]);
    for (const res of responses) expectSafetyHeaders(res.headers);
  });

  it('replays with the same headers', async () => {
    const { key } = await newClient();
    const body = paymentBody();
    const headers = { 'idempotency-key': `safety-${body.order_id}` };
    await call('POST', '/payment/create', { key, body, headers });
    const replay = await call('POST', '/payment/create', { key, body, headers });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expectSafetyHeaders(replay.headers);
  });
});

describe('a validation error stays small whatever the body holds', () => {
  it('lists at most 50 problems of a 15 KB body with 1 600 unknown fields, and counts the rest', async () => {
    const { key } = await newClient();
    const body = paymentBody();
    for (let i = 0; i < 1_600; i++) body[`x${String(i).padStart(4, '0')}`] = 1;
    const raw = JSON.stringify(body);
    expect(raw.length).toBeGreaterThan(14_000);
    expect(raw.length).toBeLessThan(16 * 1024);

    const res = await call('POST', '/payment/create', { key, rawBody: raw, headers: { 'content-type': 'application/json' } });

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toHaveLength(50);
    expect(res.body.error.details[0]).toEqual({ field: 'x0000', message: 'is not a recognized field' });
    expect(res.body.error.message).toBe('Request validation failed: 1600 problems, the first 50 listed in details');
    expect(JSON.stringify(res.body).length).toBeLessThan(4_096);
  });

  it('lists every problem when there are 50 or fewer', async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key);
    const res = await call('POST', `/transaction/${txn.id}/cancel`, { key, body: { reason: 1, foo: 2 } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Request validation failed');
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['foo', 'reason']);
  });
});

describe('a kept-alive connection', () => {
  /** One GET on `agent`: its status, its Keep-Alive header, and whether it went out on a socket used before. */
  const get = (agent: Agent, url: URL, key: string) =>
    new Promise<{ status?: number; keepAlive: string; reusedSocket: boolean }>((resolve, reject) => {
      const req = request(url, { agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, keepAlive: String(res.headers['keep-alive']), reusedSocket: req.reusedSocket }));
      });
      req.on('error', reject);
      req.end();
    });

  it('stays open longer than a client idles between two requests a few seconds apart, and says for how long', async () => {
    const { key } = await newClient();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const url = new URL(`${inject('baseUrl')}/payment/channels`);
    try {
      const first = await get(agent, url, key);
      expect(first).toEqual({ status: 200, keepAlive: 'timeout=65', reusedSocket: false });
      // Longer than Node's default keep-alive timeout (5 s), which closed such a socket under the client.
      await sleep(5_500);
      expect(await get(agent, url, key)).toEqual({ status: 200, keepAlive: 'timeout=65', reusedSocket: true });
    } finally {
      agent.destroy();
    }
  });
});

describe('a body over 10 MB', () => {
  it("is API Gateway's own 413, as a deployed stage answers it before any function: not the envelope, no request id", async () => {
    const res = await fetch(`${inject('baseUrl')}/payment/create`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_sbx_any', 'content-type': 'application/json' },
      body: 'x'.repeat(10 * 1024 * 1024 + 1),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('x-request-id')).toBeNull();
    expect(await res.json()).toEqual({ message: 'Request Entity Too Large' });
  });
});
