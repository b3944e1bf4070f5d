import type { Db } from '../db/db';
import { keys } from '../db/keys';
import { Prefetched } from '../db/prefetch';
import { batchGetItems, type TableKey } from '../db/requests';
import type { Scope } from '../scopes';
import { clientReadingOf, type ClientReading } from './client-clock';
import { apiKeyHashEntity, type KeyHashRecord } from './items';

/**
 * What admission reads of a server key (lib/auth/admission.ts): its hash record, with its client's
 * item when the key names its client. Apart from the key repository, which makes, rolls and
 * revokes keys with their events, so an API function's bundle carries only these reads.
 */

/** What admission learns of a key from its hash record. */
export interface KeyRecord {
  readonly clientId: string;
  readonly keyId: string;
  readonly scopes: readonly Scope[];
  /** When the key stops admitting (real time), if it expires: a rolled key, or one made with `expires_in_days`. */
  readonly expiresAt?: string;
}

/** Finds a key by its hash; undefined when unknown or revoked (an expired key is found: admission compares `expiresAt`). */
export async function findPrincipal(db: Db, keyHash: string): Promise<KeyRecord | undefined> {
  const record = await apiKeyHashEntity.find(db, apiKeyHashEntity.key(keyHash));
  return record && keyRecordOf(record);
}

/**
 * Admission's one read for a key that names its client: the key's hash record and the client's
 * item (its clock offset and endpoint count) in one strongly consistent BatchGetItem, with `ahead` — an item of the
 * client's that the request's use case reads first (lib/db/prefetch.ts) — when the route names one.
 * `record` is undefined when the key is unknown or revoked; the client's reading is an offset of 0
 * and no endpoints for no such client.
 */
export async function findPrincipalAndClock(
  db: Db,
  keyHash: string,
  clientId: string,
  ahead?: TableKey,
): Promise<{ record?: KeyRecord; client: ClientReading; prefetched?: Prefetched }> {
  const hashKey = apiKeyHashEntity.key(keyHash);
  const clientKey = keys.client(clientId);
  const items = await batchGetItems(db, ahead ? [hashKey, clientKey, ahead] : [hashKey, clientKey], { consistent: true });
  const found = (key: TableKey) => items.find((item) => item.pk === key.pk && item.sk === key.sk);
  const hashItem = found(hashKey);
  return {
    ...(hashItem && { record: keyRecordOf(apiKeyHashEntity.fromItem(hashItem)) }),
    client: clientReadingOf(found(clientKey)),
    ...(ahead && { prefetched: new Prefetched([[ahead, found(ahead)]]) }),
  };
}

const keyRecordOf = (record: KeyHashRecord): KeyRecord => ({
  clientId: record.client_id,
  keyId: record.key_id,
  scopes: record.scopes,
  expiresAt: record.expires_at,
});
