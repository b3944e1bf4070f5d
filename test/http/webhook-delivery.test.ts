import { afterEach, describe, expect, it } from 'vitest';
import { call, newClient } from '../support/fixtures';
import { recordedEvents } from '../support/events';
import { createPaymentVia, expireNow, simulate } from '../support/payments';
import { startReceiver, verified, webhookIdOf, type Receiver } from '../support/webhook-receiver';

/**
 * Webhook delivery through the run's local server (`npm start`'s sandbox: the stream poller feeds
 * the dispatcher, the sweep runs every second), to real receivers on this machine. Every delivery
 * is verified with the standardwebhooks library.
 */

const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}

async function register(key: string, url: string, enabled_events?: string[]): Promise<{ id: string; secret: string }> {
  const res = await call('POST', '/webhook/endpoints', { key, body: { url, ...(enabled_events && { enabled_events }) } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/**
 * The endpoints an event's deliveries go to, as GET /event/{id}/deliveries lists them. An event's
 * first attempts, one per endpoint it is owed to, are written together before the first of them is
 * POSTed (lib/webhooks/dispatch.ts), so once any endpoint got the event, an endpoint missing here
 * never will: what a test would otherwise wait a while to see not arrive.
 */
async function endpointsOf(key: string, eventId: string): Promise<string[]> {
  const res = await call('GET', `/event/${eventId}/deliveries`, { key });
  expect(res.status).toBe(200);
  return [...new Set(res.body.data.map((attempt: { endpoint_id: string }) => attempt.endpoint_id) as string[])].sort();
}

/** The event with this id as GET /event/{id} shows it. */
async function eventById(key: string, id: string) {
  const res = await call('GET', `/event/${id}`, { key });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('webhook delivery', () => {
  it('sends payment.created, payment.settled, refund.created and payment.refunded, each signed and exactly the event', async () => {
    const { key } = await newClient();
    const hooks = await receiver();
    const { secret } = await register(key, hooks.url);

    // docs/api.md §11's "within a second of the answer" is the bench's target (its p99, bench/delivery.ts),
    // where a slow machine makes a number, not a red build; here each event arrives, signed.
    const created = await createPaymentVia(key);
    await hooks.waitFor(1);

    expect((await simulate(key, created.id, 'settle')).status).toBe(200);
    await hooks.waitFor(2);
    const partial = await call('POST', '/refund', { key, body: { transaction_id: created.id, amount: 50_000 } });
    expect(partial.status).toBe(201);
    await hooks.waitFor(3);
    const rest = await call('POST', '/refund', { key, body: { transaction_id: created.id, amount: 100_000 } });
    expect(rest.status).toBe(201);
    const all = await hooks.waitFor(5);

    const payloads = all.map((request) => verified(secret, request) as { id: string; type: string });
    expect(payloads.map((p) => p.type).sort()).toEqual(['payment.created', 'payment.settled', 'refund.created', 'refund.created', 'payment.refunded'].sort());
    for (const [i, request] of all.entries()) {
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/webhooks');
      expect(request.headers['content-type']).toBe('application/json');
      expect(webhookIdOf(request)).toBe(payloads[i]!.id);
      expect(payloads[i]).toEqual(await eventById(key, payloads[i]!.id));
    }
    // Each event once.
    expect(new Set(payloads.map((p) => p.id)).size).toBe(5);
  });

  it('sends payment.cancelled, payment.failed and payment.expired too', async () => {
    const { key } = await newClient();
    const hooks = await receiver();
    const { secret } = await register(key, hooks.url, ['payment.cancelled', 'payment.failed', 'payment.expired']);
    const [cancelled, failed, expired] = [await createPaymentVia(key), await createPaymentVia(key), await createPaymentVia(key)];
    expect((await call('POST', `/transaction/${cancelled.id}/cancel`, { key })).status).toBe(200);
    expect((await simulate(key, failed.id, 'fail')).status).toBe(200);
    expect((await simulate(key, expired.id, 'expire')).status).toBe(200);
    const received = await hooks.waitFor(3);
    const byType = Object.fromEntries(
      received.map((request) => {
        const event = verified(secret, request) as { type: string; data: { object: { id: string; status: string } } };
        return [event.type, event.data.object];
      }),
    );
    expect(byType).toEqual({
      'payment.cancelled': expect.objectContaining({ id: cancelled.id, status: 'cancelled' }),
      'payment.failed': expect.objectContaining({ id: failed.id, status: 'failed' }),
      'payment.expired': expect.objectContaining({ id: expired.id, status: 'expired' }),
    });
  });

  it('sends payment.expired when a payment runs out of time (the sweep stores the expiry), exactly the event', async () => {
    const { clientId, key } = await newClient();
    const hooks = await receiver();
    const { secret } = await register(key, hooks.url, ['payment.expired']);
    const txn = await createPaymentVia(key);
    const expiresAt = await expireNow(clientId, txn.id);

    const [request] = await hooks.waitFor(1);
    const event = verified(secret, request!) as { id: string; type: string; created_at: string; data: { object: unknown } };
    expect(event).toMatchObject({ type: 'payment.expired', created_at: expiresAt, request: { id: null, idempotency_key: null } });
    expect(event).toEqual(await eventById(key, event.id));
    expect(event.data.object).toEqual((await call('GET', `/transaction/${txn.id}`, { key })).body.data);
  });

  it('sends an endpoint only the types it subscribed to', async () => {
    const { key } = await newClient();
    const all = await receiver();
    const settledOnly = await receiver();
    const toAll = await register(key, all.url);
    const { id: toSettled, secret } = await register(key, settledOnly.url, ['payment.settled']);

    const payment = await createPaymentVia(key);
    await simulate(key, payment.id, 'settle');
    const both = await all.waitFor(2);
    const [settled] = await settledOnly.waitFor(1);
    expect((verified(secret, settled!) as { type: string }).type).toBe('payment.settled');
    // The created event went to the other endpoint alone, and is owed to no other: it never comes.
    const created = both.map(webhookIdOf).find((id) => id !== webhookIdOf(settled!))!;
    expect(await endpointsOf(key, created)).toEqual([toAll.id]);
    expect(await endpointsOf(key, webhookIdOf(settled!))).toEqual([toAll.id, toSettled].sort());
    expect(settledOnly.received).toHaveLength(1);
  });

  it("never sends a client's event to another client's endpoint", async () => {
    const alice = await newClient();
    const bob = await newClient();
    const alicesHooks = await receiver();
    const bobsHooks = await receiver();
    const alicesEndpoint = await register(alice.key, alicesHooks.url);
    const bobsEndpoint = await register(bob.key, bobsHooks.url);

    await createPaymentVia(bob.key);
    const alicesPayment = await createPaymentVia(alice.key);
    const [toAlice] = await alicesHooks.waitFor(1);
    const [toBob] = await bobsHooks.waitFor(1);
    expect((verified(alicesEndpoint.secret, toAlice!) as { data: { object: { id: string } } }).data.object.id).toBe(alicesPayment.id);
    expect((await recordedEvents(bob.clientId)).map((e) => e.id)).toContain(webhookIdOf(toBob!));
    // Each event is owed to its own client's endpoint alone, so the other's never comes.
    expect(await endpointsOf(alice.key, webhookIdOf(toAlice!))).toEqual([alicesEndpoint.id]);
    expect(await endpointsOf(bob.key, webhookIdOf(toBob!))).toEqual([bobsEndpoint.id]);
    expect(alicesHooks.received).toHaveLength(1);
    expect(bobsHooks.received).toHaveLength(1);
  });

  it("answers 404 for another client's event on deliveries and resend, and for another client's endpoint on resend", async () => {
    const alice = await newClient();
    const bob = await newClient();
    const bobsHooks = await receiver();
    const bobsEndpoint = await register(bob.key, bobsHooks.url);
    const alicesHooks = await receiver();
    const alicesEndpoint = await register(alice.key, alicesHooks.url);
    await createPaymentVia(bob.key);
    await createPaymentVia(alice.key);
    const bobsEvent = webhookIdOf((await bobsHooks.waitFor(1))[0]!);
    const alicesEvent = webhookIdOf((await alicesHooks.waitFor(1))[0]!);
    const eventNotFound = { success: false, error: { code: 'NOT_FOUND', message: 'Event not found' } };

    expect(await call('GET', `/event/${bobsEvent}/deliveries`, { key: alice.key })).toMatchObject({ status: 404, body: eventNotFound });
    expect(await call('POST', `/event/${bobsEvent}/resend`, { key: alice.key })).toMatchObject({ status: 404, body: eventNotFound });
    expect(await call('POST', `/event/${alicesEvent}/resend`, { key: alice.key, body: { endpoint_id: bobsEndpoint.id } })).toMatchObject({
      status: 404,
      body: { success: false, error: { code: 'NOT_FOUND', message: 'Webhook endpoint not found' } },
    });
    // Bob's own view: one delivery, and nothing was resent to him: a refused resend started no attempt, so none comes.
    const bobs = await call('GET', `/event/${bobsEvent}/deliveries`, { key: bob.key });
    expect(bobs.status).toBe(200);
    expect(bobs.body.data.map((a: { endpoint_id: string }) => a.endpoint_id)).toEqual([bobsEndpoint.id]);
    expect(await endpointsOf(alice.key, alicesEvent)).toEqual([alicesEndpoint.id]);
    expect(bobsHooks.received).toHaveLength(1);
  });

  it('refuses a malformed event or endpoint id with 400 naming the field', async () => {
    const { key } = await newClient();
    const deliveries = await call('GET', '/event/evt_nope/deliveries', { key });
    expect(deliveries.status).toBe(400);
    expect(deliveries.body.error.details).toEqual([{ field: 'id', message: 'must be an event id (evt_ followed by a ULID)' }]);
    const resend = await call('POST', '/event/evt_01M80CWEM1X2Y3Z4A5B6C7D8E9/resend', { key, body: { endpoint_id: 'whe_1', other: 1 } });
    expect(resend.status).toBe(400);
    expect(resend.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'endpoint_id', message: 'must be a webhook endpoint id (whe_ followed by a ULID)' },
        expect.objectContaining({ field: 'other' }),
      ]),
    );
  });

  it('needs events:read to list deliveries and webhooks:write to resend', async () => {
    const { key } = await newClient(['events:read']);
    const id = 'evt_01M80CWEM1X2Y3Z4A5B6C7D8E9';
    expect((await call('GET', `/event/${id}/deliveries`, { key })).status).toBe(404);
    expect((await call('POST', `/event/${id}/resend`, { key })).status).toBe(403);
    const writer = await newClient(['webhooks:write']);
    expect((await call('GET', `/event/${id}/deliveries`, { key: writer.key })).status).toBe(403);
  });

  it('owes nothing for an event recorded while the client had no endpoint: a later endpoint gets what comes after it, and a resend sends the earlier one', async () => {
    const { key, clientId } = await newClient();
    const before = await createPaymentVia(key);
    const hooks = await receiver();
    const { secret } = await register(key, hooks.url);
    const after = await createPaymentVia(key);
    const [first] = await hooks.waitFor(1);
    expect((verified(secret, first!) as { data: { object: { id: string } } }).data.object.id).toBe(after.id);

    // Past the dispatch grace (2 s) and a sweep pass: the earlier event was never due, so nothing brings it.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(hooks.received).toHaveLength(1);
    const [earlier] = (await recordedEvents(clientId)).filter((e) => e.type === 'payment.created' && (e.data.object as { id: string }).id === before.id);
    expect(await call('GET', `/event/${earlier!.id}/deliveries`, { key })).toMatchObject({ status: 200, body: { data: [] } });

    expect((await call('POST', `/event/${earlier!.id}/resend`, { key })).status).toBe(202);
    const [, resent] = await hooks.waitFor(2);
    expect(verified(secret, resent!)).toEqual(await eventById(key, earlier!.id));
  });

  it('sends nothing to an endpoint once it is deleted', async () => {
    const { key } = await newClient();
    const kept = await receiver();
    const deleted = await receiver();
    const stays = await register(key, kept.url);
    const gone = await register(key, deleted.url);
    expect((await call('DELETE', `/webhook/endpoints/${gone.id}`, { key })).status).toBe(200);

    await createPaymentVia(key);
    const [created] = await kept.waitFor(1);
    // The event is owed to the endpoint that stayed alone, so the deleted one never gets it.
    expect(await endpointsOf(key, webhookIdOf(created!))).toEqual([stays.id]);
    expect(deleted.received).toEqual([]);
  });
});
