import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/db';
import { queryAll } from '../db/query-all';
import { isCancelledBy } from '../db/errors';
import { keys } from '../db/keys';
import { realNow } from '../clock';
import { newId } from '../ids';
import { scopes as allScopes, type Scope } from '../scopes';
import { generateApiKey, hashApiKey } from './api-key';
import type { Principal } from './principal';

export interface Client {
  readonly id: string;
  readonly name: string;
  readonly created_at: string;
}

/** A key as listed: never the key itself, only its last four characters. */
export interface KeySummary {
  readonly id: string;
  readonly client_id: string;
  readonly label: string | null;
  readonly scopes: readonly Scope[];
  readonly last4: string;
  readonly created_at: string;
  readonly revoked_at: string | null;
}

/** A key at creation, the only time the plaintext exists. */
export interface CreatedKey {
  readonly id: string;
  readonly key: string;
  readonly client_id: string;
  readonly scopes: readonly Scope[];
  readonly label: string | null;
  readonly created_at: string;
}


export class ClientNotFoundError extends Error {
  constructor(clientId: string) {
    super(`No client ${clientId}`);
    this.name = 'ClientNotFoundError';
  }
}

export class KeyNotFoundError extends Error {
  constructor(keyId: string) {
    super(`No key ${keyId}`);
    this.name = 'KeyNotFoundError';
  }
}

/** Creates a client, and its entry in the client registry in the same transaction. */
export async function createClient(db: Db, name: string, now = realNow()): Promise<Client> {
  const client: Client = { id: newId('client', now), name, created_at: now.toISOString() };
  const put = (key: Record<string, string>, entity: string) => ({
    Put: { TableName: db.tableName, Item: { ...key, entity, ...client }, ConditionExpression: 'attribute_not_exists(pk)' },
  });
  await db.doc.send(
    new TransactWriteCommand({
      TransactItems: [put(keys.client(client.id), 'client'), put(keys.clientRegistryEntry(client.id), 'client_registry_entry')],
    }),
  );
  return client;
}

/**
 * Every client in the registry, oldest first: one Query on the registry partition, page after page
 * (clients made before the registry existed are not in it).
 */
export async function listClients(db: Db): Promise<Client[]> {
  const { pk, skPrefix } = keys.clientRegistryPrefix;
  const items = await queryAll(db, pk, { skPrefix });
  return items.map((item) => ({ id: item.id, name: item.name, created_at: item.created_at }) as Client);
}

/** Reads a client, or undefined. */
export async function getClient(db: Db, clientId: string): Promise<Client | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.client(clientId) }));
  return Item ? { id: Item.id, name: Item.name, created_at: Item.created_at } : undefined;
}

/** Issues a key for an existing client; without `scopes` it gets all of them. */
export async function createKey(
  db: Db,
  input: { clientId: string; scopes?: readonly Scope[]; label?: string | null },
  now = realNow(),
): Promise<CreatedKey> {
  const key = generateApiKey(input.clientId);
  const id = newId('key', now);
  const scopes = [...(input.scopes ?? allScopes)];
  const created: CreatedKey = {
    id,
    key,
    client_id: input.clientId,
    scopes,
    label: input.label ?? null,
    created_at: now.toISOString(),
  };
  const hash = hashApiKey(key);
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: db.tableName,
              Key: keys.client(input.clientId),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          {
            Put: {
              TableName: db.tableName,
              Item: {
                ...keys.apiKey(input.clientId, id),
                ...keys.apiKeyIndex(id),
                entity: 'api_key',
                id,
                client_id: input.clientId,
                label: created.label,
                scopes,
                last4: key.slice(-4),
                key_hash: hash,
                created_at: created.created_at,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: db.tableName,
              Item: { ...keys.apiKeyHash(hash), entity: 'api_key_hash', client_id: input.clientId, key_id: id, scopes },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (isCancelledBy(error, 0)) throw new ClientNotFoundError(input.clientId);
    throw error;
  }
  return created;
}

/** Lists a client's keys, oldest first, without the keys themselves. */
export async function listKeys(db: Db, clientId: string): Promise<KeySummary[]> {
  const { pk, skPrefix } = keys.apiKeyPrefix(clientId);
  return (await queryAll(db, pk, { skPrefix })).map(toSummary);
}

/**
 * Revokes a key: its hash record is deleted, so the next request with it is a 401
 * (authentication reads that record with a strongly consistent GetItem; nothing is cached).
 * Revoking a revoked key returns it unchanged.
 */
export async function revokeKey(db: Db, keyId: string, now = realNow()): Promise<KeySummary> {
  const index = keys.apiKeyIndex(keyId);
  const { Items } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :id AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':id': index.gsi1pk, ':sk': index.gsi1sk },
    }),
  );
  const record = Items?.[0];
  if (!record) throw new KeyNotFoundError(keyId);
  if (record.revoked_at) return toSummary(record);
  const revokedAt = now.toISOString();
  await db.doc.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: db.tableName,
            Key: keys.apiKey(record.client_id, keyId),
            UpdateExpression: 'SET revoked_at = :at',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':at': revokedAt },
          },
        },
        { Delete: { TableName: db.tableName, Key: keys.apiKeyHash(record.key_hash) } },
      ],
    }),
  );
  return toSummary({ ...record, revoked_at: revokedAt });
}

/** Finds the principal of a key by its hash; undefined when unknown or revoked. */
export async function findPrincipal(db: Db, keyHash: string): Promise<Principal | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.apiKeyHash(keyHash), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return { clientId: Item.client_id, keyId: Item.key_id, scopes: Item.scopes };
}

function toSummary(item: Record<string, any>): KeySummary {
  return {
    id: item.id,
    client_id: item.client_id,
    label: item.label ?? null,
    scopes: item.scopes,
    last4: item.last4,
    created_at: item.created_at,
    revoked_at: item.revoked_at ?? null,
  };
}
