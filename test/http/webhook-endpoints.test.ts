import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { scopes } from '../../lib/scopes';
import { call, newClient } from '../support/fixtures';

/**
 * The webhook endpoints resource (docs/api.md §11) through the local server, which runs the local
 * URL policy (`npm start`: http and loopback accepted, nothing else private). The deployed policy
 * is tested in webhook-url-policy-deployed.test.ts and test/unit/webhook-url-policy.test.ts.
 */

const ENDPOINT_ID = /^whe_[0-7][0-9A-HJKMNP-TV-Z]{25}$/;
const SECRET = /^whsec_[A-Za-z0-9+/]{32}$/;
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** A receiver on this machine, as a developer running `npm start` would register. */
const localUrl = (path = 'hooks') => `http://127.0.0.1:4242/${path}`;

const create = (key: string, body: unknown, headers?: Record<string, string>) => call('POST', '/webhook/endpoints', { key, body, headers });

async function createOk(key: string, body: Record<string, unknown> = { url: localUrl() }) {
  const res = await create(key, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const validation = (field: string, message: string) => ({
  success: false,
  error: { code: 'VALIDATION_ERROR', message: 'Request validation failed', details: [{ field, message }] },
});

describe('POST /webhook/endpoints', () => {
  it('registers an endpoint and answers it with a secret that signs with 24 random bytes', async () => {
    const { key } = await newClient();
    const res = await create(key, { url: localUrl(), enabled_events: ['payment.settled', 'refund.created'], description: 'Order service' });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(ENDPOINT_ID),
      url: localUrl(),
      enabled_events: ['payment.settled', 'refund.created'],
      description: 'Order service',
      status: 'enabled',
      chaos: { duplicates: 0, reverse_order: false, delay_seconds: 0 },
      secret: expect.stringMatching(SECRET),
      created_at: expect.stringMatching(TIMESTAMP),
    });
    expect(Buffer.from(res.body.data.secret.slice('whsec_'.length), 'base64')).toHaveLength(24);
    expect(Object.keys(res.body.data)).toEqual(['id', 'url', 'enabled_events', 'description', 'status', 'chaos', 'secret', 'created_at']);
  });

  it('subscribes to every event type and has no description when the body gives only the url', async () => {
    const { key } = await newClient();
    const data = await createOk(key, { url: localUrl() });
    expect(data).toMatchObject({ enabled_events: ['*'], description: null, status: 'enabled' });
  });

  it('gives every endpoint its own secret', async () => {
    const { key } = await newClient();
    const first = await createOk(key);
    const second = await createOk(key);
    expect(first.secret).not.toBe(second.secret);
  });

  it.each([['http://127.0.0.1:4242/hooks'], ['http://localhost:8080/webhooks?source=sandbox'], ['http://[::1]:3001/hook'], ['https://127.0.0.2/hook']])(
    'accepts the loopback URL %s on the local sandbox',
    async (url) => {
      const { key } = await newClient();
      expect((await createOk(key, { url })).url).toBe(url);
    },
  );

  it.each([
    ['http://10.0.0.1/hooks', 'must not point to a private, loopback or link-local address'],
    ['http://192.168.1.20:8080/hooks', 'must not point to a private, loopback or link-local address'],
    ['http://169.254.169.254/latest/meta-data', 'must not point to a private, loopback or link-local address'],
    ['http://[fd00:ec2::254]/', 'must not point to a private, loopback or link-local address'],
    ['http://[::ffff:10.0.0.1]/', 'must not point to a private, loopback or link-local address'],
    ['ftp://127.0.0.1/hooks', 'must use http or https'],
    ['http://user:secret@127.0.0.1/hooks', 'must not contain a user name or password'],
    ['/hooks', 'must be an absolute URL such as https://example.com/webhooks'],
    [' http://127.0.0.1/hooks', 'must not contain spaces or control characters'],
    [`http://127.0.0.1/${'a'.repeat(2048)}`, 'must be at most 2048 characters'],
    ['http://no-such-host.invalid/hooks', 'must name a host that resolves to an address'],
  ])('refuses %s locally with 400 naming url', async (url, message) => {
    const { key } = await newClient();
    const res = await create(key, { url });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validation('url', message));
  });

  it.each([
    [{}, 'url', 'is required'],
    [{ url: 42 }, 'url', 'must be a string'],
    [{ url: localUrl(), enabled_events: [] }, 'enabled_events', 'must list at least one event type, or be ["*"]'],
    [{ url: localUrl(), enabled_events: 'payment.settled' }, 'enabled_events', 'must be a list of event types'],
    [{ url: localUrl(), enabled_events: ['payment.settled', '*'] }, 'enabled_events', 'must be ["*"] alone, or a list of event types without "*"'],
    [{ url: localUrl(), enabled_events: ['payment.settled', 'payment.settled'] }, 'enabled_events', 'must not list an event type twice'],
    [
      { url: localUrl(), enabled_events: ['payment.settled', 'payment.setled'] },
      'enabled_events.1',
      'must be one of payment.created, payment.settled, payment.failed, payment.cancelled, payment.expired, refund.created, payment.refunded, webhook_endpoint.secret_rolled, webhook_endpoint.updated, api_key.created, api_key.rolled, api_key.revoked, api_key.expired, *',
    ],
    [{ url: localUrl(), description: 'x'.repeat(256) }, 'description', 'must be at most 255 characters'],
    [{ url: localUrl(), secret: 'whsec_mine' }, 'secret', 'is not a recognized field'],
  ])('refuses %j with 400 naming %s', async (body, field, message) => {
    const { key } = await newClient();
    const res = await create(key, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validation(field, message));
  });

  it('names every bad field at once', async () => {
    const { key } = await newClient();
    const res = await create(key, { url: 'not a url', enabled_events: [], status: 'disabled' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['enabled_events', 'status', 'url']);
  });

  it('refuses an 11th endpoint with 409 LIMIT_EXCEEDED, and takes one again after a delete', async () => {
    const { key } = await newClient();
    const created = [];
    for (let i = 0; i < 10; i++) created.push(await createOk(key, { url: localUrl(`hook-${i}`) }));
    const refused = await create(key, { url: localUrl('one-too-many') });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      success: false,
      error: { code: 'LIMIT_EXCEEDED', message: 'At most 10 webhook endpoints per client' },
    });
    expect((await call('DELETE', `/webhook/endpoints/${created[3].id}`, { key })).status).toBe(200);
    await createOk(key, { url: localUrl('in-its-place') });
    expect((await create(key, { url: localUrl('again-too-many') })).status).toBe(409);
  });

  it('keeps exactly 10 endpoints when 20 creates race', async () => {
    const { key } = await newClient();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => create(key, { url: localUrl(`race-${i}`) })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(10).fill(201), ...Array(10).fill(409)]);
    const listed = await call('GET', '/webhook/endpoints?limit=100', { key });
    expect(listed.body.data).toHaveLength(10);
    expect(new Set(listed.body.data.map((e: { id: string }) => e.id))).toEqual(new Set(answers.filter((a) => a.status === 201).map((a) => a.body.data.id)));
  });

  it('replays the create, secret included, when the same Idempotency-Key is sent again', async () => {
    const { key } = await newClient();
    const headers = { 'Idempotency-Key': randomUUID() };
    const first = await create(key, { url: localUrl() }, headers);
    const replay = await create(key, { url: localUrl() }, headers);
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect((await call('GET', '/webhook/endpoints', { key })).body.data).toHaveLength(1);
  });
});

describe('GET /webhook/endpoints and GET /webhook/endpoints/{id}', () => {
  it('reads an endpoint back exactly as created, without its secret', async () => {
    const { key } = await newClient();
    const { secret, ...endpoint } = await createOk(key, { url: localUrl(), enabled_events: ['payment.expired'], description: 'expiry' });
    expect(secret).toMatch(SECRET);
    const res = await call('GET', `/webhook/endpoints/${endpoint.id}`, { key });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(endpoint);
  });

  it('lists the endpoints newest first, a page at a time, never with a secret', async () => {
    const { key } = await newClient();
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await createOk(key, { url: localUrl(`list-${i}`) }));
    const newestFirst = created.reverse().map(({ secret: _secret, ...endpoint }) => endpoint);

    const first = await call('GET', '/webhook/endpoints?limit=2', { key });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual(newestFirst.slice(0, 2));
    expect(first.body.pagination).toEqual({ limit: 2, has_more: true, next_cursor: expect.any(String) });
    const second = await call('GET', `/webhook/endpoints?limit=2&cursor=${encodeURIComponent(first.body.pagination.next_cursor)}`, { key });
    expect(second.body.data).toEqual(newestFirst.slice(2));
    expect(second.body.pagination).toEqual({ limit: 2, has_more: false, next_cursor: null });
    expect(JSON.stringify([first.body, second.body])).not.toContain('whsec_');
  });

  it('lists nothing for a client without endpoints', async () => {
    const { key } = await newClient();
    const res = await call('GET', '/webhook/endpoints', { key });
    expect(res.body).toEqual({ success: true, data: [], pagination: { limit: 20, has_more: false, next_cursor: null } });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const { key } = await newClient();
    const unknown = await call('GET', '/webhook/endpoints/whe_01ARZ3NDEKTSV4RRFFQ69G5FAV', { key });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'Webhook endpoint not found' } });
    const malformed = await call('GET', '/webhook/endpoints/txn_01ARZ3NDEKTSV4RRFFQ69G5FAV', { key });
    expect(malformed.body).toEqual(validation('id', 'must be a webhook endpoint id (whe_ followed by a ULID)'));
  });

  it('refuses a query parameter it does not know', async () => {
    const { key } = await newClient();
    const res = await call('GET', '/webhook/endpoints?status=enabled', { key });
    expect(res.body).toEqual(validation('status', 'is not a recognized query parameter'));
  });
});

describe('DELETE /webhook/endpoints/{id}', () => {
  it('deletes an endpoint and answers it as it was; afterwards it is gone and a second delete is 404', async () => {
    const { key } = await newClient();
    const { secret: _secret, ...endpoint } = await createOk(key);
    const res = await call('DELETE', `/webhook/endpoints/${endpoint.id}`, { key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: endpoint });
    expect((await call('GET', `/webhook/endpoints/${endpoint.id}`, { key })).status).toBe(404);
    expect((await call('GET', '/webhook/endpoints', { key })).body.data).toEqual([]);
    const again = await call('DELETE', `/webhook/endpoints/${endpoint.id}`, { key });
    expect(again.status).toBe(404);
    expect(again.body.error).toEqual({ code: 'NOT_FOUND', message: 'Webhook endpoint not found' });
  });

  it('replays the first answer to a delete retried with its Idempotency-Key', async () => {
    const { key } = await newClient();
    const { id } = await createOk(key);
    const headers = { 'Idempotency-Key': randomUUID() };
    const first = await call('DELETE', `/webhook/endpoints/${id}`, { key, headers });
    const retry = await call('DELETE', `/webhook/endpoints/${id}`, { key, headers });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
  });

  it('ignores a body, as GET does', async () => {
    const { key } = await newClient();
    const { id } = await createOk(key);
    const res = await call('DELETE', `/webhook/endpoints/${id}`, { key, rawBody: 'not json', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(id);
  });

  it('lets only one of two racing deletes succeed; the other is 404', async () => {
    const { key } = await newClient();
    const { id } = await createOk(key);
    const answers = await Promise.all([1, 2].map(() => call('DELETE', `/webhook/endpoints/${id}`, { key })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    // The count went down once: ten more fit.
    for (let i = 0; i < 10; i++) await createOk(key, { url: localUrl(`after-race-${i}`) });
    expect((await create(key, { url: localUrl('eleventh') })).status).toBe(409);
  });
});

describe('webhook endpoints of another client', () => {
  it('are 404 on get and delete, never listed, and left in place', async () => {
    const owner = await newClient();
    const other = await newClient();
    const { id } = await createOk(owner.key);
    await createOk(other.key);

    expect((await call('GET', `/webhook/endpoints/${id}`, { key: other.key })).status).toBe(404);
    expect((await call('DELETE', `/webhook/endpoints/${id}`, { key: other.key })).status).toBe(404);
    const listed = await call('GET', '/webhook/endpoints', { key: other.key });
    expect(listed.body.data.map((e: { id: string }) => e.id)).not.toContain(id);
    expect(listed.body.data).toHaveLength(1);
    expect((await call('GET', `/webhook/endpoints/${id}`, { key: owner.key })).status).toBe(200);
  });

  it("do not count against this client's limit", async () => {
    const owner = await newClient();
    const other = await newClient();
    for (let i = 0; i < 10; i++) await createOk(owner.key, { url: localUrl(`owner-${i}`) });
    await createOk(other.key);
  });
});

describe('scopes', () => {
  it.each([
    ['POST', '/webhook/endpoints'],
    ['GET', '/webhook/endpoints'],
    ['GET', '/webhook/endpoints/whe_01ARZ3NDEKTSV4RRFFQ69G5FAV'],
    ['DELETE', '/webhook/endpoints/whe_01ARZ3NDEKTSV4RRFFQ69G5FAV'],
  ])('%s %s needs webhooks:write: every other scope is 403', async (method, path) => {
    const { key } = await newClient(scopes.filter((s) => s !== 'webhooks:write'));
    const res = await call(method, path, { key, body: method === 'POST' ? { url: localUrl() } : undefined });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
  });

  it('webhooks:write alone is enough for all four', async () => {
    const { key } = await newClient(['webhooks:write']);
    const { id } = await createOk(key);
    expect((await call('GET', '/webhook/endpoints', { key })).status).toBe(200);
    expect((await call('GET', `/webhook/endpoints/${id}`, { key })).status).toBe(200);
    expect((await call('DELETE', `/webhook/endpoints/${id}`, { key })).status).toBe(200);
  });
});

describe('routing', () => {
  it('answers 405 with Allow for the methods a webhook path does not take', async () => {
    const collection = await call('DELETE', '/webhook/endpoints');
    expect(collection.status).toBe(405);
    expect(collection.headers.get('allow')).toBe('POST, GET');
    const one = await call('POST', '/webhook/endpoints/whe_01ARZ3NDEKTSV4RRFFQ69G5FAV');
    expect(one.status).toBe(405);
    expect(one.headers.get('allow')).toBe('GET, DELETE, PATCH');
  });
});
