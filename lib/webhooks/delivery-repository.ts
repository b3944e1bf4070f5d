import type { Db } from '../db/db';
import { queryAll } from '../db/query-all';
import { REMOVE_DUE } from '../db/due';
import { cancellationReasons, isConditionFailed, oldItem } from '../db/errors';
import { clientPartition, keys } from '../db/keys';
import { deleteItem, getItem, queryPage, updateItem, type TransactItem } from '../db/requests';
import { transactWrite } from '../db/transact';
import { ALL_EVENTS } from '../objects/event-types';
import { newId } from '../ids';
import { deliveryAttemptEntity, webhookEndpointEntity, type AttemptOrigin, type StoredAttempt, type StoredWebhookEndpoint, type AttemptItem } from './items';
import { ATTEMPT_ENTITY } from '../events/stream-filter';

/**
 * Webhook delivery attempts in the table (docs/data-model.md): one item per attempt,
 * `C#<client>` / `DLV#<evt id>#<dlv id>`, entity `webhook_delivery`. The attempt still owed is
 * `pending` and carries the due attributes (keys.due) until it is made; making it is claimed by
 * moving its due time ahead by a lease (a first attempt is written so by the worker that makes
 * it), so a worker that dies mid-way leaves it due again and two workers never make the same
 * attempt at once. Its outcome is recorded only by the claim's holder, with the next attempt's
 * item in the same write.
 */

type Item = Record<string, unknown>;

/** Where an attempt item is: its table key. */
export interface AttemptKey {
  readonly pk: string;
  readonly sk: string;
}

/**
 * A new pending attempt of `eventId` to `endpointId`, due at `dueAt` (real time: retries are not
 * hurried by a client's clock), shown to the client on its clock, `offsetMs` ahead.
 */
export function pendingAttempt(
  eventId: string,
  endpointId: string,
  attempt: number,
  dueAt: Date,
  origin: AttemptOrigin,
  offsetMs = 0,
  chaos: { readonly duplicate?: boolean; readonly reorder?: boolean } = {},
): StoredAttempt {
  return {
    id: newId('delivery', dueAt),
    endpoint_id: endpointId,
    attempt,
    duplicate: chaos.duplicate === true,
    status: 'pending',
    response_status: null,
    response_time_ms: null,
    error: null,
    attempted_at: null,
    next_attempt_at: new Date(dueAt.getTime() + offsetMs).toISOString(),
    event_id: eventId,
    origin,
    due_at: dueAt.toISOString(),
    ...(chaos.reorder && { reorder: true as const }),
  };
}

/** A worker's claim on the attempts it writes to make at once: its token, and when the claim runs out. */
export interface Hold {
  readonly token: string;
  readonly until: Date;
}

/**
 * The Put of a new pending attempt, due at its real `due_at`; kept as long as its event (`ttl`).
 * With `hold`, it is written claimed, exactly as claimAttempt would leave it: no other worker
 * makes it until the claim runs out, when it is due again.
 */
export function attemptPut(clientId: string, attempt: StoredAttempt, ttl: number, hold?: Hold): TransactItem {
  return deliveryAttemptEntity.create({ clientId, attempt, ttl, ...(hold && { claim: hold.token, lease: hold.until.toISOString() }) });
}

/** True when an endpoint item is enabled for this event type (`enabled_events` holds it, or `*`). */
export function subscribes({ endpoint }: StoredWebhookEndpoint, type: string): boolean {
  const enabled: readonly string[] = endpoint.enabled_events;
  return endpoint.status === 'enabled' && (enabled.includes(ALL_EVENTS) || enabled.includes(type));
}

/** Every webhook endpoint item of a client (at most 10), secrets included: a strongly consistent Query. */
export async function endpointItemsOf(db: Db, clientId: string): Promise<StoredWebhookEndpoint[]> {
  const items = await queryAll(db, clientPartition(clientId), { skPrefix: keys.webhookEndpointSortKey(''), consistent: true });
  return items.map(webhookEndpointEntity.fromItem);
}

/** A first attempt to write, and the worker's claim on it when that worker makes it at once. */
export interface NewAttempt {
  readonly attempt: StoredAttempt;
  readonly hold?: Hold;
}

/**
 * Creates the first attempts of an event's deliveries and removes the event's due attributes, in
 * one TransactWriteItems conditioned on the event still being due: whoever brings the event first
 * (the stream, a retried batch, the sweep) creates its deliveries, exactly once; false for the
 * others, which then have nothing to do. An attempt with a `hold` is written claimed by it; one
 * without is due at its `due_at`.
 */
export async function createEventDeliveries(db: Db, clientId: string, eventId: string, attempts: readonly NewAttempt[], ttl: number): Promise<boolean> {
  const undue: TransactItem = {
    Update: {
      Key: keys.event(clientId, eventId),
      UpdateExpression: REMOVE_DUE,
      ConditionExpression: 'attribute_exists(due_sk)',
    },
  };
  try {
    await transactWrite(db, [undue, ...attempts.map(({ attempt, hold }) => attemptPut(clientId, attempt, ttl, hold))]);
    return true;
  } catch (error) {
    if (cancellationReasons(error)?.[0]?.Code === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/**
 * The pending first attempts to `endpointId` held for a reverse-order window (lib/webhooks/delivery-plan.ts)
 * whose events were recorded from `fromEventId` up to `untilMs` (exclusive): one strongly consistent
 * Query of the client's attempts in that range of event ids, filtered to the held ones of the endpoint.
 */
export function heldAttemptsOf(db: Db, clientId: string, endpointId: string, fromEventId: string, untilMs: number): Promise<AttemptItem[]> {
  return heldAttemptsIn(db, clientId, endpointId, keys.deliveryAttemptSortKeyPrefix(fromEventId), untilMs);
}

/** As heldAttemptsOf, for the events recorded from `fromMs` (inclusive) up to `untilMs` (exclusive). */
export function heldAttemptsBetween(db: Db, clientId: string, endpointId: string, fromMs: number, untilMs: number): Promise<AttemptItem[]> {
  return heldAttemptsIn(db, clientId, endpointId, attemptsRecordedBefore(fromMs), untilMs);
}

async function heldAttemptsIn(db: Db, clientId: string, endpointId: string, fromSortKey: string, untilMs: number): Promise<AttemptItem[]> {
  const found: AttemptItem[] = [];
  let startKey: Item | undefined;
  do {
    const page = await queryPage(db, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :until',
      FilterExpression: 'endpoint_id = :endpoint AND #status = :pending AND reorder = :held',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pk': clientPartition(clientId),
        ':from': fromSortKey,
        ':until': attemptsRecordedBefore(untilMs),
        ':endpoint': endpointId,
        ':pending': 'pending',
        ':held': true,
      },
      ConsistentRead: true,
      ExclusiveStartKey: startKey,
    });
    found.push(...(page.Items ?? []).map(deliveryAttemptEntity.fromItem));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}

/** The sort key below which lie the attempts of every event recorded before `ms`, and above those of every event recorded before it. */
const attemptsRecordedBefore = (ms: number): string => keys.deliveryAttemptSortKeyPrefix(newId('event', new Date(ms))).slice(0, -EVENT_ULID_RANDOM_LENGTH - 1);

/** The random part of a ULID, after its 10 characters of time. */
const EVENT_ULID_RANDOM_LENGTH = 16;

/** An item by its key, strongly consistent, or undefined. */
export function readItem(db: Db, key: AttemptKey): Promise<Item | undefined> {
  return getItem(db, { Key: { pk: key.pk, sk: key.sk }, ConsistentRead: true });
}

/**
 * Claims a pending attempt due by `dueBy` for the holder `token` until `leaseUntil`: its due time
 * moves to the lease's end, so if the holder never records an outcome the attempt is due again
 * then. Returns the attempt, or undefined when it is not pending and due (made, or claimed by another).
 */
export async function claimAttempt(db: Db, key: AttemptKey, token: string, dueBy: Date, leaseUntil: Date): Promise<AttemptItem | undefined> {
  return (await claim(db, key, token, dueBy, leaseUntil, false)).claimed;
}

/**
 * As claimAttempt, but an attempt held for a reverse-order window is not claimed: it is returned
 * as `held`, as it stands, when it is pending and due, for its window to be made by one worker
 * (lib/webhooks/dispatch.ts). Costs what claimAttempt does: the item comes with the refusal.
 */
export async function claimUnlessHeld(
  db: Db,
  key: AttemptKey,
  token: string,
  dueBy: Date,
  leaseUntil: Date,
): Promise<{ claimed?: AttemptItem; held?: AttemptItem }> {
  return claim(db, key, token, dueBy, leaseUntil, true);
}

async function claim(
  db: Db,
  key: AttemptKey,
  token: string,
  dueBy: Date,
  leaseUntil: Date,
  unlessHeld: boolean,
): Promise<{ claimed?: AttemptItem; held?: AttemptItem }> {
  const due = '#entity = :entity AND #status = :pending AND due_sk <= :dueBy';
  try {
    const { Attributes } = await updateItem(db, {
      Key: { pk: key.pk, sk: key.sk },
      UpdateExpression: 'SET due_sk = :lease, #claim = :token',
      ConditionExpression: unlessHeld ? `${due} AND attribute_not_exists(reorder)` : due,
      ExpressionAttributeNames: { '#claim': 'claim', '#entity': 'entity', '#status': 'status' },
      ExpressionAttributeValues: {
        ':lease': leaseUntil.toISOString(),
        ':token': token,
        ':entity': ATTEMPT_ENTITY,
        ':pending': 'pending',
        ':dueBy': dueBy.toISOString(),
      },
      ReturnValues: 'ALL_NEW',
      ...(unlessHeld && { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const }),
    });
    return Attributes === undefined ? {} : { claimed: deliveryAttemptEntity.fromItem(Attributes) };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const old = oldItem((error as { Item?: Record<string, unknown> }).Item);
    const pendingDue = old?.entity === ATTEMPT_ENTITY && old.status === 'pending' && old.reorder === true && String(old.due_sk) <= dueBy.toISOString();
    return pendingDue ? { held: deliveryAttemptEntity.fromItem(old) } : {};
  }
}

/**
 * Deletes a claimed attempt whose event no longer exists (a reset removed it while the attempt was
 * under way, so its retry was written after the reset listed the partition): false when the claim
 * was lost, in which case nothing is deleted.
 */
export async function dropAttempt(db: Db, key: AttemptKey, token: string): Promise<boolean> {
  try {
    await deleteItem(db, {
      Key: { pk: key.pk, sk: key.sk },
      ConditionExpression: '#claim = :token',
      ExpressionAttributeNames: { '#claim': 'claim' },
      ExpressionAttributeValues: { ':token': token },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** What an attempt came to. */
export interface AttemptOutcome {
  readonly status: 'succeeded' | 'failed';
  readonly response_status: number | null;
  readonly response_time_ms: number | null;
  readonly error: string | null;
  readonly attempted_at: string;
  /** When the next attempt is due; null when there is none (success, or the last attempt). */
  readonly next_attempt_at: string | null;
}

/**
 * Records the outcome of a claimed attempt and, when one is due, puts the next attempt, in one
 * write conditioned on the claim: false when the claim was lost (its lease ran out and another
 * worker made the attempt again), in which case nothing is written.
 */
export async function recordAttempt(
  db: Db,
  key: AttemptKey,
  token: string,
  outcome: AttemptOutcome,
  next?: { attempt: StoredAttempt; clientId: string; ttl: number },
): Promise<boolean> {
  const update: TransactItem = {
    Update: {
      Key: { pk: key.pk, sk: key.sk },
      UpdateExpression:
        'SET #status = :status, response_status = :responseStatus, response_time_ms = :responseTime, #error = :error, ' +
        `attempted_at = :attemptedAt, next_attempt_at = :nextAt ${REMOVE_DUE}, #claim`,
      ConditionExpression: '#claim = :token',
      ExpressionAttributeNames: { '#status': 'status', '#error': 'error', '#claim': 'claim' },
      ExpressionAttributeValues: {
        ':status': outcome.status,
        ':responseStatus': outcome.response_status,
        ':responseTime': outcome.response_time_ms,
        ':error': outcome.error,
        ':attemptedAt': outcome.attempted_at,
        ':nextAt': outcome.next_attempt_at,
        ':token': token,
      },
    },
  };
  try {
    await transactWrite(db, next ? [update, attemptPut(next.clientId, next.attempt, next.ttl)] : [update]);
    return true;
  } catch (error) {
    if (cancellationReasons(error)?.[0]?.Code === 'ConditionalCheckFailed') return false;
    throw error;
  }
}
