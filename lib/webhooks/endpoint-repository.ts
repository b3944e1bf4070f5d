import { WEBHOOK_ENDPOINT_COUNT } from '../auth/items';
import type { Db } from '../db/db';
import { cancellationReasons } from '../db/errors';
import { keys } from '../db/keys';
import { transactWrite, type SendWindow } from '../db/transact';
import { LimitExceededError } from '../errors';
import { PREVIOUS_SECRET, PREVIOUS_SECRET_EXPIRES_AT, webhookEndpointEntity, type StoredWebhookEndpoint } from './items';
import type { TransactItem } from '../db/requests';

/**
 * Webhook endpoints in the table: `C#<client>` / `WHE#<endpoint id>`, secret included (delivery
 * signs with it). The client's item counts them (`webhook_endpoint_count`), and every create and
 * delete changes that count in the same TransactWriteItems as the endpoint, so the limit holds
 * however many requests race.
 */

/** At most this many endpoints per client (docs/api.md §11). */
export const MAX_WEBHOOK_ENDPOINTS = 10;

/**
 * The TransactWriteItems elements that write a new endpoint and count it on the client's item,
 * conditioned on the client having fewer than MAX_WEBHOOK_ENDPOINTS (the count is element 0).
 * The benchmark's floor sends the very same.
 */
export function endpointInsertItems(endpoint: StoredWebhookEndpoint): TransactItem[] {
  return [
    {
      Update: {
        Key: keys.client(endpoint.clientId),
        UpdateExpression: 'SET #count = if_not_exists(#count, :zero) + :one',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#count) OR #count < :max)',
        ExpressionAttributeNames: { '#count': WEBHOOK_ENDPOINT_COUNT },
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':max': MAX_WEBHOOK_ENDPOINTS },
      },
    },
    webhookEndpointEntity.create(endpoint),
  ];
}

/**
 * Writes a new endpoint and counts it in one TransactWriteItems (with `completion`, the
 * idempotency record's completing update, when the request carries a key). Throws
 * LimitExceededError when the client already has MAX_WEBHOOK_ENDPOINTS, and ConcurrentWriteError
 * (lib/db/transact.ts) when another write of the count collided with it.
 */
export async function insertWebhookEndpoint(db: Db, endpoint: StoredWebhookEndpoint, completion?: TransactItem): Promise<void> {
  try {
    await transactWrite(db, endpointInsertItems(endpoint), completion);
  } catch (error) {
    // The client's item exists for every key that authenticates (clients are never deleted), so a
    // failed condition on it is the count.
    if (cancellationReasons(error)?.[0]?.Code === 'ConditionalCheckFailed') {
      throw new LimitExceededError(`At most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints per client`);
    }
    throw error;
  }
}

/** Reads one endpoint item of this client (strongly consistent, secret included), or undefined. */
export function findWebhookEndpoint(db: Db, clientId: string, endpointId: string): Promise<StoredWebhookEndpoint | undefined> {
  return webhookEndpointEntity.find(db, webhookEndpointEntity.key(clientId, endpointId));
}

/**
 * The TransactWriteItems elements that delete an endpoint (conditioned on its existence: element 0)
 * and uncount it. The benchmark's floor sends the very same.
 */
export function endpointDeleteItems(clientId: string, endpointId: string): TransactItem[] {
  return [
    {
      Delete: {
        Key: webhookEndpointEntity.key(clientId, endpointId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    {
      Update: {
        Key: keys.client(clientId),
        UpdateExpression: 'ADD #count :minusOne',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#count': WEBHOOK_ENDPOINT_COUNT },
        ExpressionAttributeValues: { ':minusOne': -1 },
      },
    },
  ];
}

/**
 * Deletes an endpoint and uncounts it in one TransactWriteItems (with `completion` when the
 * request carries a key). False when the endpoint was not there (another request deleted it first).
 */
export async function deleteWebhookEndpointItem(db: Db, clientId: string, endpointId: string, completion?: TransactItem): Promise<boolean> {
  try {
    await transactWrite(db, endpointDeleteItems(clientId, endpointId), completion);
    return true;
  } catch (error) {
    if (cancellationReasons(error)?.[0]?.Code === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/** The endpoint item's attributes that keep the secret a roll replaced, and until when (real time, ISO) it still signs. */

/**
 * The secrets a delivery at `now` (real time) is signed with (docs/api.md §15): the endpoint's
 * current one, then the one its last roll replaced while that is still honoured.
 */
export function signingSecrets(stored: StoredWebhookEndpoint, now: Date): string[] {
  const { previous } = stored;
  return previous && previous.until > now.toISOString() ? [stored.secret, previous.secret] : [stored.secret];
}

/**
 * Replaces an endpoint's secret in one TransactWriteItems with `also` (the roll's event within its
 * send window, and the idempotency completion when the request carries a key), conditioned on the secret still being
 * `from`: the replaced one is kept, signing beside the new one, until `previousUntil` (or dropped at
 * once when that is undefined); a secret an earlier roll kept is dropped. False, having written
 * nothing, when the endpoint is gone or another roll changed its secret first.
 */
export async function replaceWebhookSecret(
  db: Db,
  clientId: string,
  endpointId: string,
  change: { readonly from: string; readonly to: string; readonly previousUntil: string | undefined },
  also: { readonly items: readonly TransactItem[]; readonly completion?: TransactItem; readonly window?: SendWindow },
): Promise<boolean> {
  const keep = change.previousUntil !== undefined;
  try {
    await transactWrite(
      db,
      [
        {
          Update: {
            Key: webhookEndpointEntity.key(clientId, endpointId),
            UpdateExpression: keep ? 'SET secret = :to, #previous = :from, #until = :until' : 'SET secret = :to REMOVE #previous, #until',
            ConditionExpression: 'attribute_exists(pk) AND secret = :from',
            ExpressionAttributeNames: { '#previous': PREVIOUS_SECRET, '#until': PREVIOUS_SECRET_EXPIRES_AT },
            ExpressionAttributeValues: keep
              ? { ':to': change.to, ':from': change.from, ':until': change.previousUntil }
              : { ':to': change.to, ':from': change.from },
          },
        },
        ...also.items,
      ],
      also.completion,
      also.window,
    );
    return true;
  } catch (error) {
    if (cancellationReasons(error)?.[0]?.Code === 'ConditionalCheckFailed') return false;
    throw error;
  }
}
