import type { ApiKey, Account, CreateApiKeyInput, CreatedApiKey, ListApiKeysInput, RollApiKeyInput } from '../objects/api-key-object';
import { mintKey, revokeKeyItem, rollKey, viewKey } from './key-lifecycle';
import type { SessionPrincipal } from './principal';
import { systemClock } from '../clock';
import { apiKeyEntity } from './items';
import { getClient } from './key-repository';
import { listNewestFirst } from '../db/paging';
import type { Pagination } from '../db/pagination';
import type { ReadContext, UseCaseContext } from '../use-case';
import { getMember } from './members';

/**
 * The account routes' use cases (docs/api.md §14): what a signed-in person sees of themselves and
 * their client, and their client's server keys — listed, made, rolled and revoked, each change
 * made by lib/auth/key-lifecycle.ts with its api_key.* event. Keys live in real time.
 */

/** GET /account: the person (their e-mail and when they joined) and their client. */
export async function getAccount({ db }: ReadContext, principal: SessionPrincipal): Promise<Account> {
  const [member, client] = await Promise.all([getMember(db, principal.clientId, principal.userId), getClient(db, principal.clientId)]);
  if (!member || !client) throw new Error(`The registration of user ${principal.userId} is incomplete`);
  return {
    user: { email: member.email, created_at: member.created_at },
    client: { id: client.id, name: client.name, created_at: client.created_at },
  };
}

/** GET /account/keys: the keys of the person's client, newest first, with their status now. */
export async function listAccountKeys(
  { db }: ReadContext,
  principal: SessionPrincipal,
  query: ListApiKeysInput,
  readUnits: number,
): Promise<{ data: ApiKey[]; pagination: Pagination }> {
  const { clientId } = principal;
  const { items, pagination } = await listNewestFirst(db, {
    clientId,
    kind: 'key',
    sortKeyPrefix: apiKeyEntity.key(clientId, '').sk,
    limit: query.limit,
    cursor: query.cursor,
    filters: {},
    readUnits,
  });
  const now = systemClock.now();
  return { data: items.map((item) => viewKey(apiKeyEntity.fromItem(item), now)), pagination };
}

/** POST /account/keys: a new key of the person's client, made by them, shown once. */
export async function createAccountKey(context: UseCaseContext, principal: SessionPrincipal, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const { db, cause, idempotency } = context;
  const { key, object } = await mintKey(
    db,
    { clientId: principal.clientId, scopes: input.scopes, label: input.label, expiresInDays: input.expires_in_days, createdBy: `user:${principal.email}` },
    { cause, completion: idempotency && ((answer) => idempotency.complete(answer)) },
  );
  return { ...object, key };
}

/** POST /account/keys/{id}/roll: a new key in place of this one, which keeps working through the grace. */
export async function rollAccountKey(context: UseCaseContext, principal: SessionPrincipal, keyId: string, input: RollApiKeyInput): Promise<CreatedApiKey> {
  const { db, cause, idempotency } = context;
  const { key, object } = await rollKey(
    db,
    principal.clientId,
    keyId,
    { graceSeconds: input.expire_old_in_seconds, createdBy: `user:${principal.email}` },
    { cause, completion: idempotency && ((answer) => idempotency.complete(answer)) },
  );
  return { ...object, key };
}

/** POST /account/keys/{id}/revoke: refused from the next request on. */
export function revokeAccountKey(context: UseCaseContext, principal: SessionPrincipal, keyId: string): Promise<ApiKey> {
  const { db, cause, idempotency } = context;
  return revokeKeyItem(db, principal.clientId, keyId, { cause, completion: idempotency && ((answer) => idempotency.complete(answer)) });
}
