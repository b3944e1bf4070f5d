import { afterEach, describe, expect, it } from 'vitest';
import { keys } from '../../lib/db/keys';
import { putItem } from '../../lib/db/requests';
import { webhookEndpointEntity } from '../../lib/webhooks/items';
import { recordedEvents } from '../support/events';
import { call, newClient, testDb } from '../support/fixtures';
import { createPaymentVia } from '../support/payments';
import { startReceiver, verified, type Receiver } from '../support/webhook-receiver';

/**
 * POST /webhook/endpoints/{id}/roll-secret (docs/api.md §15) through the run's local server, with its
 * real delivery: receivers verify with the standardwebhooks library, one knowing only the old
 * secret, one only the new.
 */

const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function setUp() {
  const { key, clientId } = await newClient();
  const hooks = await startReceiver();
  receivers.push(hooks);
  const res = await call('POST', '/webhook/endpoints', { key, body: { url: hooks.url, enabled_events: ['payment.created'] } });
  expect(res.status).toBe(201);
  return { key, clientId, hooks, endpoint: res.body.data as { id: string; secret: string } };
}

const roll = (key: string, id: string, body?: unknown, headers?: Record<string, string>) =>
  call('POST', `/webhook/endpoints/${id}/roll-secret`, { key, body, headers });

/** The delivery of payment.created of this new payment, as the receiver got it. */
async function deliveryOfNewPayment(key: string, hooks: Receiver) {
  const payment = await createPaymentVia(key);
  const [delivery] = await hooks.waitFor(1, { which: (r) => r.body.includes(payment.id) });
  return delivery!;
}

/**
 * Fixture: the grace of the endpoint's old secret ends now, as if its expire_old_in_seconds had just
 * run out (it is real time, which no test may sleep through): its end, written in the table.
 */
async function endGrace(clientId: string, endpointId: string): Promise<void> {
  const stored = (await webhookEndpointEntity.find(testDb(), keys.webhookEndpoint(clientId, endpointId)))!;
  expect(stored.previous).toBeDefined();
  await putItem(testDb(), { Item: webhookEndpointEntity.toItem({ ...stored, previous: { ...stored.previous!, until: new Date().toISOString() } }) });
}

const verifies = (secret: string, delivery: Parameters<typeof verified>[1]) => {
  try {
    verified(secret, delivery);
    return true;
  } catch {
    return false;
  }
};

describe('rolling a webhook endpoint secret', () => {
  it('answers the endpoint with a new secret shown only there, and never again', async () => {
    const { key, endpoint } = await setUp();

    const res = await roll(key, endpoint.id, { expire_old_in_seconds: 60 });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: endpoint.id, status: 'enabled', secret: expect.stringMatching(/^whsec_/) });
    expect(res.body.data.secret).not.toBe(endpoint.secret);
    const shown = await call('GET', `/webhook/endpoints/${endpoint.id}`, { key });
    expect(shown.body.data.secret).toBeUndefined();
    expect(JSON.stringify(shown.body)).not.toContain(res.body.data.secret);
  });

  it('signs every delivery during the grace with both secrets, new first, so a receiver knowing either verifies it; then only the new one', async () => {
    const { key, clientId, hooks, endpoint } = await setUp();
    // A grace no busy machine outlasts before the delivery below; its end is then written (endGrace).
    const rolled = (await roll(key, endpoint.id, { expire_old_in_seconds: 3600 })).body.data as { secret: string };

    const during = await deliveryOfNewPayment(key, hooks);
    const signatures = String(during.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    expect(verifies(endpoint.secret, during), 'a receiver with only the old secret').toBe(true);
    expect(verifies(rolled.secret, during), 'a receiver with only the new secret').toBe(true);
    expect(verifies(rolled.secret, { ...during, headers: { ...during.headers, 'webhook-signature': signatures[0] } }), 'the new one first').toBe(true);

    await endGrace(clientId, endpoint.id);
    const after = await deliveryOfNewPayment(key, hooks);
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifies(rolled.secret, after)).toBe(true);
    expect(verifies(endpoint.secret, after)).toBe(false);
  });

  it("with expire_old_in_seconds 0 signs with the new secret only, at once; a second roll drops the first one's old secret", async () => {
    const { key, hooks, endpoint } = await setUp();
    const first = (await roll(key, endpoint.id, { expire_old_in_seconds: 0 })).body.data as { secret: string };
    const delivery = await deliveryOfNewPayment(key, hooks);
    expect(verifies(first.secret, delivery)).toBe(true);
    expect(verifies(endpoint.secret, delivery)).toBe(false);

    const second = (await roll(key, endpoint.id)).body.data as { secret: string };
    const next = await deliveryOfNewPayment(key, hooks);
    expect(verifies(second.secret, next)).toBe(true);
    expect(verifies(first.secret, next)).toBe(true);
    expect(verifies(endpoint.secret, next)).toBe(false);
  });

  it('records webhook_endpoint.secret_rolled with the endpoint and no secret, in the same write', async () => {
    const { key, clientId, endpoint } = await setUp();
    const rolled = await roll(key, endpoint.id, undefined, { 'Idempotency-Key': 'roll-1' });
    const replayed = await roll(key, endpoint.id, undefined, { 'Idempotency-Key': 'roll-1' });

    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body.data.secret).toBe(rolled.body.data.secret);
    const events = (await recordedEvents(clientId)).filter((e) => e.type === 'webhook_endpoint.secret_rolled');
    expect(events).toHaveLength(1);
    expect(events[0]!.data.object).toMatchObject({ id: endpoint.id, url: expect.any(String) });
    expect(JSON.stringify(events[0])).not.toMatch(/whsec_/);
    const shown = await call('GET', `/event/${events[0]!.id}`, { key });
    expect(shown.status).toBe(200);
    expect(shown.body.data.data.object.id).toBe(endpoint.id);
  });

  it("answers 404 for another client's endpoint, and 400 for a grace out of range or an unknown field", async () => {
    const { endpoint } = await setUp();
    const other = await newClient();
    expect((await roll(other.key, endpoint.id)).status).toBe(404);

    const { key, endpoint: own } = await setUp();
    for (const body of [{ expire_old_in_seconds: -1 }, { expire_old_in_seconds: 604_801 }, { expire_old_in_seconds: 1.5 }, { grace: 10 }]) {
      const res = await roll(key, own.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await roll(key, own.id, { expire_old_in_seconds: 604_800 })).status).toBe(200);
  });

  it('needs webhooks:write', async () => {
    const { endpoint } = await setUp();
    const { key } = await newClient(['events:read']);
    const res = await roll(key, endpoint.id);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
  });
});
