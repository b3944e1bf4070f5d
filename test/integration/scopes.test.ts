import { describe, expect, it } from 'vitest';
import { ensureDemoCredentials } from '../../infra/local/sandbox';
import { createClient, createKey } from '../../lib/auth/key-repository';
import { call, testDb } from '../support/fixtures';

/** The scopes added with webhooks (docs/api.md §3): new keys get them, keys made before keep the list they were given. */

/** The six scopes every key made before events and webhooks was given. */
const v1Scopes = ['transactions:write', 'transactions:read', 'refunds:write', 'settlements:read', 'channels:read', 'sandbox:simulate'] as const;

describe('the events:read and webhooks:write scopes', () => {
  it('are part of "all scopes" for a key created without a list', async () => {
    const client = await createClient(testDb(), 'all scopes');
    const key = await createKey(testDb(), { clientId: client.id });
    expect(key.scopes).toEqual(expect.arrayContaining(['events:read', 'webhooks:write']));
    expect((await call('GET', '/webhook/endpoints', { key: key.key })).status).toBe(200);
  });

  it('are not given to a key that was made before them: its stored list is kept, so it gets 403', async () => {
    const client = await createClient(testDb(), 'v1 key');
    const key = await createKey(testDb(), { clientId: client.id, scopes: v1Scopes });
    expect((await call('GET', '/webhook/endpoints', { key: key.key })).status).toBe(403);
    expect((await call('GET', '/payment/channels', { key: key.key })).status).toBe(200);
  });

  it('make `npm start` issue a new demo key when the remembered one lacks a scope', async () => {
    const client = await createClient(testDb(), 'Demo');
    const old = await createKey(testDb(), { clientId: client.id, scopes: v1Scopes, label: 'demo' });
    const remembered = { clientId: client.id, keyId: old.id, key: old.key };

    const demo = await ensureDemoCredentials(testDb(), remembered);

    expect(demo.key).not.toBe(old.key);
    expect((await call('GET', '/webhook/endpoints', { key: demo.key })).status).toBe(200);
    expect(await ensureDemoCredentials(testDb(), demo)).toEqual(demo);
  });
});
