import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../../lib/auth/api-key';
import { findPrincipal } from '../../lib/auth/key-records';
import { ClientNotFoundError, createClient, createKey, KeyNotFoundError, listKeys, revokeKey } from '../../lib/auth/key-repository';
import { scopes } from '../../lib/scopes';
import { testDb } from '../support/fixtures';

describe('key repository', () => {
  it('gives a key created without scopes every scope, and finds its client by the key hash', async () => {
    const db = testDb();
    const client = await createClient(db, 'Team A');
    const key = await createKey(db, { clientId: client.id });
    expect(key.scopes).toEqual([...scopes]);
    expect(await findPrincipal(db, hashApiKey(key.key))).toEqual({ clientId: client.id, keyId: key.id, scopes: [...scopes] });
  });

  it('never stores or lists the key itself, only its last four characters', async () => {
    const db = testDb();
    const client = await createClient(db, 'Team B');
    const key = await createKey(db, { clientId: client.id, scopes: ['channels:read'], label: 'ci' });
    const listed = await listKeys(db, client.id);
    expect(listed).toEqual([
      {
        id: key.id,
        client_id: client.id,
        label: 'ci',
        scopes: ['channels:read'],
        last4: key.key.slice(-4),
        status: 'active',
        created_at: key.created_at,
        created_by: 'admin',
        last_used_at: null,
        expires_at: null,
        revoked_at: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(key.key);
  });

  it('refuses to create a key for a client that does not exist', async () => {
    await expect(createKey(testDb(), { clientId: 'cli_01JZZZZZZZZZZZZZZZZZZZZZZZ' })).rejects.toBeInstanceOf(ClientNotFoundError);
  });

  it('revokes a key so that its hash no longer authenticates, and revoking twice changes nothing', async () => {
    const db = testDb();
    const client = await createClient(db, 'Team C');
    const key = await createKey(db, { clientId: client.id });
    const revoked = await revokeKey(db, key.id);
    expect(revoked.revoked_at).not.toBeNull();
    expect(await findPrincipal(db, hashApiKey(key.key))).toBeUndefined();
    expect(await revokeKey(db, key.id)).toEqual(revoked);
    expect((await listKeys(db, client.id))[0]?.revoked_at).toBe(revoked.revoked_at);
  });

  it('reports an unknown key id on revoke', async () => {
    await expect(revokeKey(testDb(), 'key_01JZZZZZZZZZZZZZZZZZZZZZZZ')).rejects.toBeInstanceOf(KeyNotFoundError);
  });
});
