import { describe, expect, it } from 'vitest';
import { call, newClient } from '../support/fixtures';
import { kindOf, partitionItems } from '../support/partition';
import { createPaymentVia, paymentBody, simulate } from '../support/payments';

/** POST /sandbox/reset through the local server: what a CI run calls first. */

const reset = (key: string, body?: unknown, headers?: Record<string, string>) => call('POST', '/sandbox/reset', { key, body, headers });
const localUrl = (n: number) => `http://127.0.0.1:4242/hooks/${n}`;

/** A client with some of everything: payments (settled, refunded, pending), events, a webhook endpoint, idempotency records. */
async function busyClient() {
  const client = await newClient();
  const { key } = client;
  const settled = await createPaymentVia(key);
  expect((await simulate(key, settled.id, 'settle')).status).toBe(200);
  expect((await call('POST', '/refund', { key, body: { transaction_id: settled.id, amount: 50_000 } })).status).toBe(201);
  await createPaymentVia(key);
  const keyed = await call('POST', '/payment/create', { key, body: paymentBody(), headers: { 'Idempotency-Key': `busy-${client.clientId}` } });
  expect(keyed.status).toBe(201);
  // Subscribed to a type none of these changes records, so no delivery attempt appears later.
  const endpoint = await call('POST', '/webhook/endpoints', { key, body: { url: localUrl(1), enabled_events: ['payment.failed'] } });
  expect(endpoint.status).toBe(201);
  await untilDispatched(client.clientId);
  return client;
}

/**
 * Until the background work on the client's events is done: the sweep dispatches each event about
 * 2 s after it is recorded and then removes its due attributes, which would change the partition
 * under a before/after comparison.
 */
async function untilDispatched(clientId: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await partitionItems(clientId)).some((item) => kindOf(item) === 'EVT' && item.due_pk !== undefined)) {
    if (Date.now() > deadline) throw new Error(`the events of ${clientId} were not dispatched within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('POST /sandbox/reset', () => {
  it('leaves the client only its client record, keys, request counters and webhook endpoints, and says how many items went', async () => {
    const { clientId, key } = await busyClient();
    const before = await partitionItems(clientId);
    // DUE: the due markers of its pending payments (what an advance of its clock looks for).
    expect(new Set(before.map(kindOf))).toEqual(new Set(['CLIENT', 'KEY', 'RATE', 'WHE', 'TXN', 'ORDER', 'DUE', 'RFD', 'STL', 'EVT', 'IDEM']));

    const res = await reset(key);

    expect(res.status).toBe(200);
    const kept = ['CLIENT', 'KEY', 'RATE', 'WHE'];
    expect(res.body).toEqual({ success: true, data: { deleted: before.filter((item) => !kept.includes(kindOf(item))).length, has_more: false } });
    const after = await partitionItems(clientId);
    // Request counters are kept (they are the reset's own rate limit, and expire within seconds), and
    // the reset's follow-up waits for the sweep (what attempts under way may leave: lib/webhooks/reset-follow-up.ts).
    expect(after.filter((item) => kindOf(item) !== 'RATE').map(kindOf)).toEqual(['CLIENT', 'KEY', 'RESETFOLLOWUP', 'WHE']);
    expect(after.find((item) => kindOf(item) === 'CLIENT')).toEqual(before.find((item) => kindOf(item) === 'CLIENT'));
  });

  it('starts the client from a clean slate: no transactions, events or settlements, and an order_id may be used again', async () => {
    const { key } = await newClient();
    const first = await createPaymentVia(key, { order_id: 'CI-ORDER-1' });
    expect((await reset(key)).status).toBe(200);

    for (const path of ['/transactions', '/events', '/settlements']) expect((await call('GET', path, { key })).body.data, path).toEqual([]);
    expect((await call('GET', `/transaction/${first.id}`, { key })).status).toBe(404);
    expect((await createPaymentVia(key, { order_id: 'CI-ORDER-1' })).order_id).toBe('CI-ORDER-1');
  });

  it("leaves another client's data byte-identical", async () => {
    const mine = await busyClient();
    const other = await busyClient();
    const otherBefore = await partitionItems(other.clientId);

    expect((await reset(mine.key, { webhook_endpoints: true })).status).toBe(200);

    expect(await partitionItems(other.clientId)).toEqual(otherBefore);
    expect((await partitionItems(mine.clientId)).filter((item) => kindOf(item) !== 'RATE').map(kindOf)).toEqual(['CLIENT', 'KEY', 'RESETFOLLOWUP']);
  });

  it("answers deleted: 0 when called again with nothing made since: the first reset's follow-up is not counted", async () => {
    const { key } = await newClient();
    await createPaymentVia(key);
    expect((await reset(key)).body.data).toEqual({ deleted: 4, has_more: false });

    const again = await reset(key);

    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true, data: { deleted: 0, has_more: false } });
  });

  it('deletes the webhook endpoints when asked, and the limit counts from 0 again: 10 new endpoints, then 409', async () => {
    const { clientId, key } = await newClient();
    for (let n = 0; n < 10; n++) expect((await call('POST', '/webhook/endpoints', { key, body: { url: localUrl(n) } })).status).toBe(201);
    expect((await call('POST', '/webhook/endpoints', { key, body: { url: localUrl(10) } })).status).toBe(409);

    const res = await reset(key, { webhook_endpoints: true });

    expect(res.body.data).toEqual({ deleted: 10, has_more: false });
    expect((await call('GET', '/webhook/endpoints', { key })).body.data).toEqual([]);
    expect((await partitionItems(clientId)).find((item) => kindOf(item) === 'CLIENT')!.webhook_endpoint_count).toBe(0);
    for (let n = 0; n < 10; n++) expect((await call('POST', '/webhook/endpoints', { key, body: { url: localUrl(n) } })).status).toBe(201);
    const over = await call('POST', '/webhook/endpoints', { key, body: { url: localUrl(10) } });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('LIMIT_EXCEEDED');
  });

  it('keeps the webhook endpoints with no body, and with webhook_endpoints false', async () => {
    const { key } = await newClient();
    expect((await call('POST', '/webhook/endpoints', { key, body: { url: localUrl(1) } })).status).toBe(201);
    expect((await reset(key)).status).toBe(200);
    expect((await reset(key, { webhook_endpoints: false })).status).toBe(200);
    expect((await call('GET', '/webhook/endpoints', { key })).body.data).toHaveLength(1);
  });

  it('replays its first answer for a repeated Idempotency-Key, and keeps that record through its own reset', async () => {
    const { key } = await newClient();
    await createPaymentVia(key);
    const headers = { 'Idempotency-Key': 'ci-run-1-reset' };
    const first = await reset(key, {}, headers);
    expect(first.status).toBe(200);
    // The transaction, its order reservation and due marker, its payment.created event.
    expect(first.body.data.deleted).toBe(4);

    await createPaymentVia(key);
    const again = await reset(key, {}, headers);

    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    // The replay reset nothing: the payment made since is still there.
    expect((await call('GET', '/transactions', { key })).body.data).toHaveLength(1);
  });

  it('refuses a key without sandbox:simulate with 403, and deletes nothing', async () => {
    const { clientId, key } = await newClient(['transactions:write', 'transactions:read', 'webhooks:write']);
    await createPaymentVia(key);
    const res = await reset(key);
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'FORBIDDEN', message: 'Insufficient permissions for this operation' });
    expect((await partitionItems(clientId)).map(kindOf)).toContain('TXN');
  });

  it.each([
    [{ webhook_endpoint: true }, 'webhook_endpoint'],
    [{ webhook_endpoints: 'yes' }, 'webhook_endpoints'],
  ])('refuses %j with 400 VALIDATION_ERROR naming the field, and deletes nothing', async (body, field) => {
    const { clientId, key } = await newClient();
    await createPaymentVia(key);
    const res = await reset(key, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual([field]);
    expect((await partitionItems(clientId)).map(kindOf)).toContain('TXN');
  });
});
