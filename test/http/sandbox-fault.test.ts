import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, newClient, type ApiResponse, type TestClient } from '../support/fixtures';
import { recordedEvents } from '../support/events';
import { paymentBody } from '../support/payments';

// The Sandbox-Fault header (docs/api.md §12), through the local server: one test per value.

const create = (client: TestClient, fault: string | undefined, body = paymentBody(), idempotencyKey?: string) =>
  call('POST', '/payment/create', {
    key: client.key,
    body,
    headers: { ...(fault !== undefined && { 'Sandbox-Fault': fault }), ...(idempotencyKey && { 'Idempotency-Key': idempotencyKey }) },
  });

/** The client's transactions with this order id, as the list endpoint shows them. */
async function transactionsWithOrderId(client: TestClient, orderId: unknown): Promise<unknown[]> {
  const listed = await call('GET', `/transactions?order_id=${String(orderId)}`, { key: client.key });
  expect(listed.status).toBe(200);
  return listed.body.data;
}

/** Nothing of the create was written: no transaction with its order id, no event of the client. */
async function expectNothingWritten(client: TestClient, orderId: unknown): Promise<void> {
  expect(await transactionsWithOrderId(client, orderId)).toEqual([]);
  expect(await recordedEvents(client.clientId)).toEqual([]);
}

function expectInternalError(response: ApiResponse): void {
  expect(response.status).toBe(500);
  const requestId = response.headers.get('x-request-id');
  expect(requestId).toBeTruthy();
  expect(response.body).toEqual({
    success: false,
    error: { code: 'INTERNAL_ERROR', message: `An internal error occurred; request id ${requestId}` },
  });
}

describe('Sandbox-Fault', () => {
  it('error_500 answers 500 INTERNAL_ERROR with the request id, and creates nothing', async () => {
    const client = await newClient();
    const body = paymentBody();
    const response = await create(client, 'error_500', body);
    expectInternalError(response);
    expect(JSON.stringify(response.body)).not.toMatch(/stack|at \w+ \(|Error:/);
    await expectNothingWritten(client, body.order_id);
  });

  it('error_503 answers 503 SERVICE_UNAVAILABLE, and creates nothing', async () => {
    const client = await newClient();
    const body = paymentBody();
    const response = await create(client, 'error_503', body);
    expect(response.status).toBe(503);
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(response.body).toEqual({
      success: false,
      error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is unavailable for the moment; nothing was done, retry the request later' },
    });
    await expectNothingWritten(client, body.order_id);
  });

  it('rate_limit answers 429 RATE_LIMITED with Retry-After: 1, and creates nothing', async () => {
    const client = await newClient();
    const body = paymentBody();
    const response = await create(client, 'rate_limit', body);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(response.body).toEqual({
      success: false,
      error: { code: 'RATE_LIMITED', message: 'Too many requests; nothing was done, retry after 1 second' },
    });
    await expectNothingWritten(client, body.order_id);
  });

  it('an injected error takes no Idempotency-Key: the same key then creates the payment', async () => {
    const client = await newClient();
    const body = paymentBody();
    const idem = randomUUID();
    expect((await create(client, 'error_503', body, idem)).status).toBe(503);
    const retry = await create(client, undefined, body, idem);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await transactionsWithOrderId(client, body.order_id)).toHaveLength(1);
  });

  it('latency_300 delays the answer by at least 300 ms, then creates the payment normally', async () => {
    const client = await newClient();
    const body = paymentBody();
    const started = performance.now();
    const response = await create(client, 'latency_300', body);
    const elapsed = performance.now() - started;
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ order_id: body.order_id, status: 'pending' });
    // A lower bound only: the wait is the fault itself, and a busy machine can only lengthen it.
    expect(elapsed).toBeGreaterThanOrEqual(300);
    expect(await transactionsWithOrderId(client, body.order_id)).toHaveLength(1);
  });

  it('works on a GET too: the list answers the injected 503, and latency_0 answers the list at once', async () => {
    const client = await newClient();
    const failed = await call('GET', '/transactions', { key: client.key, headers: { 'Sandbox-Fault': 'error_503' } });
    expect(failed.status).toBe(503);
    expect(failed.body.error.code).toBe('SERVICE_UNAVAILABLE');
    const channels = await call('GET', '/payment/channels', { key: client.key, headers: { 'Sandbox-Fault': 'rate_limit' } });
    expect(channels.status).toBe(429);
    expect(channels.headers.get('retry-after')).toBe('1');
    const listed = await call('GET', '/transactions', { key: client.key, headers: { 'Sandbox-Fault': 'latency_0' } });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([]);
  });

  it('answers the injected fault before the body is read: error_500 with a malformed body is still the 500', async () => {
    const client = await newClient();
    const response = await call('POST', '/payment/create', {
      key: client.key,
      rawBody: '{not json',
      headers: { 'content-type': 'application/json', 'Sandbox-Fault': 'error_500' },
    });
    expectInternalError(response);
  });

  it("is 403 FORBIDDEN for a key without sandbox:simulate, even one that holds the route's own scope; nothing is created", async () => {
    const client = await newClient(['transactions:write', 'transactions:read']);
    const body = paymentBody();
    const response = await create(client, 'error_500', body);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ success: false, error: { code: 'FORBIDDEN', message: 'Insufficient permissions for this operation' } });
    const read = await call('GET', '/transactions', { key: client.key, headers: { 'Sandbox-Fault': 'latency_0' } });
    expect(read.status).toBe(403);
    expect(await transactionsWithOrderId(client, body.order_id)).toEqual([]);
  });

  it.each(['error_404', 'latency_10001', 'latency_0300', 'latency_-1', 'latency_', 'ERROR_500', ''])(
    'is 400 VALIDATION_ERROR naming the header for the value %j, and creates nothing',
    async (value) => {
      const client = await newClient();
      const body = paymentBody();
      const response = await create(client, value, body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      expect(response.body.error.details).toEqual([
        {
          field: 'Sandbox-Fault',
          message: 'must be error_500, error_503, rate_limit, error_after_commit or latency_<ms> with ms an integer 0–10000',
        },
      ]);
      await expectNothingWritten(client, body.order_id);
    },
  );

  describe('error_after_commit', () => {
    it('commits the payment and its Idempotency-Key record, answers 500; the retry with the key replays 201 and nothing is written twice', async () => {
      const client = await newClient();
      const body = paymentBody();
      const idem = randomUUID();
      const first = await create(client, 'error_after_commit', body, idem);
      expectInternalError(first);

      const stored = await transactionsWithOrderId(client, body.order_id);
      expect(stored).toHaveLength(1);
      const events = await recordedEvents(client.clientId);
      expect(events.map((e) => e.type)).toEqual(['payment.created']);

      const retry = await create(client, undefined, body, idem);
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body).toEqual({ success: true, data: stored[0] });
      const again = await create(client, undefined, body, idem);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(retry.body);

      expect(await transactionsWithOrderId(client, body.order_id)).toHaveLength(1);
      expect(await recordedEvents(client.clientId)).toEqual(events);
    });

    it('without an Idempotency-Key, the payment stays and the answer is 500; a retry without a key is a duplicate order', async () => {
      const client = await newClient();
      const body = paymentBody();
      expectInternalError(await create(client, 'error_after_commit', body));
      expect(await transactionsWithOrderId(client, body.order_id)).toHaveLength(1);
      expect((await recordedEvents(client.clientId)).map((e) => e.type)).toEqual(['payment.created']);
      const retry = await create(client, undefined, body);
      expect(retry.status).toBe(409);
      expect(retry.body.error.code).toBe('DUPLICATE_ORDER_ID');
      expect(await transactionsWithOrderId(client, body.order_id)).toHaveLength(1);
    });

    it('on a GET, reads and answers 500; the same GET without the header answers the transaction', async () => {
      const client = await newClient();
      const created = await create(client, undefined);
      expect(created.status).toBe(201);
      const path = `/transaction/${created.body.data.id}`;
      expectInternalError(await call('GET', path, { key: client.key, headers: { 'Sandbox-Fault': 'error_after_commit' } }));
      const read = await call('GET', path, { key: client.key });
      expect(read.status).toBe(200);
      expect(read.body.data).toEqual(created.body.data);
    });
  });
});
