import { randomUUID } from 'node:crypto';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { offsetOf, type Clock } from '../clock';
import { idTime } from '../ids';
import { loadClientClock } from '../auth/client-clock';
import { forEachLimited } from '../concurrency';
import type { Db } from '../db/db';
import { keys } from '../db/keys';
import type { DueHandlers } from '../db/due';
import { isKept, viewEvent } from '../events/event-repository';
import { eventEntity, type StoredEvent } from '../events/items';
import { logger } from '../logger';
import { retryDelayMs, type DeliverySettings } from '../config/delivery-settings';
import {
  claimAttempt,
  claimUnlessHeld,
  createEventDeliveries,
  endpointItemsOf,
  heldAttemptsBetween,
  heldAttemptsOf,
  pendingAttempt,
  dropAttempt,
  recordAttempt,
  type AttemptKey,
  type AttemptOutcome,
  type Hold,
  type NewAttempt,
} from './delivery-repository';
import { byAge, isDueNow, planDeliveries, REORDER_WINDOW_MS, reorderWindowEnd, windowOpenerAmong, windowOrder } from './delivery-plan';
import type { DeliveryTimer } from './delivery-timer';
import type { UrlPolicy } from '../config/webhook-url-policy';
import { signingSecrets } from './endpoint-repository';
import { deliveryAttemptEntity, webhookEndpointEntity, type AttemptItem, type StoredAttempt, type StoredWebhookEndpoint } from './items';
import { sendWebhook } from './send-webhook';
import { signWebhook } from './signature';
import { DNS_TIMEOUT_MS, resolveWebhookTarget, UnsafeWebhookUrlError, type HostResolver, type WebhookTarget } from './url-policy';

/**
 * Webhook delivery (docs/api.md §11, docs/decisions/ "Webhook delivery"). An event item's INSERT
 * reaches the dispatcher from the table's stream (Lambda's event source mapping deployed, the
 * local poller under `npm start`): it creates one delivery per endpoint of the event's client
 * subscribed to its type — the first attempt of each, written claimed by the dispatcher, in one
 * write with the event losing its due attributes — and makes those attempts at once. A failed
 * attempt puts the next one, due after the retry schedule; the sweep makes attempts that fall due,
 * and creates the deliveries of any event the stream did not bring. Every attempt is claimed first
 * (or written claimed), re-checks the URL and connects to the checked address, and its outcome is
 * recorded by the claim's holder only.
 */

/** What delivery works with: the table, the clock, the settings, the URL policy and the resolver. */
export interface DeliveryDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly settings: DeliverySettings;
  readonly policy: UrlPolicy;
  /** The system's resolver unless a test injects one. */
  readonly resolve?: HostResolver;
  /** Wakes delivery when attempts planned for later fall due (the dispatcher's; without one, the sweep makes them). */
  readonly timer?: DeliveryTimer;
}

/** Room beyond the DNS lookup and the POST before a claim runs out: the outcome's write and some slack. */
const LEASE_SLACK_MS = 5_000;

/**
 * How long a claim on an attempt lasts: the URL's lookup, the POST's timeout and some slack (or a
 * test sandbox's lease, decision 0340). An attempt whose worker died is due again when it runs out
 * (at least once).
 */
export const claimLeaseMs = (settings: DeliverySettings): number => settings.test?.claimLeaseMs ?? DNS_TIMEOUT_MS + settings.attemptTimeoutMs + LEASE_SLACK_MS;

/** When a claim taken now runs out. */
const leaseEnd = ({ clock, settings }: DeliveryDeps): Date => new Date(clock.now().getTime() + claimLeaseMs(settings));

/** An attempt due within this much of now may be made now: two functions' clocks differ by a few milliseconds. */
const CLOCK_TOLERANCE_MS = 1_000;

/** Attempts made at once by one dispatch. */
const ATTEMPTS_AT_ONCE = 10;

/** Stream records handled at once by one invocation. */
const RECORDS_AT_ONCE = 4;

/** What creating an event's deliveries wrote and read: the first attempts, their endpoints, the client's clock offset. */
interface Created {
  readonly attempts: readonly NewAttempt[];
  readonly endpoints: ReadonlyMap<string, StoredWebhookEndpoint>;
  readonly offset: number;
}

/**
 * Plans an event's deliveries (lib/webhooks/delivery-plan.ts) and writes their first attempts,
 * `holdOf` saying which of those due now the writer claims (by their place in their endpoint's
 * copies: a later copy is sent after the ones before it, so its claim lasts longer).
 */
async function deliveriesOf(deps: DeliveryDeps, stored: StoredEvent, holdOf: (copy: number) => Hold | undefined): Promise<Created | undefined> {
  const { clientId, event } = stored;
  const eventId = event.id;
  // Read together: an event is owed deliveries only while its client has endpoints (decision 0195).
  const [items, clientClk] = await Promise.all([endpointItemsOf(deps.db, clientId), loadClientClock(deps.db, clientId, deps.clock)]);
  // Due now in real time; shown on the client's clock.
  const offset = offsetOf(clientClk);
  const now = deps.clock.now();
  const copies = new Map<string, number>();
  const attempts = planDeliveries(event, items, now).map((planned): NewAttempt => {
    const copy = copies.get(planned.endpointId) ?? 0;
    copies.set(planned.endpointId, copy + 1);
    const attempt = pendingAttempt(eventId, planned.endpointId, 1, planned.dueAt, 'event', offset, planned);
    const hold = isDueNow(planned, now) ? holdOf(copy) : undefined;
    return hold ? { attempt, hold } : { attempt };
  });
  if (!(await createEventDeliveries(deps.db, clientId, eventId, attempts, stored.ttl))) return undefined;
  return { attempts, endpoints: new Map(items.map((e) => [e.endpoint.id, e])), offset };
}

/**
 * Creates the deliveries of an event item still due: the first attempts its plan owes, those due
 * now claimed by `hold` when given. Returns them, or undefined when another worker had already
 * created them (the event was no longer due).
 */
export async function createDeliveries(deps: DeliveryDeps, stored: StoredEvent, hold?: Hold): Promise<StoredAttempt[] | undefined> {
  return (await deliveriesOf(deps, stored, () => hold))?.attempts.map(({ attempt }) => attempt);
}

/** The table key of an attempt of a client. */
export const attemptKey = (clientId: string, attempt: Pick<StoredAttempt, 'event_id' | 'id'>): AttemptKey =>
  keys.deliveryAttempt(clientId, attempt.event_id, attempt.id);

/** How an attempt went, for the caller's counts and tests. */
export type AttemptResult = 'succeeded' | 'failed' | 'not-due' | 'abandoned' | 'lost-claim' | 'dropped';

/**
 * Makes the attempt at `key` if it is pending and due: claims it, re-checks the endpoint's URL,
 * POSTs the event signed with the endpoint's secret, and records the outcome (and the next
 * attempt, if one is due) under the claim. A deleted endpoint, or an event past its 30 days, ends
 * the delivery with a failed attempt; a URL the policy now refuses is a failed attempt, retried.
 * An attempt held for a reverse-order window is made in its window (makeHeld).
 */
export async function makeAttempt(deps: DeliveryDeps, key: AttemptKey): Promise<AttemptResult> {
  const token = randomUUID();
  const dueBy = new Date(deps.clock.now().getTime() + CLOCK_TOLERANCE_MS);
  const { claimed, held } = await claimUnlessHeld(deps.db, key, token, dueBy, leaseEnd(deps));
  if (held) return makeHeld(deps, held, dueBy);
  return claimed ? makeClaimed(deps, token, claimed) : 'not-due';
}

/** Makes an attempt this worker has just claimed, with the endpoint, the event and the clock read for it; a held first attempt opens its window. */
async function makeClaimed(deps: DeliveryDeps, token: string, claim: AttemptItem): Promise<AttemptResult> {
  const { db, clock } = deps;
  const { clientId, attempt, ttl } = claim;
  const key = attemptKey(clientId, attempt);
  const [endpoint, event, clientClk] = await Promise.all([
    webhookEndpointEntity.find(db, webhookEndpointEntity.key(clientId, attempt.endpoint_id)),
    eventEntity.find(db, eventEntity.key(clientId, attempt.event_id)),
    // attempted_at and next_attempt_at are shown on the client's clock; the signature, the retry and the lease are real time.
    loadClientClock(db, clientId, clock),
  ]);
  // The event was removed (a reset): its deliveries stop, and an attempt written after the reset
  // listed the partition goes too, so nothing of the removed event is left.
  if (!event) return (await dropAttempt(db, key, token)) ? 'dropped' : 'lost-claim';
  const claimed: ClaimedAttempt = { token, clientId, attempt, ttl, endpoint, event, offset: offsetOf(clientClk) };
  if (attempt.reorder && attempt.attempt === 1) return makeWindow(deps, claimed);
  return attemptClaimed(deps, claimed);
}

/**
 * Makes a held attempt that fell due (decision 0266): exactly one worker makes each window, the
 * one that claims its opener. The wake finds the attempt that opens this attempt's window
 * (windowOpener) and claims it: claimed, it makes the window; not claimed, another worker is
 * making that window, and sends this attempt in it.
 */
async function makeHeld(deps: DeliveryDeps, held: AttemptItem, dueBy: Date): Promise<AttemptResult> {
  const { clientId, attempt } = held;
  const opener = await windowOpener(deps.db, clientId, attempt);
  if (!opener) return 'not-due';
  const own = opener.id === attempt.id;
  const token = randomUUID();
  // Another attempt's window is made when this one falls due, even if its opener is due a little later (its event came late).
  const openerDueBy = own ? dueBy : new Date(Math.max(Date.parse(opener.due_at), dueBy.getTime()));
  const claim = await claimAttempt(deps.db, attemptKey(clientId, opener), token, openerDueBy, leaseEnd(deps));
  if (!claim) return 'not-due';
  const made = await makeClaimed(deps, token, claim);
  return own ? made : 'not-due';
}

/** How many steps back windowOpener follows a chain of held events, each within the window of the one before. */
const MAX_CHAIN = 10;

/**
 * The attempt that opens the window `attempt` is sent in, windows being cut from the oldest
 * pending held attempt to its endpoint: each opens at the oldest event not in the one before and
 * holds the events recorded in the 2 s after it. The chain is found by stepping back from
 * `attempt`, each step to the events recorded at most 2 s before the oldest found so far. The
 * opener is an event's delivery, or its copy if that alone is left. Undefined when `attempt` is no
 * longer pending (a window sent it).
 */
async function windowOpener(db: Db, clientId: string, attempt: StoredAttempt): Promise<StoredAttempt | undefined> {
  const pending = new Map((await heldBefore(db, clientId, attempt)).map((held) => [held.id, held]));
  if (!pending.has(attempt.id)) return undefined;
  let head = oldest([...pending.values()])!;
  for (let step = 1; step < MAX_CHAIN && head.event_id !== attempt.event_id; step++) {
    const before = await heldBefore(db, clientId, head);
    for (const held of before) pending.set(held.id, held);
    // Nothing held at or before it any more (a window sent it meanwhile): the chain ends here.
    const older = oldest(before);
    if (older === undefined || older.id === head.id) break;
    head = older;
  }
  return windowOpenerAmong([...pending.values()], attempt);
}

/** The pending held attempts to the attempt's endpoint whose events were recorded in the window's length before its own, its own included. */
async function heldBefore(db: Db, clientId: string, attempt: StoredAttempt): Promise<StoredAttempt[]> {
  const recordedAt = idTime(attempt.event_id).getTime();
  const items = await heldAttemptsBetween(db, clientId, attempt.endpoint_id, recordedAt - REORDER_WINDOW_MS, recordedAt + 1);
  return items.map((item) => item.attempt);
}

/** The attempt that would open a window of these: the oldest event's delivery (its copies are sent after it). */
const oldest = (attempts: readonly StoredAttempt[]): StoredAttempt | undefined => [...attempts].sort(byAge)[0];

/** A reverse-order window sends at most this many attempts; later ones of its 2 s open the next window. */
const MAX_WINDOW_ATTEMPTS = 10;

/**
 * Makes a reverse-order window (docs/api.md §17, decision 0266) opened by the claimed first attempt
 * of its oldest event: claims every other attempt to the endpoint held for the events recorded in
 * the 2 s after it (whatever their own due time), then sends them one after another in the plan's
 * window order, the newest event first, each recorded under its claim. Claims last until the
 * window can have been sent. An attempt another worker holds is left to it.
 */
async function makeWindow(deps: DeliveryDeps, opener: ClaimedAttempt): Promise<AttemptResult> {
  const { db, clock } = deps;
  const { clientId, token, attempt } = opener;
  const held = await heldAttemptsOf(db, clientId, attempt.endpoint_id, attempt.event_id, reorderWindowEnd(attempt.event_id));
  const others = windowOrder(held.map((item) => item.attempt).filter((other) => other.id !== attempt.id)).slice(0, MAX_WINDOW_ATTEMPTS - 1);
  const until = new Date(clock.now().getTime() + claimLeaseMs(deps.settings) * (others.length + 1));
  const [, ...claims] = await Promise.all([
    // The opener's own claim is lengthened the same way: it is sent last, its event being the oldest.
    claimAttempt(db, attemptKey(clientId, attempt), token, until, until),
    ...others.map((other) => claimAttempt(db, attemptKey(clientId, other), token, new Date(other.due_at), until)),
  ]);
  const mates = claims.filter((claim): claim is AttemptItem => claim !== undefined);
  const events = new Map(
    await Promise.all(
      [...new Set(mates.map((mate) => mate.attempt.event_id))].map(async (id) => [id, await eventEntity.find(db, eventEntity.key(clientId, id))] as const),
    ),
  );
  let result: AttemptResult = 'not-due';
  for (const next of windowOrder([attempt, ...mates.map((mate) => mate.attempt)])) {
    const event = next.id === attempt.id ? opener.event : events.get(next.event_id);
    const made =
      event === undefined
        ? (await dropAttempt(db, attemptKey(clientId, next), token))
          ? 'dropped'
          : 'lost-claim'
        : await attemptClaimed(deps, { ...opener, attempt: next, event });
    if (next.id === attempt.id) result = made;
  }
  return result;
}

/** An attempt its worker holds the claim on, with what making it needs. */
interface ClaimedAttempt {
  readonly token: string;
  readonly clientId: string;
  readonly attempt: StoredAttempt;
  readonly ttl: number;
  /** Undefined when the endpoint was deleted. */
  readonly endpoint: StoredWebhookEndpoint | undefined;
  readonly event: StoredEvent;
  /** The client's clock offset: attempted_at and next_attempt_at are shown on its clock. */
  readonly offset: number;
}

/** Makes an attempt under its claim: re-checks the URL, POSTs the signed event, records the outcome (and the next attempt, if one is due). */
async function attemptClaimed(deps: DeliveryDeps, claimed: ClaimedAttempt): Promise<AttemptResult> {
  const { db, clock, settings } = deps;
  const { token, endpoint, event, attempt, offset } = claimed;
  const key = attemptKey(claimed.clientId, attempt);
  const shown = (at: Date) => new Date(at.getTime() + offset);
  let outcome: Omit<AttemptOutcome, 'next_attempt_at'> & { final?: true };
  const attemptedAt = clock.now();
  if (!endpoint) {
    outcome = failure(shown(attemptedAt), 'The webhook endpoint was deleted', true);
  } else if (endpoint.endpoint.status === 'disabled') {
    // A disabled endpoint receives nothing, retries included (decision 0265).
    outcome = failure(shown(attemptedAt), 'The webhook endpoint is disabled', true);
  } else if (!isKept(attempt.event_id, attemptedAt)) {
    outcome = failure(shown(attemptedAt), 'The event is no longer kept (events are kept 30 days)', true);
  } else {
    let target: WebhookTarget | undefined;
    try {
      target = await resolveWebhookTarget(endpoint.endpoint.url, deps.policy, deps.resolve);
    } catch (error) {
      if (!(error instanceof UnsafeWebhookUrlError)) throw error;
      outcome = failure(shown(attemptedAt), `Not sent: the URL policy refuses it (${error.message})`);
    }
    if (target) {
      // Read at the attempt: a retry after a roll is signed with the new secret (and the old one while it is honoured).
      const signed = signWebhook(signingSecrets(endpoint, attemptedAt), attempt.event_id, viewEvent(event), attemptedAt);
      const sent = await sendWebhook(target, signed, settings.attemptTimeoutMs);
      // The local sandbox is stopping: record nothing, as if the process had died; the claim runs out.
      if (sent.abandoned) return 'abandoned';
      const ok = sent.status !== undefined && sent.status >= 200 && sent.status < 300;
      outcome = {
        status: ok ? 'succeeded' : 'failed',
        response_status: sent.status ?? null,
        response_time_ms: sent.timeMs,
        error: ok ? null : (sent.error ?? statusError(sent.status!)),
        attempted_at: shown(attemptedAt).toISOString(),
      };
    }
  }
  const { final, ...made } = outcome!;
  const delay = made.status === 'failed' && !final ? retryDelayMs(settings, attempt.attempt) : undefined;
  const nextAt = delay === undefined ? undefined : new Date(clock.now().getTime() + delay);
  const recorded = await recordAttempt(
    db,
    key,
    token,
    { ...made, next_attempt_at: nextAt ? shown(nextAt).toISOString() : null },
    nextAt && {
      // A copy's retry is still a copy; a retry is never held for a window.
      attempt: pendingAttempt(attempt.event_id, attempt.endpoint_id, attempt.attempt + 1, nextAt, 'retry', offset, { duplicate: attempt.duplicate }),
      clientId: claimed.clientId,
      ttl: claimed.ttl,
    },
  );
  if (!recorded) {
    logger.warn('webhook: an attempt outlived its claim; the worker that took it over records it', { pk: key.pk, sk: key.sk });
    return 'lost-claim';
  }
  return made.status;
}

function failure(at: Date, error: string, final?: true): Omit<AttemptOutcome, 'next_attempt_at'> & { final?: true } {
  return { status: 'failed', response_status: null, response_time_ms: null, error, attempted_at: at.toISOString(), ...(final && { final }) };
}

/** Why a non-2xx answer is a failure, in words. */
function statusError(status: number): string {
  if (status >= 300 && status < 400) return `The endpoint answered ${status}: redirects are not followed`;
  return `The endpoint answered ${status}`;
}

/**
 * Creates an event's deliveries (if still due) and makes the first attempts its plan owes now.
 * When the invocation has time for them (`remainingMs`), they are written claimed by this worker
 * and made with the endpoints and the clock it has just read and the event it was brought, with no
 * claim and no read of their own: each endpoint's attempts one after another in the plan's order
 * (the delivery, then its chaos copies), the endpoints side by side. Otherwise they are left due,
 * for the sweep. Attempts the plan makes due later (a chaos delay or reverse-order window) are
 * handed to the timer, if this worker has one, to be made when due; the sweep makes them too. An
 * attempt that fails to reach the table is logged: it is due again when its claim runs out.
 */
export async function dispatchEvent(deps: DeliveryDeps, event: StoredEvent, remainingMs: () => number = () => Infinity): Promise<void> {
  const token = randomUUID();
  const lease = claimLeaseMs(deps.settings);
  const holdOf = (copy: number): Hold | undefined =>
    remainingMs() >= lease * (copy + 1) ? { token, until: new Date(deps.clock.now().getTime() + lease * (copy + 1)) } : undefined;
  const created = await deliveriesOf(deps, event, holdOf);
  if (!created) return;
  const { clientId, ttl } = event;
  const later = created.attempts.filter(({ hold }) => hold === undefined).map(({ attempt }) => attempt);
  if (deps.timer && later.length > 0) {
    try {
      await deps.timer.wake(later.map((attempt) => ({ ...attemptKey(clientId, attempt), dueAt: attempt.due_at })));
    } catch (error) {
      logger.error('webhook: the timer was not set; the sweep makes the attempts when due', { event: event.event.id, error: error as Error });
    }
  }
  const byEndpoint = new Map<string, StoredAttempt[]>();
  for (const { attempt, hold } of created.attempts) if (hold) byEndpoint.set(attempt.endpoint_id, [...(byEndpoint.get(attempt.endpoint_id) ?? []), attempt]);
  await forEachLimited([...byEndpoint.values()], ATTEMPTS_AT_ONCE, async (attempts) => {
    for (const attempt of attempts) {
      const key = attemptKey(clientId, attempt);
      try {
        const endpoint = created.endpoints.get(attempt.endpoint_id);
        await attemptClaimed(deps, { token, clientId, attempt, ttl, endpoint, event, offset: created.offset });
      } catch (error) {
        logger.error('webhook: an attempt could not be made; it is due again when its claim runs out', { pk: key.pk, sk: key.sk, error: error as Error });
      }
    }
  });
}

/** The item a stream record inserted (Lambda's image shape is DynamoDB's JSON). */
function insertedItem(record: DynamoDBRecord): Record<string, unknown> | undefined {
  const image = record.dynamodb?.NewImage;
  return record.eventName === 'INSERT' && image ? unmarshall(image as Parameters<typeof unmarshall>[0]) : undefined;
}

/**
 * The dispatcher's work on a batch of stream records (the filter lets through only inserted
 * events and resend attempts): an event's deliveries are created and attempted, a resend is
 * attempted. A record whose work failed is reported in `batchItemFailures`, so only it is retried.
 */
export async function dispatchStreamEvent(deps: DeliveryDeps, event: DynamoDBStreamEvent, remainingMs: () => number): Promise<DynamoDBBatchResponse> {
  const failures: string[] = [];
  await forEachLimited(event.Records, RECORDS_AT_ONCE, async (record) => {
    const item = insertedItem(record);
    try {
      if (item?.entity === eventEntity.name) await dispatchEvent(deps, eventEntity.fromItem(item), remainingMs);
      else if (item?.entity === deliveryAttemptEntity.name && remainingMs() >= claimLeaseMs(deps.settings))
        await makeAttempt(deps, { pk: String(item.pk), sk: String(item.sk) });
    } catch (error) {
      logger.error('webhook: a stream record failed; it is retried', { sequenceNumber: record.dynamodb?.SequenceNumber, error: error as Error });
      failures.push(record.dynamodb!.SequenceNumber!);
    }
  });
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}

/**
 * The sweep's handlers of delivery (lib/sweep/handlers.ts): an event still due gets its deliveries
 * (the stream did not bring it), and an attempt that fell due is made.
 */
export function deliveryDueHandlers(deps: Omit<DeliveryDeps, 'db'>): DueHandlers {
  return {
    [keys.eventSortKey('')]: async (db, item) => {
      const event = await eventEntity.find(db, item);
      if (event?.dueAt !== undefined) await dispatchEvent({ ...deps, db }, event);
    },
    [keys.deliveryAttemptPrefix]: async (db, item) => {
      await makeAttempt({ ...deps, db }, item);
    },
  };
}
