import { CreateUserPoolClientCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { identityClient } from '../../infra/local/identity-client';
import { createKey } from '../../lib/auth/key-repository';
import { MAX_LIVE_KEYS } from '../../lib/objects/api-key-object';
import { routeList } from '../../lib/routes';
import { call, newClient, testDb } from '../support/fixtures';
import { claimsOf, forge, newPerson, TEST_PASSWORD, withoutClaim, type TestPerson } from '../support/sessions';
import { startReceiver, verified, type Receiver } from '../support/webhook-receiver';

/**
 * Accounts and API keys (docs/api.md §14) through the run's local server and its identity emulator:
 * people sign up, confirm with the code the emulator "e-mailed", sign in, and use their access token
 * where a server key goes; the account routes take a session only.
 */

const UNAUTHORIZED = { success: false, error: { code: 'UNAUTHORIZED', message: 'Invalid or missing API key' } };
const FORBIDDEN = { success: false, error: { code: 'FORBIDDEN', message: 'Insufficient permissions for this operation' } };

const accountRoutes = routeList.filter((r) => r.credential.kind === 'session');
const pathOf = (path: string) => path.replace('{id}', 'key_01M80C9Y1V3X5Z7B9D1F3H5K7M');

let person: TestPerson;

beforeAll(async () => {
  person = await newPerson('Acme');
});

describe('a session', () => {
  it("is accepted wherever a server key is, with every scope of the person's own new client", async () => {
    const account = await call('GET', '/account', { key: person.token });
    expect(account.status).toBe(200);
    expect(account.body.data).toEqual({
      user: { email: person.email, created_at: expect.any(String) },
      client: { id: expect.stringMatching(/^cli_/), name: 'Acme', created_at: expect.any(String) },
    });
    const created = await call('POST', '/payment/create', {
      key: person.token,
      body: {
        order_id: 'SESSION-1',
        amount: 50_000,
        payment_method: 'bank_transfer',
        payment_channel: 'bca_va',
        customer: { name: 'Budi', email: 'budi@example.com' },
      },
    });
    expect(created.status).toBe(201);
    const got = await call('GET', `/transaction/${created.body.data.id}`, { key: person.token });
    expect(got.body.data.order_id).toBe('SESSION-1');
    expect((await call('POST', '/sandbox/clock/advance', { key: person.token, body: { seconds: 60 } })).status).toBe(200);
    // The catalog reads no client clock: the person's mapping alone admits it.
    expect((await call('GET', '/payment/channels', { key: person.token })).status).toBe(200);
  });

  it.each([
    ['expired', () => forge({ ...claimsOf(person.token), exp: Math.floor(Date.now() / 1000) - 60 })],
    ['without an exp (one that never expires)', () => forge(withoutClaim(claimsOf(person.token), 'exp'))],
    ['without an auth_time (no sign-in it began at)', () => forge(withoutClaim(claimsOf(person.token), 'auth_time'))],
    [
      'tampered',
      () => {
        const [header, , signature] = person.token.split('.');
        const payload = Buffer.from(JSON.stringify({ ...claimsOf(person.token), sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url');
        return `${header}.${payload}.${signature}`;
      },
    ],
    ['of another pool', () => forge({ ...claimsOf(person.token), iss: `${inject('identityEndpoint')}local_0therP00l` })],
    ['an id token, not an access token', () => person.idToken],
    ['signed by no key of the pool', () => `${person.token.slice(0, person.token.lastIndexOf('.'))}.${Buffer.from('not a signature').toString('base64url')}`],
  ])('is refused with the usual 401 when the token is %s', async (_what, token) => {
    const res = await call('GET', '/transactions', { key: token() });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });

  it("is refused with 401 when the token is another app client's (the wrong audience)", async () => {
    const cognito = identityClient(inject('identityEndpoint'));
    try {
      const { UserPoolClient } = await cognito.send(new CreateUserPoolClientCommand({ UserPoolId: inject('userPoolId'), ClientName: `other-${Date.now()}` }));
      const { AuthenticationResult } = await cognito.send(
        new InitiateAuthCommand({
          ClientId: UserPoolClient!.ClientId!,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: person.email, PASSWORD: TEST_PASSWORD },
        }),
      );
      const res = await call('GET', '/account', { key: AuthenticationResult!.AccessToken! });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(UNAUTHORIZED);
    } finally {
      cognito.destroy();
    }
  });
});

describe('the account routes', () => {
  it.each(accountRoutes.map((r) => [r.method, r.path] as const))('answer %s %s to a server key with 403, whatever its scopes', async (method, path) => {
    const { key } = await newClient();
    const res = await call(method, pathOf(path), { key, ...(method === 'POST' && { body: {} }) });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
  });

  it.each(accountRoutes.map((r) => [r.method, r.path] as const))('answer %s %s with 401 and no credential', async (method, path) => {
    const res = await call(method, pathOf(path), {});
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });
});

describe('keys made, rolled and revoked by a person', () => {
  it('makes a key shown once, which works at once and is listed without itself', async () => {
    const res = await call('POST', '/account/keys', { key: person.token, body: { label: 'ci', scopes: ['channels:read'] } });
    expect(res.status).toBe(201);
    const made = res.body.data;
    expect(made).toMatchObject({
      label: 'ci',
      scopes: ['channels:read'],
      status: 'active',
      created_by: `user:${person.email}`,
      last_used_at: null,
      expires_at: null,
    });
    expect(made.key.slice(-4)).toBe(made.last4);
    expect((await call('GET', '/payment/channels', { key: made.key })).status).toBe(200);
    expect((await call('GET', '/transactions', { key: made.key })).status).toBe(403);
    const listed = (await call('GET', '/account/keys', { key: person.token })).body.data.find((k: { id: string }) => k.id === made.id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('key');
    expect(JSON.stringify((await call('GET', '/account/keys', { key: person.token })).body)).not.toContain(made.key);
  });

  it('replays a make repeated with its Idempotency-Key without the key, which is never stored', async () => {
    const headers = { 'Idempotency-Key': `make-${Date.now()}` };
    const first = await call('POST', '/account/keys', { key: person.token, body: { label: 'once' }, headers });
    const again = await call('POST', '/account/keys', { key: person.token, body: { label: 'once' }, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.body.data.key).toMatch(/^sk_sbx_/);
    expect(again.body.data).toEqual({ ...first.body.data, key: null });
    const { Items = [] } = await testDb().doc.send(new ScanCommand({ TableName: testDb().tableName }));
    expect(JSON.stringify(Items)).not.toContain(first.body.data.key);
  });

  it('keeps last_used_at within 60 s of the last use', async () => {
    const { key, id } = (await call('POST', '/account/keys', { key: person.token, body: { label: 'used' } })).body.data;
    const before = Date.now();
    expect((await call('GET', '/payment/channels', { key })).status).toBe(200);
    const listed = (await call('GET', '/account/keys', { key: person.token })).body.data.find((k: { id: string }) => k.id === id);
    expect(Math.abs(Date.parse(listed.last_used_at) - before)).toBeLessThan(60_000);
  });

  it('rolls a key with a 2 s grace: both work, then the old one answers 401; a revoked key is refused at once', async () => {
    const old = (await call('POST', '/account/keys', { key: person.token, body: { label: 'rolling', expires_in_days: 30 } })).body.data;
    const rolledRes = await call('POST', `/account/keys/${old.id}/roll`, { key: person.token, body: { expire_old_in_seconds: 2 } });
    expect(rolledRes.status).toBe(201);
    const rolled = rolledRes.body.data;
    expect(rolled).toMatchObject({ label: 'rolling', scopes: old.scopes, status: 'active' });
    expect(Date.parse(rolled.expires_at) - Date.parse(rolled.created_at)).toBe(30 * 86_400_000);
    const listedOld = (await call('GET', '/account/keys', { key: person.token })).body.data.find((k: { id: string }) => k.id === old.id);
    expect(listedOld.status).toBe('expiring');
    expect((await call('GET', '/transactions', { key: old.key })).status).toBe(200);
    expect((await call('GET', '/transactions', { key: rolled.key })).status).toBe(200);
    await expect.poll(async () => (await call('GET', '/transactions', { key: old.key })).status, { timeout: 5_000, interval: 200 }).toBe(401);
    expect((await call('GET', '/transactions', { key: rolled.key })).status).toBe(200);
    expect((await call('POST', `/account/keys/${old.id}/roll`, { key: person.token })).body.error.code).toBe('INVALID_STATE');

    const revoked = await call('POST', `/account/keys/${rolled.id}/revoke`, { key: person.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ id: rolled.id, status: 'revoked', revoked_at: expect.any(String) });
    expect((await call('GET', '/transactions', { key: rolled.key })).body).toEqual(UNAUTHORIZED);
    const again = await call('POST', `/account/keys/${rolled.id}/revoke`, { key: person.token });
    expect(again.body.data.revoked_at).toBe(revoked.body.data.revoked_at);
    const rollRevoked = await call('POST', `/account/keys/${rolled.id}/roll`, { key: person.token });
    expect(rollRevoked.status).toBe(409);
    expect(rollRevoked.body.error).toEqual({ code: 'INVALID_STATE', message: 'Cannot roll a key whose status is revoked' });
  });

  it('rolls with a grace of 0: the old key is refused at once', async () => {
    const old = (await call('POST', '/account/keys', { key: person.token, body: {} })).body.data;
    const rolled = (await call('POST', `/account/keys/${old.id}/roll`, { key: person.token, body: { expire_old_in_seconds: 0 } })).body.data;
    expect((await call('GET', '/transactions', { key: old.key })).status).toBe(401);
    expect((await call('GET', '/transactions', { key: rolled.key })).status).toBe(200);
  });

  it('validates what it is asked, field by field', async () => {
    const res = await call('POST', '/account/keys', { key: person.token, body: { scopes: ['nope'], expires_in_days: 400, label: 7 } });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['expires_in_days', 'label', 'scopes.0']);
    expect((await call('POST', '/account/keys/key_01M80C9Y1V3X5Z7B9D1F3H5K7M/roll', { key: person.token, body: { expire_old_in_seconds: -1 } })).status).toBe(
      400,
    );
    expect((await call('POST', '/account/keys/key_01M80C9Y1V3X5Z7B9D1F3H5K7M/revoke', { key: person.token })).status).toBe(404);
    expect((await call('POST', '/account/keys/nope/revoke', { key: person.token })).status).toBe(400);
  });

  it(`refuses a key past ${MAX_LIVE_KEYS} live ones with 409 LIMIT_EXCEEDED, and makes one again once a key is revoked`, async () => {
    const crowded = await newPerson('Crowded');
    const made: string[] = [];
    for (let i = 0; i < MAX_LIVE_KEYS; i++) {
      const res = await call('POST', '/account/keys', { key: crowded.token, body: { label: `k${i}` } });
      expect(res.status).toBe(201);
      made.push(res.body.data.id);
    }
    const refused = await call('POST', '/account/keys', { key: crowded.token, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'LIMIT_EXCEEDED', message: `At most ${MAX_LIVE_KEYS} keys that are neither revoked nor expired per client` });
    await call('POST', `/account/keys/${made[0]}/revoke`, { key: crowded.token });
    expect((await call('POST', '/account/keys', { key: crowded.token, body: {} })).status).toBe(201);
  });

  it('lists the keys the admin CLI made for the client, as made by admin', async () => {
    const clientId = (await call('GET', '/account', { key: person.token })).body.data.client.id;
    const adminKey = await createKey(testDb(), { clientId, label: 'from-cli' });
    const listed = (await call('GET', '/account/keys', { key: person.token })).body.data.find((k: { id: string }) => k.id === adminKey.id);
    expect(listed).toMatchObject({ label: 'from-cli', created_by: 'admin', status: 'active' });
    const revoked = await call('POST', `/account/keys/${adminKey.id}/revoke`, { key: person.token });
    expect(revoked.body.data.status).toBe('revoked');
    expect((await call('GET', '/payment/channels', { key: adminKey.key })).status).toBe(401);
  });
});

describe('a reset of the client (docs/api.md §12)', () => {
  it('keeps the person, their keys and their session working', async () => {
    const someone = await newPerson('Reset me');
    const key = (await call('POST', '/account/keys', { key: someone.token, body: { label: 'kept' } })).body.data;
    expect((await call('POST', '/sandbox/reset', { key: someone.token })).status).toBe(200);
    expect((await call('GET', '/account', { key: someone.token })).body.data.client.name).toBe('Reset me');
    expect((await call('GET', '/account/keys', { key: someone.token })).body.data.map((k: { id: string }) => k.id)).toContain(key.id);
    expect((await call('GET', '/payment/channels', { key: key.key })).status).toBe(200);
  });
});

describe("one person never sees another's client", () => {
  let other: TestPerson;
  beforeAll(async () => {
    other = await newPerson('Other');
  });

  it('on any route: their transactions, events, endpoints, keys and cursors', async () => {
    const payment = await call('POST', '/payment/create', {
      key: person.token,
      body: {
        order_id: `ISO-${Date.now()}`,
        amount: 50_000,
        payment_method: 'bank_transfer',
        payment_channel: 'bca_va',
        customer: { name: 'Budi', email: 'budi@example.com' },
      },
    });
    const endpoint = await call('POST', '/webhook/endpoints', { key: person.token, body: { url: 'http://127.0.0.1:9/hooks' } });
    const key = (await call('POST', '/account/keys', { key: person.token, body: { label: 'mine' } })).body.data;
    const event = (await call('GET', '/events?limit=1', { key: person.token })).body.data[0];
    const page = await call('GET', '/account/keys?limit=1', { key: person.token });

    expect((await call('GET', `/transaction/${payment.body.data.id}`, { key: other.token })).status).toBe(404);
    expect((await call('POST', `/transaction/${payment.body.data.id}/cancel`, { key: other.token, body: {} })).status).toBe(404);
    expect((await call('GET', `/event/${event.id}`, { key: other.token })).status).toBe(404);
    expect((await call('GET', `/webhook/endpoints/${endpoint.body.data.id}`, { key: other.token })).status).toBe(404);
    expect((await call('POST', `/account/keys/${key.id}/roll`, { key: other.token })).status).toBe(404);
    expect((await call('POST', `/account/keys/${key.id}/revoke`, { key: other.token })).status).toBe(404);
    expect((await call('GET', '/transactions', { key: other.token })).body.data).toEqual([]);
    expect((await call('GET', '/settlements', { key: other.token })).body.data).toEqual([]);
    expect((await call('GET', '/webhook/endpoints', { key: other.token })).body.data).toEqual([]);
    const theirKeys = (await call('GET', '/account/keys', { key: other.token })).body.data;
    expect(theirKeys.map((k: { id: string }) => k.id)).not.toContain(key.id);
    const theirEvents = (await call('GET', '/events', { key: other.token })).body.data;
    expect(theirEvents).toEqual([]);
    // A cursor is bound to its client: another person's is a validation error, never their page.
    const stolen = await call('GET', `/account/keys?cursor=${encodeURIComponent(page.body.pagination.next_cursor)}`, { key: other.token });
    expect(stolen.status).toBe(400);
    // The key still works for its own client: nothing of it changed.
    expect((await call('GET', '/payment/channels', { key: key.key })).status).toBe(200);
  });
});

describe('api_key.* events', () => {
  let hooks: Receiver;
  afterAll(async () => {
    await hooks?.close();
  });

  it('are recorded in the same write as the change, and delivered as webhooks, never with the key', async () => {
    const someone = await newPerson('Hooked');
    hooks = await startReceiver();
    const endpoint = (
      await call('POST', '/webhook/endpoints', {
        key: someone.token,
        body: { url: hooks.url, enabled_events: ['api_key.created', 'api_key.rolled', 'api_key.revoked', 'api_key.expired'] },
      })
    ).body.data;
    const made = (await call('POST', '/account/keys', { key: someone.token, body: { label: 'evented' } })).body.data;
    const rolled = (await call('POST', `/account/keys/${made.id}/roll`, { key: someone.token, body: { expire_old_in_seconds: 1 } })).body.data;
    await call('POST', `/account/keys/${rolled.id}/revoke`, { key: someone.token });
    const received = await hooks.waitFor(5, { timeoutMs: 10_000 });
    const events = received.map((r) => verified(endpoint.secret, r) as { type: string; created_at: string; data: { object: { id: string; status: string } } });
    const byType = (type: string) => events.filter((e) => e.type === type);
    expect(
      byType('api_key.created')
        .map((e) => e.data.object.id)
        .sort(),
    ).toEqual([made.id, rolled.id].sort());
    expect(byType('api_key.rolled')[0]!.data.object).toMatchObject({ id: made.id, status: 'expiring' });
    expect(byType('api_key.revoked')[0]!.data.object).toMatchObject({ id: rolled.id, status: 'revoked' });
    // The sweep stores the rolled key's expiry, dated its expires_at.
    const expired = byType('api_key.expired')[0]!;
    expect(expired.data.object).toMatchObject({ id: made.id, status: 'expired' });
    const listedOld = (await call('GET', '/account/keys', { key: someone.token })).body.data.find((k: { id: string }) => k.id === made.id);
    expect(expired.created_at).toBe(listedOld.expires_at);
    for (const r of received) {
      expect(r.body).not.toContain(made.key);
      expect(r.body).not.toContain(rolled.key);
    }
    // Each change's events are in the log, read back through the API.
    const logged = (await call('GET', '/events?limit=100', { key: someone.token })).body.data.map((e: { type: string }) => e.type);
    expect(logged.filter((t: string) => t.startsWith('api_key.')).sort()).toEqual([
      'api_key.created',
      'api_key.created',
      'api_key.expired',
      'api_key.revoked',
      'api_key.rolled',
    ]);
  });
});
