import { randomUUID } from 'node:crypto';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { offsetOf, type Clock } from '../clock';
import { loadClientClock } from '../sandbox/client-clock';
import { forEachLimited } from '../concurrency';
import type { Db } from '../db/db';
import { keys } from '../db/keys';
import type { DueHandlers } from '../sweep/sweep';
import { isKept, viewEvent } from '../events/event-repository';
import { eventEntity, type StoredEvent } from '../events/items';
import { logger } from '../logger';
import type { DeliverySettings } from './delivery-settings';
import {
  claimAttempt,
  createEventDeliveries,
  endpointItemsOf,
  pendingAttempt,
  dropAttempt,
  recordAttempt,
  subscribes,
  type AttemptKey,
  type AttemptOutcome,
  type Hold,
} from './delivery-repository';
import type { UrlPolicy } from './policy';
import { signingSecrets } from './endpoint-repository';
import { deliveryAttemptEntity, webhookEndpointEntity, type StoredAttempt, type StoredWebhookEndpoint } from './items';
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
}

/** Room beyond the DNS lookup and the POST before a claim runs out: the outcome's write and some slack. */
const LEASE_SLACK_MS = 5_000;

/**
 * How long a claim on an attempt lasts: the URL's lookup, the POST's timeout and some slack. An
 * attempt whose worker died is due again when it runs out (at least once).
 */
export const claimLeaseMs = (settings: DeliverySettings): number => DNS_TIMEOUT_MS + settings.attemptTimeoutMs + LEASE_SLACK_MS;

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
  readonly attempts: StoredAttempt[];
  readonly endpoints: ReadonlyMap<string, StoredWebhookEndpoint>;
  readonly offset: number;
}

async function deliveriesOf(deps: DeliveryDeps, stored: StoredEvent, hold?: Hold): Promise<Created | undefined> {
  const { clientId, event } = stored;
  const eventId = event.id;
  // Read together: an event is owed deliveries only while its client has endpoints (decision 0195).
  const [items, clientClk] = await Promise.all([endpointItemsOf(deps.db, clientId), loadClientClock(deps.db, clientId, deps.clock)]);
  const endpoints = items.filter((endpoint) => subscribes(endpoint, event.type));
  // Due now in real time; shown on the client's clock.
  const offset = offsetOf(clientClk);
  const now = deps.clock.now();
  const attempts = endpoints.map(({ endpoint }) => pendingAttempt(eventId, endpoint.id, 1, now, 'event', offset));
  if (!(await createEventDeliveries(deps.db, clientId, eventId, attempts, stored.ttl, hold))) return undefined;
  return { attempts, endpoints: new Map(endpoints.map((e) => [e.endpoint.id, e])), offset };
}

/**
 * Creates the deliveries of an event item still due: the first attempt for each endpoint of its
 * client subscribed to its type, due now, and claimed by `hold` when given. Returns them, or
 * undefined when another worker had already created them (the event was no longer due).
 */
export async function createDeliveries(deps: DeliveryDeps, stored: StoredEvent, hold?: Hold): Promise<StoredAttempt[] | undefined> {
  return (await deliveriesOf(deps, stored, hold))?.attempts;
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
 */
export async function makeAttempt(deps: DeliveryDeps, key: AttemptKey): Promise<AttemptResult> {
  const { db, clock } = deps;
  const token = randomUUID();
  const now = clock.now();
  const claim = await claimAttempt(db, key, token, new Date(now.getTime() + CLOCK_TOLERANCE_MS), leaseEnd(deps));
  if (!claim) return 'not-due';
  const { clientId, attempt, ttl } = claim;
  const [endpoint, event, clientClk] = await Promise.all([
    webhookEndpointEntity.find(db, webhookEndpointEntity.key(clientId, attempt.endpoint_id)),
    eventEntity.find(db, eventEntity.key(clientId, attempt.event_id)),
    // attempted_at and next_attempt_at are shown on the client's clock; the signature, the retry and the lease are real time.
    loadClientClock(db, clientId, clock),
  ]);
  // The event was removed (a reset): its deliveries stop, and an attempt written after the reset
  // listed the partition goes too, so nothing of the removed event is left.
  if (!event) return (await dropAttempt(db, key, token)) ? 'dropped' : 'lost-claim';
  return attemptClaimed(deps, { token, clientId, attempt, ttl, endpoint, event, offset: offsetOf(clientClk) });
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
  const delay = made.status === 'failed' && !final ? settings.retryScheduleSeconds[attempt.attempt - 1] : undefined;
  const nextAt = delay === undefined ? undefined : new Date(clock.now().getTime() + delay * 1000);
  const recorded = await recordAttempt(
    db,
    key,
    token,
    { ...made, next_attempt_at: nextAt ? shown(nextAt).toISOString() : null },
    nextAt && {
      attempt: pendingAttempt(attempt.event_id, attempt.endpoint_id, attempt.attempt + 1, nextAt, 'retry', offset),
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
 * Creates an event's deliveries (if still due) and makes their first attempts at once. When the
 * invocation has time for them (`remainingMs`), they are written claimed by this worker and made
 * with the endpoints and the clock it has just read and the event it was brought, with no claim
 * and no read of their own; otherwise they are left due, for the sweep. An attempt that fails to
 * reach the table is logged: it is due again when its claim runs out.
 */
export async function dispatchEvent(deps: DeliveryDeps, event: StoredEvent, remainingMs: () => number = () => Infinity): Promise<void> {
  const hold: Hold | undefined = remainingMs() >= claimLeaseMs(deps.settings) ? { token: randomUUID(), until: leaseEnd(deps) } : undefined;
  const created = await deliveriesOf(deps, event, hold);
  if (!created || !hold) return;
  const { clientId, ttl } = event;
  await forEachLimited(created.attempts, ATTEMPTS_AT_ONCE, async (attempt) => {
    const key = attemptKey(clientId, attempt);
    try {
      const endpoint = created.endpoints.get(attempt.endpoint_id);
      await attemptClaimed(deps, { token: hold.token, clientId, attempt, ttl, endpoint, event, offset: created.offset });
    } catch (error) {
      logger.error('webhook: an attempt could not be made; it is due again when its claim runs out', { pk: key.pk, sk: key.sk, error: error as Error });
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
