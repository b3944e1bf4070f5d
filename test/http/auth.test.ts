import { randomBytes } from 'node:crypto';
import { putItem } from '../../lib/db/requests';
import { apiKeyHashEntity } from '../../lib/auth/items';
import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../../lib/auth/api-key';
import { revokeKey } from '../../lib/auth/key-repository';
import { scopes } from '../../lib/scopes';
import { call, newClient, testDb } from '../support/fixtures';

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
  });

  it('answers 401 for a key that names a client but was never issued to it', async () => {
    const { clientId } = await newClient();
    const res = await call('GET', '/payment/channels', { key: `sk_sbx_${clientId}_${'A'.repeat(43)}` });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(unauthorized);
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
