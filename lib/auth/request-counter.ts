import type { Db } from '../db/db';
import { isConditionFailed } from '../db/errors';
import { keys } from '../db/keys';
import { tableDefinition } from '../db/table';
import { updateItem } from '../db/requests';

/** A second's counter is needed for that second only; DynamoDB deletes it some time after this. */
const COUNTER_TTL_SECONDS = 60;

const TTL = tableDefinition.timeToLiveAttribute;

/** The second (epoch seconds) whose counter a request at `now` counts in. */
export const secondOf = (now: Date): number => Math.floor(now.getTime() / 1000);

/** The counter's one attribute besides its keys and TTL; IAM lets readers write nothing else. */
export const COUNTER_ATTRIBUTE = 'count';

/**
 * Counts one request of a client in the second of `now`: one conditional UpdateItem on the
 * client's counter of that second, which adds 1 only while the count is below `limit`, so
 * concurrent requests on any number of containers never admit more than `limit` per second.
 * Returns false, having counted nothing, when the second's `limit` requests have been made.
 */
export async function countRequest(db: Db, clientId: string, now: Date, limit: number): Promise<boolean> {
  const second = secondOf(now);
  try {
    await updateItem(db, {
      Key: keys.requestCounter(clientId, second),
      UpdateExpression: 'ADD #count :one SET #ttl = :ttl',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
      ExpressionAttributeNames: { '#count': COUNTER_ATTRIBUTE, '#ttl': TTL },
      ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': second + COUNTER_TTL_SECONDS },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * Takes back the request counted in `second` (a request admission refused after counting it, with
 * 401 or 403: those never spend a client's budget). The count never goes below what other requests
 * added: it only subtracts the one this request added.
 */
export async function uncountRequest(db: Db, clientId: string, second: number): Promise<void> {
  try {
    await updateItem(db, {
      Key: keys.requestCounter(clientId, second),
      UpdateExpression: 'ADD #count :minusOne',
      ConditionExpression: 'attribute_exists(#count) AND #count > :zero',
      ExpressionAttributeNames: { '#count': COUNTER_ATTRIBUTE },
      ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
    });
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}
