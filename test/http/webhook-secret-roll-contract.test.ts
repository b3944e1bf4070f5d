import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keys } from '../../lib/db/keys';
import { readItem } from '../../lib/webhooks/delivery-repository';
import { recordedEvents } from '../support/events';
import { call, newClient, testDb } from '../support/fixtures';

/**
 * POST /webhook/endpoints/{id}/roll-secret (docs/api.md §15) through the local server, to the letter:
 * the answer's exact shape, each refusal's message (and that it changed nothing), what the endpoint
 * item keeps and until when, the event with its request, and racing rolls. webhook-secret-roll.test.ts
 * has the deliveries around a grace; webhook-secret-roll-delivery.test.ts retries and resends.
 */

const SECRET = /^whsec_[A-Za-z0-9+/]{32}$/;
const DAY_MS = 86_400_000;

const localUrl = (path = 'hooks') => `http://127.0.0.1:4242/${path}`;

async function register(key: string, body: Record<string, unknown> = { url: localUrl() }) {
  const res = await call('POST', '/webhook/endpoints', { key, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const roll = (key: string, id: string, body?: unknown, headers?: Record<string, string>) =>
  call('POST', `/webhook/endpoints/${id}/roll-secret`, { key, body, headers });

/** The endpoint item as stored, secrets included. */
const stored = async (clientId: string, id: string) => (await readItem(testDb(), keys.webhookEndpoint(clientId, id)))!;

const rolledEvents = async (clientId: string) => (await recordedEvents(clientId)).filter((e) => e.type === 'webhook_endpoint.secret_rolled');

const validation = (field: string, message: string) => ({
  success: false,
  error: { code: 'VALIDATION_ERROR', message: 'Request validation failed', details: [{ field, message }] },
});

describe('POST /webhook/endpoints/{id}/roll-secret', () => {
  it('answers the endpoint with a new secret, shown only there: GET and the list never show one', async () => {
    const { key } = await newClient();
    const created = await register(key, { url: localUrl(), enabled_events: ['payment.settled'], description: 'Orders' });
    const { secret: oldSecret, ...endpoint } = created;

    const res = await roll(key, created.id, { expire_old_in_seconds: 3600 });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { ...endpoint, secret: expect.stringMatching(SECRET) } });
    expect(Object.keys(res.body.data)).toEqual(['id', 'url', 'enabled_events', 'description', 'status', 'chaos', 'created_at', 'secret']);
    expect(res.body.data.secret).not.toBe(oldSecret);
    const read = await call('GET', `/webhook/endpoints/${created.id}`, { key });
    expect(read.body.data).toEqual(endpoint);
    const listed = await call('GET', '/webhook/endpoints', { key });
    expect(listed.body.data).toEqual([endpoint]);
    for (const text of [JSON.stringify(read.body), JSON.stringify(listed.body)]) {
      expect(text).not.toContain('whsec_');
      expect(text).not.toContain('secret');
    }
  });

  it('keeps the old secret for the grace asked (real time), a day without a body, and none with 0', async () => {
    const { clientId, key } = await newClient();
    const [a, b, c] = [await register(key), await register(key, { url: localUrl('b') }), await register(key, { url: localUrl('c') })];

    const before = Date.now();
    const hour = await roll(key, a.id, { expire_old_in_seconds: 3600 });
    const day = await roll(key, b.id);
    const none = await roll(key, c.id, { expire_old_in_seconds: 0 });
    const after = Date.now();
    expect([hour.status, day.status, none.status]).toEqual([200, 200, 200]);

    const [itemA, itemB, itemC] = [await stored(clientId, a.id), await stored(clientId, b.id), await stored(clientId, c.id)];
    expect([itemA.secret, itemA.previous_secret]).toEqual([hour.body.data.secret, a.secret]);
    const expiresA = Date.parse(String(itemA.previous_secret_expires_at));
    expect(expiresA).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(expiresA).toBeLessThanOrEqual(after + 3_600_000);
    expect([itemB.secret, itemB.previous_secret]).toEqual([day.body.data.secret, b.secret]);
    expect(Date.parse(String(itemB.previous_secret_expires_at))).toBeGreaterThanOrEqual(before + DAY_MS);
    expect(itemC.secret).toBe(none.body.data.secret);
    expect(itemC).not.toHaveProperty('previous_secret');
    expect(itemC).not.toHaveProperty('previous_secret_expires_at');
  });

  it('keeps only the secret it replaces when rolled again during a grace: the oldest one is dropped', async () => {
    const { clientId, key } = await newClient();
    const created = await register(key);
    const first = await roll(key, created.id, { expire_old_in_seconds: 3600 });
    const second = await roll(key, created.id, { expire_old_in_seconds: 60 });
    const item = await stored(clientId, created.id);
    expect([item.secret, item.previous_secret]).toEqual([second.body.data.secret, first.body.data.secret]);
    expect(JSON.stringify(item)).not.toContain(created.secret);
    expect(Date.parse(String(item.previous_secret_expires_at))).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it.each([
    [{ expire_old_in_seconds: -1 }, 'must be an integer from 0 to 604800'],
    [{ expire_old_in_seconds: 604_801 }, 'must be an integer from 0 to 604800'],
    [{ expire_old_in_seconds: 1.5 }, 'must be an integer'],
    [{ expire_old_in_seconds: '60' }, 'must be an integer'],
    [{ expire_old_in_seconds: null }, 'must be an integer'],
  ])('refuses %j with 400 naming expire_old_in_seconds, and changes nothing', async (body, message) => {
    const { clientId, key } = await newClient();
    const created = await register(key);
    const res = await roll(key, created.id, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validation('expire_old_in_seconds', message));
    expect((await stored(clientId, created.id)).secret).toBe(created.secret);
    expect(await rolledEvents(clientId)).toEqual([]);
  });

  it('refuses an unknown field with 400 naming it', async () => {
    const { key } = await newClient();
    const created = await register(key);
    const res = await roll(key, created.id, { expire_old_in_seconds: 60, secret: 'whsec_mine' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validation('secret', 'is not a recognized field'));
  });

  it("answers 404 for an unknown id and for another client's endpoint, which keeps its secret and records nothing", async () => {
    const owner = await newClient();
    const other = await newClient();
    const theirs = await register(owner.key);

    const res = await roll(other.key, theirs.id);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'Webhook endpoint not found' } });
    expect((await roll(other.key, 'whe_01ARZ3NDEKTSV4RRFFQ69G5FAV')).status).toBe(404);
    expect((await roll(other.key, 'whe_nope')).status).toBe(400);

    const item = await stored(owner.clientId, theirs.id);
    expect(item.secret).toBe(theirs.secret);
    expect(item).not.toHaveProperty('previous_secret');
    expect(await rolledEvents(owner.clientId)).toEqual([]);
    expect(await rolledEvents(other.clientId)).toEqual([]);
  });

  it('answers 404 for a deleted endpoint', async () => {
    const { key } = await newClient();
    const created = await register(key);
    expect((await call('DELETE', `/webhook/endpoints/${created.id}`, { key })).status).toBe(200);
    expect((await roll(key, created.id)).status).toBe(404);
  });

  it('rolls once for a repeated Idempotency-Key, answering the same new secret again', async () => {
    const { clientId, key } = await newClient();
    const created = await register(key);
    const headers = { 'Idempotency-Key': `roll-${randomUUID()}` };
    const first = await roll(key, created.id, { expire_old_in_seconds: 60 }, headers);
    const replay = await roll(key, created.id, { expire_old_in_seconds: 60 }, headers);
    expect([first.status, replay.status]).toEqual([200, 200]);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const item = await stored(clientId, created.id);
    expect([item.secret, item.previous_secret]).toEqual([first.body.data.secret, created.secret]);
    expect(await rolledEvents(clientId)).toHaveLength(1);
    const reused = await roll(key, created.id, { expire_old_in_seconds: 61 }, headers);
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('webhook_endpoint.secret_rolled', () => {
  it('is recorded with the roll: the endpoint as GET shows it, the request, and no secret anywhere', async () => {
    const { clientId, key } = await newClient();
    const created = await register(key);
    const idempotencyKey = `roll-${randomUUID()}`;
    const res = await roll(key, created.id, { expire_old_in_seconds: 60 }, { 'Idempotency-Key': idempotencyKey });

    const events = await rolledEvents(clientId);
    expect(events).toEqual([
      {
        id: expect.stringMatching(/^evt_/),
        type: 'webhook_endpoint.secret_rolled',
        api_version: 'v1',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        data: { object: (await call('GET', `/webhook/endpoints/${created.id}`, { key })).body.data },
        request: { id: res.headers.get('x-request-id'), idempotency_key: idempotencyKey },
      },
    ]);
    const text = JSON.stringify(events);
    expect(text).not.toContain(created.secret);
    expect(text).not.toContain(res.body.data.secret);
    expect(text).not.toContain('whsec_');
    const shown = await call('GET', `/event/${events[0]!.id}`, { key });
    expect(shown.body.data).toEqual(events[0]);
    const listed = await call('GET', '/events?type=webhook_endpoint.secret_rolled', { key });
    expect(listed.body.data).toEqual(events);
  });

  it('can be subscribed to alone, like the payment types', async () => {
    const { key } = await newClient();
    const created = await register(key, { url: localUrl(), enabled_events: ['webhook_endpoint.secret_rolled'] });
    expect(created.enabled_events).toEqual(['webhook_endpoint.secret_rolled']);
  });

  it('is recorded once per roll that changed the secret when rolls race, each answered roll replacing the one before', async () => {
    const { clientId, key } = await newClient();
    const created = await register(key);
    const answers = await Promise.all(Array.from({ length: 6 }, () => roll(key, created.id, { expire_old_in_seconds: 600 })));
    const rolled = answers.filter((res) => res.status === 200).map((res) => res.body.data.secret as string);
    // A roll that lost every race is a 429 with nothing written, never a 500.
    expect(answers.every((res) => res.status === 200 || res.status === 429)).toBe(true);
    expect(rolled.length).toBeGreaterThan(0);
    expect(new Set(rolled).size).toBe(rolled.length);
    expect(await rolledEvents(clientId)).toHaveLength(rolled.length);
    const item = await stored(clientId, created.id);
    expect(rolled).toContain(item.secret);
    // The secret it replaced is the one the previous successful roll answered (or the first secret).
    expect([created.secret, ...rolled]).toContain(item.previous_secret);
    expect(item.previous_secret).not.toBe(item.secret);
  });
});
