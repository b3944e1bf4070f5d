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
 * The most requests of one second a container reserves at once: a tenth of the limit (at least 1),
 * so that what a container holds unused can refuse a client's other containers at most that many
 * requests early in a second, never admit one more than the limit.
 */
export const blockCap = (limit: number): number => Math.max(1, Math.floor(limit / 10));

/** What this container holds of a client's current second: reserved in the shared counter, not yet used. */
interface Held {
  readonly second: number;
  left: number;
  /** The size of the next reservation in this second: doubled after each, up to blockCap; 2 after one that did not fit. */
  next: number;
  /** The shared counter of this second reached the limit: the client's later requests are refused without a call. */
  full: boolean;
  /** The reservation under way, if any: requests that find nothing held wait for it instead of writing one each. */
  reserving?: Promise<void>;
  /** Requests waiting for that reservation: the next block is made big enough for them. */
  waiting: number;
}

/** A client's counter is its table's: a process that serves two tables (tests, the bench) holds for each apart. */
const holder = (db: Db, clientId: string) => `${db.tableName}/${clientId}`;

/** Clients remembered at once; a container that serves more forgets them all (and loses at most their unused requests of this second). */
const REMEMBERED_CLIENTS = 10_000;

/**
 * The per-client requests-per-second budget (docs/limits.md), shared by every container through
 * one counter item per client and second (`RATE#<epoch second>`). A container reserves requests
 * from it in blocks — 1, then 2, 4, … up to blockCap(limit) within a second — with one conditional
 * UpdateItem each, and admits from what it holds without a call: a client making 150 requests a
 * second through one container costs 8 counter writes instead of 150, and a client over its limit
 * none. Requests that find nothing held while a reservation is under way wait for it, and the
 * next block is at least as big as the requests waiting: 32 requests at once cost one write, not
 * 32. The counter never passes the limit, so no second admits more than the limit across all
 * containers; a container's unused requests lapse with their second. A request refused with 401 or
 * 403 gives its count back to its container only, so the shared counter never goes down.
 */
export class RequestCounter {
  private readonly held = new Map<string, Held>();

  /**
   * Counts one request of a client in the second of `now`. Returns false, having counted nothing,
   * when the second's `limit` requests are spent (or held by other containers).
   */
  async count(db: Db, clientId: string, now: Date, limit: number): Promise<boolean> {
    const second = secondOf(now);
    const held = this.holding(db, clientId, second);
    // A request stamped in a second this container has already left reserves for itself alone.
    if (!held) return reserve(db, clientId, second, 1, limit);
    while (held.left === 0 && !held.full && held.reserving) {
      held.waiting += 1;
      await held.reserving;
      held.waiting -= 1;
    }
    if (held.left > 0) {
      held.left -= 1;
      return true;
    }
    if (held.full) return false;
    const reserving = reserveBlock(db, clientId, held, limit);
    const settled = reserving.then(
      () => undefined,
      () => undefined,
    );
    held.reserving = settled;
    try {
      return await reserving;
    } finally {
      if (held.reserving === settled) held.reserving = undefined;
    }
  }

  /**
   * Gives back a request counted in `second` that admission then refused (401 or 403: those never
   * spend a client's budget): this container holds it again, for the client's next request in
   * that second. Once the second is over there is nothing to give back. No DynamoDB call.
   */
  uncount(db: Db, clientId: string, second: number): void {
    const held = this.held.get(holder(db, clientId));
    if (held?.second === second) held.left += 1;
  }

  /** The client's holding for `second`, started afresh in a new second; undefined for a second already left. */
  private holding(db: Db, clientId: string, second: number): Held | undefined {
    const held = this.held.get(holder(db, clientId));
    if (held && held.second > second) return undefined;
    if (held?.second === second) return held;
    if (this.held.size >= REMEMBERED_CLIENTS) this.held.clear();
    const fresh: Held = { second, left: 0, next: 1, full: false, waiting: 0 };
    this.held.set(holder(db, clientId), fresh);
    return fresh;
  }
}

/**
 * Reserves a block for one request and those waiting: the doubling's next block, or more when more
 * wait (up to blockCap); one request alone when the block no longer fits. False, and the holding
 * marked full, when not even that one fits.
 */
async function reserveBlock(db: Db, clientId: string, held: Held, limit: number): Promise<boolean> {
  const block = Math.min(Math.max(held.next, held.waiting + 1), blockCap(limit));
  if (await reserve(db, clientId, held.second, block, limit)) {
    // (Should the second have ended meanwhile, `held` is no longer the client's: what it kept lapses.)
    held.left += block - 1;
    held.next = Math.min(block * 2, blockCap(limit));
    return true;
  }
  held.next = 2;
  if (block > 1 && (await reserve(db, clientId, held.second, 1, limit))) return true;
  // Nothing takes a count back from the shared counter, so it stays full for the rest of the second.
  held.full = true;
  return false;
}

/**
 * Adds `requests` to the client's counter of `second` with one conditional UpdateItem, only while
 * the count stays within `limit`, so concurrent reservations on any number of containers never
 * pass it. False, having added nothing, when they would.
 */
async function reserve(db: Db, clientId: string, second: number, requests: number, limit: number): Promise<boolean> {
  try {
    await updateItem(db, {
      Key: keys.requestCounter(clientId, second),
      UpdateExpression: 'ADD #count :requests SET #ttl = :ttl',
      ConditionExpression: 'attribute_not_exists(#count) OR #count <= :most',
      ExpressionAttributeNames: { '#count': COUNTER_ATTRIBUTE, '#ttl': TTL },
      ExpressionAttributeValues: { ':requests': requests, ':most': limit - requests, ':ttl': second + COUNTER_TTL_SECONDS },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** This container's counter: one per process, as a Lambda container is one process. */
export const requestCounter = new RequestCounter();
