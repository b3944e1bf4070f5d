import { describe, expect, it } from 'vitest';
import { scopes } from '../../lib/scopes';
import { call, newClient } from '../support/fixtures';

/**
 * PATCH /webhook/endpoints/{id} and the endpoint's delivery chaos (docs/api.md §17, decision 0265)
 * through the local server, which runs the local URL policy.
 */

const localUrl = (path = 'hooks') => `http://127.0.0.1:4242/${path}`;
const NO_CHAOS = { duplicates: 0, reverse_order: false, delay_seconds: 0 };

async function createOk(key: string, body: Record<string, unknown> = { url: localUrl() }) {
  const res = await call('POST', '/webhook/endpoints', { key, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const patch = (key: string, id: string, body: unknown, headers?: Record<string, string>) => call('PATCH', `/webhook/endpoints/${id}`, { key, body, headers });

const updatedEvents = async (key: string) => (await call('GET', '/events?type=webhook_endpoint.updated', { key })).body.data;

describe('chaos on POST /webhook/endpoints', () => {
  it('is all off unless asked, and a create may set any part of it', async () => {
    const { key } = await newClient();
    expect((await createOk(key)).chaos).toEqual(NO_CHAOS);
    const chaotic = await createOk(key, { url: localUrl(), chaos: { duplicates: 2, delay_seconds: 30 } });
    expect(chaotic.chaos).toEqual({ duplicates: 2, reverse_order: false, delay_seconds: 30 });
    expect((await call('GET', `/webhook/endpoints/${chaotic.id}`, { key })).body.data.chaos).toEqual(chaotic.chaos);
  });

  it.each([
    [{ duplicates: 4 }, 'chaos.duplicates', 'must be an integer from 0 to 3'],
    [{ duplicates: 1.5 }, 'chaos.duplicates', 'must be an integer'],
    [{ delay_seconds: 301 }, 'chaos.delay_seconds', 'must be an integer from 0 to 300'],
    [{ delay_seconds: -1 }, 'chaos.delay_seconds', 'must be an integer from 0 to 300'],
    [{ reverse_order: 'yes' }, 'chaos.reverse_order', 'must be true or false'],
  ])('refuses chaos %j with 400 naming %s', async (chaos, field, message) => {
    const { key } = await newClient();
    const res = await call('POST', '/webhook/endpoints', { key, body: { url: localUrl(), chaos } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([{ field, message }]);
    expect((await call('GET', '/webhook/endpoints', { key })).body.data).toEqual([]);
  });

  it('refuses an unknown chaos field, as every body refuses unknown fields', async () => {
    const { key } = await newClient();
    const res = await call('POST', '/webhook/endpoints', { key, body: { url: localUrl(), chaos: { duplicate: 1 } } });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toMatch(/^chaos/);
  });
});

describe('PATCH /webhook/endpoints/{id}', () => {
  it('changes the fields given, keeps the others, and merges chaos field by field', async () => {
    const { key } = await newClient();
    const created = await createOk(key, { url: localUrl(), description: 'Orders', chaos: { delay_seconds: 5 } });
    const res = await patch(key, created.id, {
      url: localUrl('v2'),
      enabled_events: ['payment.settled'],
      status: 'disabled',
      chaos: { duplicates: 1, reverse_order: true },
    });
    expect(res.status).toBe(200);
    const { secret: _secret, ...shown } = created;
    const expected = {
      ...shown,
      url: localUrl('v2'),
      enabled_events: ['payment.settled'],
      status: 'disabled',
      chaos: { duplicates: 1, reverse_order: true, delay_seconds: 5 },
    };
    expect(res.body.data).toEqual(expected);
    expect(res.body.data).not.toHaveProperty('secret');
    expect((await call('GET', `/webhook/endpoints/${created.id}`, { key })).body.data).toEqual(expected);

    const enabled = await patch(key, created.id, { status: 'enabled', description: null });
    expect(enabled.body.data).toMatchObject({ status: 'enabled', description: null, url: localUrl('v2') });
  });

  it('records webhook_endpoint.updated with the endpoint and the old values of what changed', async () => {
    const { key } = await newClient();
    const created = await createOk(key);
    const res = await patch(key, created.id, { chaos: { duplicates: 1 }, description: 'now' });
    const [event] = await updatedEvents(key);
    expect(event.data.object).toEqual(res.body.data);
    expect(event.data.previous_attributes).toEqual({ description: null, chaos: NO_CHAOS });
    expect(event.request.id).toBe(res.headers.get('x-request-id'));
  });

  it('writes nothing and records nothing when nothing changes', async () => {
    const { key } = await newClient();
    const created = await createOk(key, { url: localUrl(), description: 'same' });
    expect((await patch(key, created.id, {})).status).toBe(200);
    const same = await patch(key, created.id, { description: 'same', chaos: { duplicates: 0 } });
    expect(same.status).toBe(200);
    expect(same.body.data.description).toBe('same');
    expect(await updatedEvents(key)).toEqual([]);
  });

  it('re-checks a new url under the URL policy, as a create does, and changes nothing when it is refused', async () => {
    const { key } = await newClient();
    const created = await createOk(key);
    for (const [url, message] of [
      ['http://10.0.0.1/hooks', 'must not point to a private, loopback or link-local address'],
      ['ftp://127.0.0.1/hooks', expect.any(String)],
    ] as const) {
      const res = await patch(key, created.id, { url, status: 'disabled' });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details).toEqual([{ field: 'url', message }]);
    }
    expect((await call('GET', `/webhook/endpoints/${created.id}`, { key })).body.data).toMatchObject({ url: localUrl(), status: 'enabled' });
    expect(await updatedEvents(key)).toEqual([]);
  });

  it.each([
    [{ status: 'paused' }, 'status', 'must be enabled or disabled'],
    [{ enabled_events: [] }, 'enabled_events', 'must list at least one event type, or be ["*"]'],
    [{ chaos: { duplicates: 9 } }, 'chaos.duplicates', 'must be an integer from 0 to 3'],
  ])('refuses %j with 400 naming %s', async (body, field, message) => {
    const { key } = await newClient();
    const { id } = await createOk(key);
    const res = await patch(key, id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field, message }] });
  });

  it('refuses an unknown field, and never lets the secret or the id be set', async () => {
    const { key } = await newClient();
    const { id } = await createOk(key);
    for (const body of [
      { secret: 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      { id: 'whe_01ARZ3NDEKTSV4RRFFQ69G5FAV' },
      { created_at: '2020-01-01T00:00:00.000Z' },
    ]) {
      const res = await patch(key, id, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it("is 404 for another client's endpoint and leaves it as it was; 404 for a deleted one", async () => {
    const owner = await newClient();
    const other = await newClient();
    const { id } = await createOk(owner.key);
    const res = await patch(other.key, id, { status: 'disabled', url: localUrl('stolen') });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect((await call('GET', `/webhook/endpoints/${id}`, { key: owner.key })).body.data).toMatchObject({ status: 'enabled', url: localUrl() });
    expect(await updatedEvents(other.key)).toEqual([]);
    expect(await updatedEvents(owner.key)).toEqual([]);

    expect((await call('DELETE', `/webhook/endpoints/${id}`, { key: owner.key })).status).toBe(200);
    expect((await patch(owner.key, id, { status: 'disabled' })).status).toBe(404);
  });

  it('loses no update when two change different fields at once: both changes hold, each recorded once', async () => {
    const { key } = await newClient();
    const { id } = await createOk(key);
    const answers = await Promise.all([
      patch(key, id, { description: 'first' }),
      patch(key, id, { chaos: { duplicates: 2 } }),
      patch(key, id, { enabled_events: ['payment.created'] }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const now = (await call('GET', `/webhook/endpoints/${id}`, { key })).body.data;
    expect(now).toMatchObject({ description: 'first', chaos: { duplicates: 2 }, enabled_events: ['payment.created'] });
    expect(await updatedEvents(key)).toHaveLength(3);
  });

  it('replays its first answer for a retry with the same Idempotency-Key', async () => {
    const { key } = await newClient();
    const { id } = await createOk(key);
    const headers = { 'idempotency-key': `patch-${id}` };
    const first = await patch(key, id, { description: 'once' }, headers);
    const retry = await patch(key, id, { description: 'once' }, headers);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await updatedEvents(key)).toHaveLength(1);
  });

  it('needs webhooks:write', async () => {
    const { key } = await newClient(scopes.filter((s) => s !== 'webhooks:write'));
    const res = await patch(key, 'whe_01ARZ3NDEKTSV4RRFFQ69G5FAV', { status: 'disabled' });
    expect(res.status).toBe(403);
  });

  it('is 400 for a malformed id', async () => {
    const { key } = await newClient();
    expect((await patch(key, 'whe_nope', { status: 'disabled' })).status).toBe(400);
  });
});
