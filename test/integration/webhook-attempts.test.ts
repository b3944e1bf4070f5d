import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../lib/auth/key-repository';
import type { Db } from '../../lib/db/db';
import { clientPartition, keys } from '../../lib/db/keys';
import { NO_CAUSE } from '../../lib/events/event';
import { viewEvent } from '../../lib/events/event-repository';
import { eventEntity } from '../../lib/events/items';
import { NO_CHAOS, type Chaos, type WebhookEndpoint } from '../../lib/objects/webhook-endpoint';
import { createPayment } from '../../lib/payments/payments';
import type { CreatePaymentInput } from '../../lib/payments/create-payment-body';
import { newWebhookSecret } from '../../lib/webhooks/signature';
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from '../../lib/config/delivery-settings';
import { claimAttempt, readItem, recordAttempt, type AttemptKey } from '../../lib/webhooks/delivery-repository';
import { REORDER_SETTLE_MS, REORDER_WINDOW_MS } from '../../lib/webhooks/delivery-plan';
import { attemptKey, claimLeaseMs, createDeliveries, dispatchEvent, makeAttempt, type DeliveryDeps } from '../../lib/webhooks/dispatch';
import { insertWebhookEndpoint } from '../../lib/webhooks/endpoint-repository';
import type { HostResolver } from '../../lib/webhooks/url-policy';
import { FakeClock } from '../support/clock';
import { faultyDb } from '../support/faults';
import { isolatedTable } from '../support/isolated-table';
import { paymentBody } from '../support/payments';
import { startReceiver, verified, webhookIdOf, type Answer, type Receiver } from '../support/webhook-receiver';

/**
 * Delivery attempts on DynamoDB Local, on a table of their own (no stream poller or sweep acts on
 * it): the clock is the test's, so the whole retry schedule runs without waiting, and the resolver
 * is injected, so names resolve as a deployed stage's DNS would answer.
 */

let table: Awaited<ReturnType<typeof isolatedTable>>;
let db: Db;
beforeAll(async () => {
  table = await isolatedTable('webhook-attempts');
  db = table.db;
});
afterAll(() => table.drop());

const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
async function receiver(answer?: (nth: number) => Answer): Promise<Receiver> {
  const started = await startReceiver(answer);
  receivers.push(started);
  return started;
}

/** A resolver that knows only these names. */
const resolverOf =
  (answers: Record<string, string>): HostResolver =>
  async (hostname) => {
    const address = answers[hostname];
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };

function depsOf(clock: FakeClock, overrides: Partial<DeliveryDeps> = {}, settings: DeliverySettings = DEFAULT_DELIVERY_SETTINGS): DeliveryDeps {
  return { db, clock, settings, policy: 'local', ...overrides };
}

/** A client with one endpoint at `url` (stored as registered, whatever the policy in force now says). */
async function clientWithEndpoint(url: string, enabled_events = ['*'], chaos: Partial<Chaos> = {}) {
  const client = await createClient(db, 'attempts');
  const secret = newWebhookSecret();
  const endpointId = `whe_${client.id.slice(4)}`;
  const endpoint = {
    id: endpointId,
    url,
    enabled_events,
    description: null,
    status: 'enabled',
    chaos: { ...NO_CHAOS, ...chaos },
    created_at: new Date().toISOString(),
  } as WebhookEndpoint;
  await insertWebhookEndpoint(db, { clientId: client.id, endpoint, secret });
  return { clientId: client.id, endpointId, secret };
}

/** Records a payment.created event for the client (the real use case). */
async function paymentEvent(clientId: string, deps: DeliveryDeps) {
  const transaction = await createPayment({ db, clientId, clock: deps.clock, cause: NO_CAUSE }, paymentBody() as CreatePaymentInput);
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :events)',
      ExpressionAttributeValues: { ':pk': clientPartition(clientId), ':events': keys.eventSortKey('') },
      ConsistentRead: true,
    }),
  );
  return { event: eventEntity.fromItem(Items.find((item) => (item.data as { object: { id: string } }).object.id === transaction.id)!) };
}

/** Records a payment.created event for the client and creates its deliveries, for the attempts to be made by the test. */
async function eventWithDeliveries(clientId: string, deps: DeliveryDeps) {
  const { event } = await paymentEvent(clientId, deps);
  const attempts = await createDeliveries(deps, event);
  return { event, attempts: attempts!, keyOf: (i = 0) => attemptKey(clientId, attempts![i]!) };
}

/** Every attempt item of an event, oldest first. */
async function attemptsOf(clientId: string, eventId: string) {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': clientPartition(clientId), ':prefix': keys.deliveryAttemptSortKeyPrefix(eventId) },
      ConsistentRead: true,
    }),
  );
  return Items;
}

describe('an event', () => {
  it('gets its deliveries once, however many times it is brought (a stream record twice, the stream and the sweep)', async () => {
    const hooks = await receiver();
    const { clientId } = await clientWithEndpoint(hooks.url);
    const deps = depsOf(new FakeClock());
    const { event, attempts } = await eventWithDeliveries(clientId, deps);
    expect(attempts).toHaveLength(1);
    expect(await createDeliveries(deps, event)).toBeUndefined();
    expect(await attemptsOf(clientId, event.event.id)).toHaveLength(1);
    // No longer due: the sweep will not bring it again.
    expect((await readItem(db, keys.event(clientId, event.event.id)))!.due_sk).toBeUndefined();
  });
});

describe("an event's first attempts, made by the dispatcher that creates them", () => {
  it('are delivered once and recorded, while no other worker can make them', async () => {
    const hooks = await receiver(() => 204);
    const { clientId } = await clientWithEndpoint(hooks.url);
    const clock = new FakeClock();
    const deps = depsOf(clock);
    const { event } = await paymentEvent(clientId, deps);
    await dispatchEvent(deps, event);
    expect(hooks.received).toHaveLength(1);
    const [item] = await attemptsOf(clientId, event.event.id);
    expect(item).toMatchObject({ attempt: 1, status: 'succeeded', response_status: 204, attempted_at: clock.now().toISOString() });
    expect(item!.claim).toBeUndefined();
    expect(item!.due_sk).toBeUndefined();
    // The sweep (or a stream record brought twice) finds nothing more to make.
    expect(await makeAttempt(deps, { pk: String(item!.pk), sk: String(item!.sk) })).toBe('not-due');
    await dispatchEvent(deps, event);
    expect(hooks.received).toHaveLength(1);
  });

  it('are written claimed: the sweep leaves them alone until the claim runs out, then makes them if the dispatcher died', async () => {
    const hooks = await receiver();
    const { clientId } = await clientWithEndpoint(hooks.url);
    const clock = new FakeClock();
    const deps = depsOf(clock);
    const { event } = await paymentEvent(clientId, deps);
    const lease = claimLeaseMs(deps.settings);
    // The dispatcher writes them claimed and dies before sending.
    const [attempt] = (await createDeliveries(deps, event, { token: 'dead-dispatcher', until: new Date(clock.now().getTime() + lease) }))!;
    const key = attemptKey(clientId, attempt!);
    expect(await readItem(db, key)).toMatchObject({ status: 'pending', next_attempt_at: clock.now().toISOString() });
    expect(await makeAttempt(deps, key)).toBe('not-due');
    clock.advanceMs(lease);
    expect(await makeAttempt(deps, key)).toBe('succeeded');
    expect(hooks.received).toHaveLength(1);
  });

  it('are left due for the sweep, unclaimed and unsent, when the invocation has no time left for them', async () => {
    const hooks = await receiver();
    const { clientId } = await clientWithEndpoint(hooks.url);
    const clock = new FakeClock();
    const deps = depsOf(clock);
    const { event } = await paymentEvent(clientId, deps);
    await dispatchEvent(deps, event, () => claimLeaseMs(deps.settings) - 1);
    expect(hooks.received).toEqual([]);
    const [item] = await attemptsOf(clientId, event.event.id);
    expect(item).toMatchObject({ status: 'pending', due_sk: clock.now().toISOString() });
    expect(item!.claim).toBeUndefined();
    expect(await makeAttempt(deps, { pk: String(item!.pk), sk: String(item!.sk) })).toBe('succeeded');
  });
});

describe('a reverse-order window (chaos reverse_order)', () => {
  /**
   * A client whose endpoint delivers in reverse order, two events recorded 30 ms apart (a create
   * and its settle, say) with their held attempts, and the clock past when both fall due.
   */
  async function twoHeldEvents() {
    const hooks = await receiver();
    const { clientId } = await clientWithEndpoint(hooks.url, ['*'], { reverse_order: true });
    const clock = new FakeClock();
    const deps = depsOf(clock);
    const older = await eventWithDeliveries(clientId, deps);
    clock.advanceMs(30);
    const newer = await eventWithDeliveries(clientId, deps);
    clock.advanceMs(REORDER_WINDOW_MS + REORDER_SETTLE_MS);
    const sent = () => hooks.received.map(webhookIdOf);
    return { hooks, clock, deps, older, newer, sent };
  }

  it("is made whole, newest first, when the later event's attempt is woken before the window's first", async () => {
    const { deps, older, newer, sent } = await twoHeldEvents();
    await makeAttempt(deps, newer.keyOf());
    expect(sent()).toEqual([newer.event.event.id, older.event.event.id]);
    // The window's first attempt's own wake finds it made.
    expect(await makeAttempt(deps, older.keyOf())).toBe('not-due');
    expect(sent()).toHaveLength(2);
  });

  it("leaves the later event's attempt to the worker making the window, rather than sending it alone before the window", async () => {
    const { clock, deps, older, newer, sent } = await twoHeldEvents();
    const lease = claimLeaseMs(deps.settings);
    // The first event's wake has claimed the window's first attempt and not yet made the window.
    expect(await claimAttempt(db, older.keyOf(), 'window-maker', clock.now(), new Date(clock.now().getTime() + lease))).toBeDefined();
    expect(await makeAttempt(deps, newer.keyOf())).toBe('not-due');
    expect(sent()).toEqual([]);
    const left = await readItem(db, newer.keyOf());
    expect(left).toMatchObject({ status: 'pending' });
    expect(left!.claim).toBeUndefined();
    // The window's worker dies; when its claim runs out, the window is made whole, newest first.
    clock.advanceMs(lease);
    expect(await makeAttempt(deps, older.keyOf())).toBe('succeeded');
    expect(sent()).toEqual([newer.event.event.id, older.event.event.id]);
    expect(await makeAttempt(deps, newer.keyOf())).toBe('not-due');
  });

  it("ends a wake quietly when the window's first attempt is sent while the wake looks back for it", async () => {
    const { deps, older, newer, sent } = await twoHeldEvents();
    // The later event's wake finds both held; before its second look back, the window is made.
    let queries = 0;
    const racing = faultyDb(async (command, send) => {
      if (command === 'QueryCommand' && ++queries === 2) expect(await makeAttempt(deps, older.keyOf())).toBe('succeeded');
      return send();
    }, table.tableName);
    expect(await makeAttempt({ ...deps, db: racing }, newer.keyOf())).toBe('not-due');
    expect(queries).toBe(2);
    expect(sent()).toEqual([newer.event.event.id, older.event.event.id]);
  });

  it('holds the events recorded in the 2 s after its first, cut oldest first: a later window is made by its own opener, alone', async () => {
    const hooks = await receiver();
    const { clientId } = await clientWithEndpoint(hooks.url, ['*'], { reverse_order: true });
    const clock = new FakeClock();
    const deps = depsOf(clock);
    const events: Awaited<ReturnType<typeof eventWithDeliveries>>[] = [];
    // Recorded at 0, 1.5, 3 and 4 s: windows {0, 1.5} and {3, 4}, the second opened by the event at 3 s.
    for (const gap of [0, 1_500, 1_500, 1_000]) {
      clock.advanceMs(gap);
      events.push(await eventWithDeliveries(clientId, deps));
    }
    clock.advanceMs(REORDER_WINDOW_MS + REORDER_SETTLE_MS);
    const sent = () => hooks.received.map(webhookIdOf);
    const id = (n: number) => events[n]!.event.event.id;
    await makeAttempt(deps, events[3]!.keyOf());
    expect(sent()).toEqual([id(3), id(2)]);
    await makeAttempt(deps, events[1]!.keyOf());
    expect(sent()).toEqual([id(3), id(2), id(1), id(0)]);
    expect(await makeAttempt(deps, events[0]!.keyOf())).toBe('not-due');
  });

  it('is made by one worker, whichever of its attempts are woken at once', async () => {
    const { deps, older, newer, sent } = await twoHeldEvents();
    await Promise.all([newer.keyOf(), older.keyOf(), newer.keyOf(), older.keyOf()].map((key) => makeAttempt(deps, key)));
    expect(sent()).toEqual([newer.event.event.id, older.event.event.id]);
  });
});

describe('an attempt', () => {
  it('POSTs the event signed with the endpoint secret and records a success with its status and time', async () => {
    const hooks = await receiver(() => 204);
    const { clientId, endpointId, secret } = await clientWithEndpoint(hooks.url);
    const clock = new FakeClock();
    const { event, attempts, keyOf } = await eventWithDeliveries(clientId, depsOf(clock));
    expect(await makeAttempt(depsOf(clock), keyOf())).toBe('succeeded');

    expect(verified(secret, hooks.received[0]!)).toEqual(viewEvent(event));
    const [item] = await attemptsOf(clientId, event.event.id);
    expect(item).toMatchObject({
      id: attempts[0]!.id,
      endpoint_id: endpointId,
      attempt: 1,
      status: 'succeeded',
      response_status: 204,
      error: null,
      attempted_at: clock.now().toISOString(),
      next_attempt_at: null,
    });
    expect(item!.response_time_ms).toEqual(expect.any(Number));
    expect(item!.due_sk).toBeUndefined();
    expect(item!.claim).toBeUndefined();
  });

  it('is retried after 10 s, 1 min, 5 min, 30 min and 2 h, then the delivery is failed with nothing more due', async () => {
    const hooks = await receiver(() => 500);
    const { clientId } = await clientWithEndpoint(hooks.url);
    const clock = new FakeClock();
    const deps = depsOf(clock);
    const { event, keyOf } = await eventWithDeliveries(clientId, deps);
    let key: AttemptKey = keyOf();
    for (const [i, pause] of [10, 60, 300, 1800, 7200].entries()) {
      expect(await makeAttempt(deps, key)).toBe('failed');
      const items = await attemptsOf(clientId, event.event.id);
      expect(items).toHaveLength(i + 2);
      const [made, next] = [items.find((it) => it.attempt === i + 1)!, items.find((it) => it.attempt === i + 2)!];
      expect(made).toMatchObject({ status: 'failed', response_status: 500, error: 'The endpoint answered 500' });
      expect(Date.parse(made.next_attempt_at)).toBe(clock.now().getTime() + pause * 1000);
      expect(next).toMatchObject({ status: 'pending', attempted_at: null, next_attempt_at: made.next_attempt_at, due_sk: made.next_attempt_at });
      // Not before it is due.
      clock.advanceMs(pause * 1000 - 2_000);
      key = { pk: String(next.pk), sk: String(next.sk) };
      expect(await makeAttempt(deps, key)).toBe('not-due');
      clock.advanceMs(2_000);
    }
    expect(await makeAttempt(deps, key)).toBe('failed');
    const items = await attemptsOf(clientId, event.event.id);
    expect(items.map((it) => [it.attempt, it.status])).toEqual([1, 2, 3, 4, 5, 6].map((n) => [n, 'failed']));
    expect(items.find((it) => it.attempt === 6)).toMatchObject({ next_attempt_at: null });
    expect(items.every((it) => it.due_sk === undefined)).toBe(true);
    expect(hooks.received).toHaveLength(6);
  });

  it('is made by one worker only, however many try at once', async () => {
    const hooks = await receiver();
    const { clientId } = await clientWithEndpoint(hooks.url);
    const clock = new FakeClock();
    const { keyOf } = await eventWithDeliveries(clientId, depsOf(clock));
    const results = await Promise.all(Array.from({ length: 5 }, () => makeAttempt(depsOf(clock), keyOf())));
    expect(results.filter((r) => r === 'succeeded')).toHaveLength(1);
    expect(results.filter((r) => r === 'not-due')).toHaveLength(4);
    expect(hooks.received).toHaveLength(1);
  });

  it('is due again when the worker that claimed it died, and the dead worker can no longer record anything', async () => {
    const hooks = await receiver();
    const { clientId } = await clientWithEndpoint(hooks.url);
    const clock = new FakeClock();
    const deps = depsOf(clock);
    const { keyOf } = await eventWithDeliveries(clientId, deps);
    // A worker claims it and dies before sending.
    const lease = claimLeaseMs(deps.settings);
    expect(await claimAttempt(db, keyOf(), 'dead-worker', clock.now(), new Date(clock.now().getTime() + lease))).toBeDefined();
    expect(await makeAttempt(deps, keyOf())).toBe('not-due');
    clock.advanceMs(lease);
    expect(await makeAttempt(deps, keyOf())).toBe('succeeded');
    expect(hooks.received).toHaveLength(1);
    const late = {
      status: 'failed',
      response_status: null,
      response_time_ms: null,
      error: 'late',
      attempted_at: clock.now().toISOString(),
      next_attempt_at: null,
    } as const;
    expect(await recordAttempt(db, keyOf(), 'dead-worker', late)).toBe(false);
    expect(await readItem(db, keyOf())).toMatchObject({ status: 'succeeded' });
  });

  it('ends the delivery, sending nothing, when the endpoint was deleted since', async () => {
    const hooks = await receiver();
    const { clientId, endpointId } = await clientWithEndpoint(hooks.url);
    const clock = new FakeClock();
    const { keyOf } = await eventWithDeliveries(clientId, depsOf(clock));
    const { deleteWebhookEndpointItem } = await import('../../lib/webhooks/endpoint-repository');
    await deleteWebhookEndpointItem(db, clientId, endpointId);
    expect(await makeAttempt(depsOf(clock), keyOf())).toBe('failed');
    expect(await readItem(db, keyOf())).toMatchObject({ status: 'failed', error: 'The webhook endpoint was deleted', next_attempt_at: null });
    expect(hooks.received).toEqual([]);
  });

  it('is removed, sending nothing, when its event was removed since (a reset that listed the partition before the attempt was written)', async () => {
    const hooks = await receiver();
    const { clientId } = await clientWithEndpoint(hooks.url);
    const clock = new FakeClock();
    const { event, keyOf } = await eventWithDeliveries(clientId, depsOf(clock));
    await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: keys.event(clientId, event.event.id) }));
    expect(await makeAttempt(depsOf(clock), keyOf())).toBe('dropped');
    expect(await attemptsOf(clientId, event.event.id)).toEqual([]);
    expect(hooks.received).toEqual([]);
  });

  it('is failed without an answer when the receiver does not answer within the timeout', async () => {
    const hooks = await receiver(() => 'hang');
    const { clientId } = await clientWithEndpoint(hooks.url);
    const clock = new FakeClock();
    const deps = depsOf(clock, {}, { ...DEFAULT_DELIVERY_SETTINGS, attemptTimeoutMs: 300 });
    const { keyOf } = await eventWithDeliveries(clientId, deps);
    expect(await makeAttempt(deps, keyOf())).toBe('failed');
    const item = await readItem(db, keyOf());
    expect(item).toMatchObject({ status: 'failed', response_status: null, error: 'No answer within 300 ms' });
    expect(item!.response_time_ms).toBeGreaterThanOrEqual(290);
  });

  it('does not follow a redirect: a 3xx is a failure and nothing else is requested', async () => {
    const hooks = await receiver(() => 302);
    const { clientId } = await clientWithEndpoint(hooks.url);
    const clock = new FakeClock();
    const { keyOf } = await eventWithDeliveries(clientId, depsOf(clock));
    expect(await makeAttempt(depsOf(clock), keyOf())).toBe('failed');
    expect(await readItem(db, keyOf())).toMatchObject({ response_status: 302, error: 'The endpoint answered 302: redirects are not followed' });
    expect(hooks.received).toHaveLength(1);
  });

  it('is a failed attempt, retried, sending nothing, when the URL now resolves to a private address (deployed policy)', async () => {
    const hooks = await receiver();
    const { clientId } = await clientWithEndpoint('https://hooks.example.com/payments');
    const clock = new FakeClock();
    const deps = depsOf(clock, { policy: 'deployed', resolve: resolverOf({ 'hooks.example.com': '10.0.0.7' }) });
    const { keyOf } = await eventWithDeliveries(clientId, deps);
    expect(await makeAttempt(deps, keyOf())).toBe('failed');
    const item = await readItem(db, keyOf());
    expect(item).toMatchObject({
      status: 'failed',
      response_status: null,
      response_time_ms: null,
      error: 'Not sent: the URL policy refuses it (url must not point to a private, loopback or link-local address)',
    });
    expect(Date.parse(String(item!.next_attempt_at))).toBe(clock.now().getTime() + 10_000);
    expect(hooks.received).toEqual([]);
  });

  it('connects to the address the policy checked, not to whatever the name resolves to later', async () => {
    const hooks = await receiver();
    const port = new URL(hooks.url).port;
    // This machine's DNS knows no such name: only the checked address can be reached.
    const { clientId, secret } = await clientWithEndpoint(`http://receiver.invalid:${port}/webhooks`);
    const clock = new FakeClock();
    const deps = depsOf(clock, { resolve: resolverOf({ 'receiver.invalid': '127.0.0.1' }) });
    const { event, keyOf } = await eventWithDeliveries(clientId, deps);
    expect(await makeAttempt(deps, keyOf())).toBe('succeeded');
    expect(hooks.received[0]!.headers.host).toBe(`receiver.invalid:${port}`);
    expect(verified(secret, hooks.received[0]!)).toEqual(viewEvent(event));
  });
});
