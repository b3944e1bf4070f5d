import { randomBytes } from 'node:crypto';
import { putItem } from '../../lib/db/requests';
import { apiKeyHashEntity } from '../../lib/auth/items';
import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../../lib/auth/api-key';
import { createKey, revokeKey } from '../../lib/auth/key-repository';
import { scopes } from '../../lib/scopes';
import { call, newClient, testDb } from '../support/fixtures';
import { paymentBody } from '../support/payments';

const unauthorized = { success: false, error: { code: 'UNAUTHORIZED', message: 'Invalid or missing API key' } };
const forbidden = { success: false, error: { code: 'FORBIDDEN', message: 'Insufficient permissions for this operation' } };

describe('authentication and scopes', () => {
  it('answers 401 with the exact body when the Authorization header is missing', async () => {
    const res = await call('GET', '/payment/channels');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(unauthorized);
  });

  it('answers 401 for a scheme other than Bearer', async () => {
    const { key } = await newClient();
    const res = await call('GET', '/payment/channels', { headers: { authorization: `Basic ${key}` } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(unauthorized);
  });

  it('accepts the Bearer scheme in any letter case', async () => {
    const { key } = await newClient();
    const res = await call('GET', '/payment/channels', { headers: { authorization: `bEaReR ${key}` } });
    expect(res.status).toBe(200);
  });

  it('answers 401 for a well-formed key that was never issued', async () => {
    const res = await call('GET', '/payment/channels', { key: `sk_sbx_${'A'.repeat(43)}` });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(unauthorized);
  });

  it('answers 401 for a malformed key', async () => {
    const res = await call('GET', '/payment/channels', { key: 'not-a-key' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(unauthorized);
  });

  it('refuses a revoked key on its very next request', async () => {
    const client = await newClient();
    expect((await call('GET', '/payment/channels', { key: client.key })).status).toBe(200);
    await revokeKey(testDb(), client.keyId);
    const res = await call('GET', '/payment/channels', { key: client.key });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(unauthorized);
  });

  it("admits a key made before keys named their client (sk_sbx_ and 43 random characters), with its client's clock and data", async () => {
    const { clientId, key: current } = await newClient();
    const older = `sk_sbx_${randomBytes(32).toString('base64url')}`;
    await putItem(testDb(), {
      Item: apiKeyHashEntity.toItem({ hash: hashApiKey(older), client_id: clientId, key_id: 'key_01M88G2K1GYS6SBYVJQTC86CN6', scopes: [...scopes] }),
    });
    await call('POST', '/sandbox/clock/advance', { key: current, body: { seconds: 3600 } });

    const clock = await call('GET', '/sandbox/clock', { key: older });
    expect(clock.status).toBe(200);
    expect(clock.body.data.offset_seconds).toBe(3600);
    expect((await call('GET', '/transactions', { key: older })).status).toBe(200);
    // The catalog reads no client clock: the older key's record alone admits it.
    expect((await call('GET', '/payment/channels', { key: older })).status).toBe(200);
  });

  it('answers 401 for a key that names a client but was never issued to it', async () => {
    const { clientId } = await newClient();
    const res = await call('GET', '/payment/channels', { key: `sk_sbx_${clientId}_${'A'.repeat(43)}` });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(unauthorized);
  });

  describe('a read of one item by its path (admission reads it with the key: lib/db/prefetch.ts)', () => {
    async function victimTransaction(): Promise<{ clientId: string; key: string; keyId: string; id: string }> {
      const victim = await newClient();
      const created = await call('POST', '/payment/create', { key: victim.key, body: paymentBody() });
      expect(created.status).toBe(201);
      return { ...victim, id: created.body.data.id };
    }

    it("shows nothing of another client's transaction to a key that names that client but was never issued to it", async () => {
      const victim = await victimTransaction();
      const res = await call('GET', `/transaction/${victim.id}`, { key: `sk_sbx_${victim.clientId}_${'A'.repeat(43)}` });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(unauthorized);
    });

    it('refuses a revoked key on its very next read of a transaction, an event, an endpoint and its deliveries', async () => {
      const client = await victimTransaction();
      const event = (await call('GET', '/events?limit=1', { key: client.key })).body.data[0].id;
      const endpoint = await call('POST', '/webhook/endpoints', { key: client.key, body: { url: 'http://127.0.0.1:9/hooks' } });
      const paths = [`/transaction/${client.id}`, `/event/${event}`, `/event/${event}/deliveries`, `/webhook/endpoints/${endpoint.body.data.id}`];
      for (const path of paths) expect((await call('GET', path, { key: client.key })).status, path).toBe(200);
      await revokeKey(testDb(), client.keyId);
      for (const path of paths) {
        const res = await call('GET', path, { key: client.key });
        expect(res.status, path).toBe(401);
        expect(res.body).toEqual(unauthorized);
      }
    });

    it('answers 403 to a key without the scope, 400 to a malformed id and 404 to an unknown one, each as before', async () => {
      const client = await victimTransaction();
      const channelsOnly = (await createKey(testDb(), { clientId: client.clientId, scopes: ['channels:read'] })).key;
      expect((await call('GET', `/transaction/${client.id}`, { key: channelsOnly })).body).toEqual(forbidden);
      const malformed = await call('GET', '/transaction/not-an-id', { key: client.key });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.code).toBe('VALIDATION_ERROR');
      const unknown = await call('GET', `/transaction/${client.id.slice(0, -1)}${client.id.endsWith('A') ? 'B' : 'A'}`, { key: client.key });
      expect(unknown.status).toBe(404);
    });

    it("reads another client's id as unknown: 404, with the reader's own partition read ahead", async () => {
      const victim = await victimTransaction();
      const reader = await newClient();
      const res = await call('GET', `/transaction/${victim.id}`, { key: reader.key });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    });

    it('shows a transaction as it is after a change, read ahead on the very next request', async () => {
      const client = await victimTransaction();
      expect((await call('GET', `/transaction/${client.id}`, { key: client.key })).body.data.status).toBe('pending');
      expect((await call('POST', `/transaction/${client.id}/cancel`, { key: client.key, body: {} })).status).toBe(200);
      expect((await call('GET', `/transaction/${client.id}`, { key: client.key })).body.data.status).toBe('cancelled');
    });
  });

  it('answers 403 with the exact body when the key lacks the scope', async () => {
    const { key } = await newClient(['transactions:read']);
    const res = await call('GET', '/payment/channels', { key });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(forbidden);
  });

  it('sends JSON with a request id on every response, errors included', async () => {
    const res = await call('GET', '/payment/channels');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('routing', () => {
  it('answers 404 NOT_FOUND in the envelope for an unknown path, before authentication', async () => {
    const res = await call('GET', '/no/such/path');
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('answers 405 with an Allow header for a known path and the wrong method', async () => {
    const res = await call('DELETE', '/payment/channels');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(res.body.error.code).toBe('METHOD_NOT_ALLOWED');
  });
});
