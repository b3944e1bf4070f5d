import { NO_CAUSE } from '../lib/events/event';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { findPrincipal, findPrincipalAndClock } from '../lib/auth/key-records';
import { requestCounter } from '../lib/auth/request-counter';
import { clientClock, systemClock } from '../lib/clock';
import { batchWriteAll } from '../lib/db/batch-write';
import type { Db } from '../lib/db/db';
import { clientPartition, keys } from '../lib/db/keys';
import {
  batchGetItems,
  batchWrite,
  getItem as readItem,
  queryPage,
  transactWriteCommand,
  updateItem,
  type Item,
  type TableKey,
  type TransactItem,
  putItem,
} from '../lib/db/requests';
import { endpointSecretRolled, endpointUpdated, paymentChanged, paymentCreated, refundCreated, type Change } from '../lib/events/event';
import { recordEvents } from '../lib/events/event-recorder';
import { endLease, leasePut } from '../lib/webhooks/check-endpoint';
import { unsent } from '../lib/webhooks/receiver-check';
import { CHECK_KEPT_SECONDS, webhookCheckEntity } from '../lib/webhooks/check-items';
import { success } from '../lib/http/envelope';
import { IDEMPOTENCY_TTL_SECONDS } from '../lib/http/idempotency';
import { claimKey, completionItem } from '../lib/http/idempotency-store';
import { newId } from '../lib/ids';
import { paymentEntry, refundEntry } from '../lib/payments/ledger';
import type { Refund } from '../lib/objects/refund';
import { pendingExit, type PendingExit } from '../lib/payments/transitions';
import { dueMarkerEntity, orderEntity, refundEntity, settlementEntity, transactionEntity, type StoredTransaction } from '../lib/payments/items';
import { clockResetItem } from '../lib/auth/client-clock';
import { viewTransaction, type Transaction } from '../lib/objects/transaction';
import type { Route } from '../lib/routes';
import type { Scope } from '../lib/scopes';
import { createClient, createKey } from '../lib/auth/key-repository';
import { endpointDeleteItems, endpointInsertItems, MAX_WEBHOOK_ENDPOINTS, replaceWebhookSecret } from '../lib/webhooks/endpoint-repository';
import { webhookEndpointEntity } from '../lib/webhooks/items';
import { eventEntity } from '../lib/events/items';
import { createWebhookEndpoint } from '../lib/webhooks/create-endpoint';
import { newWebhookSecret } from '../lib/webhooks/signature';
import { NO_CHAOS } from '../lib/objects/webhook-endpoint';
import { writeEndpointUpdate } from '../lib/webhooks/update-endpoint';
import { attemptPut, pendingAttempt } from '../lib/webhooks/delivery-repository';
import { RESEND_ORIGIN } from '../lib/events/stream-filter';
import { json, type ApiRequest, type HttpApi } from './client';
import { paymentBody } from './payloads';
import { mapLimit } from './stats';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { mintKey, revokeKeyItem, rollKey } from '../lib/auth/key-lifecycle';
import { identityClient } from '../infra/local/identity-client';
import { addUser } from '../infra/local/users';
import { invitingPoolOf } from '../lib/identity/user-pool-admin';
import { IDENTITY_ENV } from '../lib/config/env';

/**
 * What each endpoint is measured with: the request (for the HTTP and direct-handler arms) and its
 * *floor* — the bare DynamoDB calls the endpoint needs (docs/data-model.md, checked against what
 * the counting middleware sees), made with a separate document client on the same DynamoDB Local.
 *
 * State-changing endpoints get a fresh fixture for every request of every arm: the HTTP and
 * handler arms work on the bench client's own transactions (made through the API, so the ledger
 * invariant checked after the load test covers them); the floor writes to a separate client's
 * partition, on copies of a stored transaction item, so its items are the same size.
 */

export type RequestArm = 'http' | 'handler';

export interface BenchContext {
  /** The API with the bench key, on a few sockets: for fixtures. */
  readonly api: HttpApi;
  readonly clientId: string;
  /** SHA-256 of the bench key: the floor's authentication GetItem reads its record. */
  readonly keyHash: string;
  /** The floor's own SDK client (and the partition its writes go to). */
  readonly floorDb: Db;
  readonly floorClientId: string;
  /** A transaction as the table stores it (created through the API). */
  readonly template: StoredTransaction;
  /** A transaction of the bench client that is never changed: what GET reads. */
  readonly readOnlyId: string;
  /**
   * What a floor does before the endpoint's own calls: the sandbox's admission (sameCallsAdmission)
   * for the floor, nothing for the minimal service, whose server looks the key up itself.
   */
  admit(): Promise<void>;
  /**
   * The same for a route that reads no client clock (lib/routes.ts `clientClock: false`): for the
   * floor, the key-hash record's GetItem alone beside the counter (sameCallsKeyAdmission); nothing
   * for the minimal service.
   */
  admitKey(): Promise<void>;
  /**
   * Admission of a route that reads one item by its path (lib/db/prefetch.ts) together with that
   * read: for the floor, the same BatchGetItem with the item; for the minimal service, which looks
   * the key up itself, the item's GetItem alone.
   */
  admitReading(key: TableKey): Promise<void>;
  /**
   * The same for a session on an account route (docs/decisions/0216): the counter and the clock, the
   * person's mapping read afresh, and the identity service asked whether the session is live
   * (GetUser) — the last two the contract's "at once" (§14 amended in v1.3) asks of any service.
   */
  admitSession(): Promise<void>;
  /** The sandbox's identity emulator: the account routes' scenarios sign people in there. */
  readonly identity: { readonly endpoint: string; readonly userPoolId: string; readonly clientId: string };
  /** A person signed in for the floors' session admission: their `sub` and access token. */
  readonly floorSession: { readonly userId: string; readonly token: string };
  /** The sandbox's own table client, for fixtures that must go through the use cases (people). */
  readonly sandboxDb: Db;
}

/** What a floor's writes need: the floor's own client and partition, and the stored transaction it copies. */
export type FloorContext = Pick<BenchContext, 'floorDb' | 'floorClientId' | 'template'>;

/** An endpoint's fixtures, ready: request `i` of an arm and floor `i` each use their own. */
export interface Prepared {
  request(arm: RequestArm, i: number): ApiRequest;
  floor(i: number): Promise<void>;
  /**
   * For an endpoint that records events: its floor as it was before events (docs/api.md §10) —
   * the same writes without the event items, and a transition without a key as the single
   * UpdateItem it was — so the report can show what recording events costs.
   */
  baseline?(i: number): Promise<void>;
}

export interface Scenario {
  /** Key in results.json: the route id, or `<route id>+<variant>`. */
  readonly id: string;
  readonly route: Route;
  /** What differs from the plain request, e.g. `Idempotency-Key`. */
  readonly variant?: string;
  readonly expectedStatus: number;
  /** Makes `count` fixtures per arm. */
  prepare(ctx: BenchContext, count: number): Promise<Prepared>;
}

/** Creates a payment through the API; returns its id. */
export async function createViaApi(api: HttpApi): Promise<string> {
  const res = await api.send({ method: 'POST', path: '/payment/create', body: paymentBody() });
  if (res.status !== 201) throw new Error(`fixture create failed: HTTP ${res.status} ${res.text.slice(0, 200)}`);
  return json(res).data.id as string;
}

/** A pending transaction of the bench client, created through the API: its payment page's path (`/pay/<token>`). */
async function pagePathViaApi(api: HttpApi): Promise<string> {
  const res = await api.send({ method: 'POST', path: '/payment/create', body: paymentBody() });
  if (res.status !== 201) throw new Error(`fixture create failed: HTTP ${res.status} ${res.text.slice(0, 200)}`);
  const url = json(res).data.payment_url as string;
  return url.slice(url.indexOf('/pay/'));
}

async function settleViaApi(api: HttpApi, id: string): Promise<void> {
  const res = await api.send({ method: 'POST', path: `/transaction/${id}/simulate`, body: { outcome: 'settle' } });
  if (res.status !== 200) throw new Error(`fixture settle failed: HTTP ${res.status} ${res.text.slice(0, 200)}`);
}

const FIXTURE_CONCURRENCY = 8;

/** `count` pending transactions of the bench client per request arm. */
/** `count` pending transactions' payment page paths per request arm. */
async function pagesPerArm(ctx: BenchContext, count: number): Promise<Record<RequestArm, string[]>> {
  const paths = await mapLimit(Array.from({ length: 2 * count }), FIXTURE_CONCURRENCY, () => pagePathViaApi(ctx.api));
  return { http: paths.slice(0, count), handler: paths.slice(count) };
}

async function pendingPerArm(ctx: BenchContext, count: number): Promise<Record<RequestArm, string[]>> {
  const ids = await mapLimit(Array.from({ length: 2 * count }), FIXTURE_CONCURRENCY, () => createViaApi(ctx.api));
  return { http: ids.slice(0, count), handler: ids.slice(count) };
}

/** `count` settled transactions of the bench client per request arm (settled through the API, ledger entry included). */
async function settledPerArm(ctx: BenchContext, count: number): Promise<Record<RequestArm, string[]>> {
  const pending = await pendingPerArm(ctx, count);
  await mapLimit([...pending.http, ...pending.handler], FIXTURE_CONCURRENCY, (id) => settleViaApi(ctx.api, id));
  return pending;
}

/** A copy of the template transaction in the floor's partition, written directly. */
function copyOfTemplate(ctx: FloorContext, overrides: Partial<Transaction> = {}, clientId = ctx.floorClientId): StoredTransaction {
  const transaction = { ...ctx.template.transaction, id: newId('transaction'), order_id: `BENCH-${randomUUID()}`, ...overrides };
  return { ...ctx.template, clientId, transaction };
}

/** Writes `count` template copies into the floor's partition (25 per BatchWriteItem); returns them. */
async function floorCopies(ctx: BenchContext, count: number, overrides: Partial<Transaction> = {}): Promise<StoredTransaction[]> {
  const copies = Array.from({ length: count }, () => copyOfTemplate(ctx, overrides));
  const batches = Array.from({ length: Math.ceil(count / 25) }, (_, b) => copies.slice(b * 25, b * 25 + 25));
  await mapLimit(batches, 4, (batch) =>
    batchWriteAll(
      ctx.floorDb,
      batch.map((copy) => ({ PutRequest: { Item: transactionEntity.toItem(copy) } })),
    ),
  );
  return copies;
}

const pick = <T>(pool: readonly T[], i: number): T => {
  const value = pool[i];
  if (value === undefined) throw new Error(`fixture ${i} missing (pool of ${pool.length})`);
  return value;
};

// --- The floor's calls ---------------------------------------------------------------------

/** The variant of a write measured with a new Idempotency-Key (the plain request is measured too). */
export const IDEMPOTENT_VARIANT = 'Idempotency-Key';

/** The bench's requests per second per client: its own load must never be throttled. */
export const BENCH_REQUESTS_PER_SECOND = 100_000;

/**
 * Admission as lib/auth/admission.ts makes it for a key that names its client, started together
 * (one round trip): one strongly consistent BatchGetItem of the key-hash record and the client's
 * item (in the floor's partition), and the request counter (lib/auth/request-counter.ts), which
 * reserves a block of requests with an UpdateItem only when it holds none.
 */
export async function sameCallsAdmission(ctx: BenchContext, ahead?: TableKey): Promise<void> {
  const [, admitted] = await Promise.all([
    findPrincipalAndClock(ctx.floorDb, ctx.keyHash, ctx.floorClientId, ahead),
    requestCounter.count(ctx.floorDb, ctx.floorClientId, new Date(), BENCH_REQUESTS_PER_SECOND),
  ]);
  if (!admitted) throw new Error('floor: the request counter refused a request');
}

/**
 * Admission as lib/auth/admission.ts makes it for a key that names its client on a route that reads
 * no client clock: the key-hash record's strongly consistent GetItem, with the request counter.
 */
export async function sameCallsKeyAdmission(ctx: BenchContext): Promise<void> {
  const [, admitted] = await Promise.all([
    findPrincipal(ctx.floorDb, ctx.keyHash),
    requestCounter.count(ctx.floorDb, ctx.floorClientId, new Date(), BENCH_REQUESTS_PER_SECOND),
  ]);
  if (!admitted) throw new Error('floor: the request counter refused a request');
}

/**
 * A session's admission on an account route as the sandbox makes it once its container knows the
 * person: the person's mapping (afresh) and the client's item in one BatchGetItem, the counter, and
 * GetUser at the identity service, all together.
 */
export async function sameCallsSessionAdmission(ctx: BenchContext): Promise<void> {
  const [admitted] = await Promise.all([
    requestCounter.count(ctx.floorDb, ctx.floorClientId, new Date(), BENCH_REQUESTS_PER_SECOND),
    batchGetItems(ctx.floorDb, [keys.userClient(ctx.floorSession.userId), keys.client(ctx.floorClientId)], { consistent: true }),
    identityHonours(ctx.identity.endpoint, ctx.floorSession.token),
  ]);
  if (!admitted) throw new Error('floor: the request counter refused a request');
}

/** GetUser with a session's access token, as an account route asks it (any service must, for §14's "at once"). */
export async function identityHonours(endpoint: string, token: string): Promise<void> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.GetUser' },
    body: JSON.stringify({ AccessToken: token }),
  });
  if (!res.ok) throw new Error(`floor: GetUser answered HTTP ${res.status}`);
  await res.arrayBuffer();
}

/** A person of a new client, signed in with a password an operator made: their client, their `sub` and their access token. */
export async function signInBenchPerson(sandboxDb: Db, identity: BenchContext['identity']): Promise<{ clientId: string; userId: string; token: string }> {
  const cognito = identityClient(identity.endpoint);
  try {
    const added = await addUser(
      sandboxDb,
      { cognito, userPoolId: identity.userPoolId },
      { email: `bench-${randomUUID()}@example.com`, clientName: 'bench person' },
    );
    const { AuthenticationResult } = await cognito.send(
      new InitiateAuthCommand({
        ClientId: identity.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: added.email, PASSWORD: added.password },
      }),
    );
    return { clientId: added.client_id, userId: added.user_id, token: AuthenticationResult!.AccessToken! };
  } finally {
    cognito.destroy();
  }
}

/** A person of a new client, signed in: their client and the `authorization` header of their session. */
async function signedInPerson(ctx: BenchContext): Promise<{ clientId: string; authorization: string }> {
  {
    const added = await signInBenchPerson(ctx.sandboxDb, ctx.identity);
    const authorization = `Bearer ${added.token}`;
    // The first request of a person reads their user→client mapping; every measured one finds it known.
    const res = await ctx.api.send({ method: 'GET', path: '/account', headers: { authorization } });
    if (res.status !== 200) throw new Error(`fixture sign-in failed: HTTP ${res.status} ${res.text.slice(0, 200)}`);
    return { clientId: added.clientId, authorization };
  }
}

/** Keys per person in the account scenarios: a roll keeps the old key live, so half of MAX_LIVE_KEYS. */
const KEYS_PER_PERSON = 8;

/** `count` keys, each with its person's client and session (KEYS_PER_PERSON to a person); `floor` keys are in clients with no person. */
async function personKeys(ctx: BenchContext, count: number, floor = false) {
  const owners = await mapLimit(Array.from({ length: Math.ceil(count / KEYS_PER_PERSON) }), FIXTURE_CONCURRENCY, async () =>
    floor ? { clientId: (await createClient(ctx.floorDb, 'bench floor keys')).id, authorization: '' } : signedInPerson(ctx),
  );
  return mapLimit(
    Array.from({ length: count }, (_, i) => i),
    FIXTURE_CONCURRENCY,
    async (i) => {
      const owner = pick(owners, Math.floor(i / KEYS_PER_PERSON));
      const { object } = await mintKey(ctx.floorDb, { clientId: owner.clientId, createdBy: 'user:bench@example.com' });
      return { ...owner, id: object.id };
    },
  );
}

/** A change of one key of a signed-in person (`POST /account/keys/{id}/<action>`): each request and floor on a key of its own. */
function keyChangeScenario(
  route: Route,
  expectedStatus: number,
  action: 'roll' | 'revoke',
  floorChange: (ctx: BenchContext, key: { clientId: string; id: string }) => Promise<unknown>,
): Scenario {
  return {
    id: route.id,
    route,
    expectedStatus,
    prepare: async (ctx, count) => {
      const made = { http: await personKeys(ctx, count), handler: await personKeys(ctx, count) };
      const floorKeys = await personKeys(ctx, count, true);
      return {
        request: (arm, i) => {
          const key = pick(made[arm], i);
          return { method: 'POST', path: `/account/keys/${key.id}/${action}`, headers: { authorization: key.authorization } };
        },
        floor: async (i) => {
          await ctx.admitSession();
          await floorChange(ctx, pick(floorKeys, i));
        },
      };
    },
  };
}

/** One item as a floor reads it: strongly consistent, with the floor's own client. */
export function getItem(ctx: Pick<BenchContext, 'floorDb'>, key: TableKey): Promise<Item | undefined> {
  return readItem(ctx.floorDb, { Key: key, ConsistentRead: true });
}

/** One TransactWriteItems of the floor, sent bare (no send window, no error mapping). */
function floorTransact(ctx: Pick<BenchContext, 'floorDb'>, items: readonly TransactItem[]) {
  return ctx.floorDb.doc.send(transactWriteCommand(ctx.floorDb, items));
}

/** The newest-first page Query of lib/db/paging.ts, unfiltered: `limit + 1` items of one kind. */
function newestFirst(ctx: BenchContext, sortKeyPrefix: string, limit: number) {
  return queryPage(ctx.floorDb, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :low AND :high',
    ExpressionAttributeValues: { ':pk': clientPartition(ctx.clientId), ':low': sortKeyPrefix, ':high': `${sortKeyPrefix}~` },
    ScanIndexForward: false,
    Limit: limit + 1,
  });
}

/** Whether a floor writes the events of its change (the floor) or not (the baseline: as before events). */
type Events = 'with events' | 'without events';

/**
 * The event Puts of `changes`, built by the API's own builders for the floor's partition (so the
 * items are the same size); none for the baseline. The floor client has no webhook endpoint, as
 * the bench's own client has none: its events are owed no delivery (decision 0195).
 */
function eventPuts(ctx: FloorContext, events: Events, changes: readonly Change[]): readonly TransactItem[] {
  if (events === 'without events') return [];
  return recordEvents(ctx.floorClientId, changes, { cause: { requestId: randomUUID(), idempotencyKey: null }, clock: NO_ENDPOINTS_CLOCK }).puts;
}

/** The real clock of a client that has no webhook endpoint. */
const NO_ENDPOINTS_CLOCK = clientClock(systemClock, 0, 0);

/** The transaction + order reservation (+ payment.created) TransactWriteItems of a create; answers the new transaction's id. */
async function insertCopy(ctx: FloorContext, events: Events, also: readonly TransactItem[] = []): Promise<string> {
  const copy = copyOfTemplate(ctx);
  const { id, order_id, expires_at } = copy.transaction;
  await floorTransact(ctx, [
    transactionEntity.create(copy),
    orderEntity.create({ clientId: ctx.floorClientId, orderId: order_id, transactionId: id }),
    dueMarkerEntity.create({ clientId: ctx.floorClientId, dueAt: expires_at, transactionId: id }),
    ...eventPuts(ctx, events, [paymentCreated(viewTransaction(copy.transaction, new Date()))]),
    ...also,
  ]);
  return id;
}

/** A create's floor for the minimal service: the create's one TransactWriteItems, events included; answers the id. */
export const createCopy = (ctx: FloorContext): Promise<string> => insertCopy(ctx, 'with events');

/** A cancel's floor for the minimal service: read the transaction, then the update and its event in one TransactWriteItems. */
export const cancelCopy = (ctx: FloorContext, id: string): Promise<void> => transitionCopy(ctx, id, 'cancel', 'with events');

/** A receiver URL the local policy accepts without a DNS lookup: what a developer registers under `npm start`. */
const WEBHOOK_URL = 'http://127.0.0.1:4242/hooks';

/**
 * A client with a key, for the fixtures that register webhook endpoints: never the bench client,
 * whose events are then owed no delivery (decision 0195), as a client that only calls the API.
 */
async function webhookClient(ctx: BenchContext, scopes: Scope[] = ['webhooks:write']): Promise<{ clientId: string; authorization: string }> {
  const client = await createClient(ctx.floorDb, 'bench webhooks');
  const key = await createKey(ctx.floorDb, { clientId: client.id, scopes });
  return { clientId: client.id, authorization: `Bearer ${key.key}` };
}

/** Enough clients for `count` webhook endpoints at MAX_WEBHOOK_ENDPOINTS each: fixture `i` belongs to client `i / 10`. */
async function webhookClients(ctx: BenchContext, count: number) {
  return mapLimit(Array.from({ length: Math.ceil(count / MAX_WEBHOOK_ENDPOINTS) }), FIXTURE_CONCURRENCY, () => webhookClient(ctx));
}

const ownerOf = <T>(clients: readonly T[], i: number): T => pick(clients, Math.floor(i / MAX_WEBHOOK_ENDPOINTS));

/** `count` endpoints, each with the client it belongs to (registered with the use case itself, local policy). */
async function webhookEndpoints(ctx: BenchContext, count: number) {
  const clients = await webhookClients(ctx, count);
  return mapLimit(
    Array.from({ length: count }, (_, i) => i),
    FIXTURE_CONCURRENCY,
    async (i) => {
      const owner = ownerOf(clients, i);
      const endpoint = await createWebhookEndpoint(
        { db: ctx.floorDb, clientId: owner.clientId, clock: systemClock, cause: NO_CAUSE },
        { url: WEBHOOK_URL },
        { policy: 'local' },
      );
      return { ...owner, id: endpoint.id };
    },
  );
}

/** `count` clients with a key that may move their clock, and nothing else. */
async function clockClients(ctx: BenchContext, count: number) {
  return mapLimit(Array.from({ length: count }), FIXTURE_CONCURRENCY, async () => {
    const client = await createClient(ctx.floorDb, 'bench clock');
    const key = await createKey(ctx.floorDb, { clientId: client.id, scopes: ['sandbox:simulate'] });
    return { clientId: client.id, authorization: `Bearer ${key.key}` };
  });
}

/** Items of each reset fixture's client: one BatchWriteItem's worth. */
const RESET_FIXTURE_ITEMS = 25;

/** `count` clients with a reset-capable key, each holding RESET_FIXTURE_ITEMS copies of the template transaction. */
async function resetClients(ctx: BenchContext, count: number) {
  return mapLimit(Array.from({ length: count }), FIXTURE_CONCURRENCY, async () => {
    const client = await createClient(ctx.floorDb, 'bench reset');
    const key = await createKey(ctx.floorDb, { clientId: client.id, scopes: ['sandbox:simulate'] });
    const copies = Array.from({ length: RESET_FIXTURE_ITEMS }, () => copyOfTemplate(ctx, {}, client.id));
    const unprocessed = await batchWrite(
      ctx.floorDb,
      copies.map((copy) => ({ PutRequest: { Item: transactionEntity.toItem(copy) } })),
    );
    if (unprocessed.length > 0) throw new Error('reset fixtures: BatchWriteItem left items unprocessed');
    return { clientId: client.id, authorization: `Bearer ${key.key}` };
  });
}

/**
 * A transition of a pending floor copy with its event (and ledger entry, for a settle): read the
 * item, then one TransactWriteItems, as lib/payments/transitions.ts does. Without
 * events and without a key, a cancel, fail or expire was one conditional UpdateItem.
 */
async function transitionCopy(ctx: FloorContext, id: string, operation: PendingExit, events: Events, completion?: (after: Transaction) => TransactItem) {
  const now = new Date();
  const { update, changes } = pendingExit(ctx.floorClientId, id, operation, now);
  if (events === 'without events' && operation !== 'settle' && !completion) {
    await updateItem(ctx.floorDb, { ...update, ReturnValues: 'ALL_NEW' });
    return;
  }
  const { transaction } = transactionEntity.fromItem((await getItem(ctx, transactionEntity.key(ctx.floorClientId, id)))!);
  const before = viewTransaction(transaction, now);
  const after = viewTransaction({ ...transaction, ...changes }, now);
  await floorTransact(ctx, [
    { Update: update },
    ...(operation === 'settle' ? [settlementEntity.create({ clientId: ctx.floorClientId, entry: paymentEntry(after, now) })] : []),
    ...eventPuts(ctx, events, [paymentChanged(before, after)]),
    // The due marker stays, for an advance or its TTL (decision 0196).
    ...(completion ? [completion(after)] : []),
  ]);
}

/**
 * The full refund of a settled floor copy: read it, then one TransactWriteItems of the update, the
 * refund, its ledger entry and (with events) refund.created and payment.refunded.
 */
async function fullRefundOfCopy(ctx: BenchContext, id: string, events: Events) {
  const stored = transactionEntity.fromItem((await getItem(ctx, transactionEntity.key(ctx.floorClientId, id)))!);
  const transaction = viewTransaction(stored.transaction, new Date());
  const now = new Date();
  const refund: Refund = {
    id: newId('refund', now),
    transaction_id: id,
    order_id: transaction.order_id,
    amount: transaction.amount - transaction.refunded_amount,
    currency: transaction.currency,
    reason: null,
    status: 'succeeded',
    created_at: now.toISOString(),
  };
  const entry = refundEntry(transaction, refund, now);
  const refunded: Transaction = { ...transaction, status: 'refunded', refunded_amount: transaction.amount, updated_at: refund.created_at };
  await floorTransact(ctx, [
    {
      Update: {
        Key: transactionEntity.key(ctx.floorClientId, id),
        UpdateExpression: 'SET refunded_amount = :total, #status = :refunded, updated_at = :at',
        ConditionExpression: '#status = :settled AND refunded_amount = :before',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':total': transaction.amount,
          ':refunded': 'refunded',
          ':settled': 'settled',
          ':before': transaction.refunded_amount,
          ':at': refund.created_at,
        },
      },
    },
    refundEntity.create({ clientId: ctx.floorClientId, refund }),
    settlementEntity.create({ clientId: ctx.floorClientId, entry }),
    ...eventPuts(ctx, events, [refundCreated(refund), paymentChanged(transaction, refunded)]),
  ]);
}

// --- Scenarios -----------------------------------------------------------------------------

type Builder = (route: Route) => Scenario;

const LIST_PAGE = 20;

const known: Record<string, Builder> = {
  // Sign-up: no key, no table; a fresh address each time, invited by the identity service (docs/decisions/0215).
  signUp: (route) => ({
    id: route.id,
    route,
    expectedStatus: 202,
    prepare: async (ctx) => {
      const pool = invitingPoolOf({ [IDENTITY_ENV.userPoolId]: ctx.identity.userPoolId, [IDENTITY_ENV.endpoint]: ctx.identity.endpoint });
      return {
        request: () => ({ method: 'POST', path: '/account/sign-up', body: { email: `bench-${randomUUID()}@example.com`, client_name: 'bench' } }),
        floor: async () => {
          const email = `bench-floor-${randomUUID()}@example.com`;
          await pool.findPerson(email);
          await pool.invite(email, 'bench');
        },
      };
    },
  }),

  // A file of the dashboard, by the name its page gives: no DynamoDB call, so no floor.
  getDashboardAsset: (route) => ({
    id: route.id,
    route,
    expectedStatus: 200,
    prepare: async (ctx) => {
      const page = await ctx.api.send({ method: 'GET', path: '/dashboard' });
      const script = /src="dashboard\/([^"]+)"/.exec(page.text)?.[1];
      if (!script) throw new Error(`the dashboard page names no script: HTTP ${page.status} ${page.text.slice(0, 200)}`);
      return { request: () => ({ method: 'GET', path: `/dashboard/${script}` }), floor: async () => undefined };
    },
  }),

  listChannels: (route) => ({
    id: route.id,
    route,
    expectedStatus: 200,
    prepare: async (ctx) => ({
      request: () => ({ method: 'GET', path: '/payment/channels' }),
      floor: () => ctx.admitKey(),
    }),
  }),

  createPayment: (route) => ({
    id: route.id,
    route,
    expectedStatus: 201,
    prepare: async (ctx) => ({
      request: () => ({ method: 'POST', path: '/payment/create', body: paymentBody() }),
      floor: async () => {
        await ctx.admit();
        await insertCopy(ctx, 'with events');
      },
      baseline: async () => {
        await ctx.admit();
        await insertCopy(ctx, 'without events');
      },
    }),
  }),

  getTransaction: (route) => ({
    id: route.id,
    route,
    expectedStatus: 200,
    prepare: async (ctx) => ({
      request: () => ({ method: 'GET', path: `/transaction/${ctx.readOnlyId}` }),
      floor: () => ctx.admitReading(keys.transaction(ctx.clientId, ctx.readOnlyId)),
    }),
  }),

  listTransactions: (route) => ({
    id: route.id,
    route,
    expectedStatus: 200,
    prepare: async (ctx) => ({
      request: () => ({ method: 'GET', path: '/transactions' }),
      floor: async () => {
        await ctx.admit();
        await newestFirst(ctx, keys.transactionSortKey(''), LIST_PAGE);
      },
    }),
  }),

  cancelTransaction: (route) => ({
    id: route.id,
    route,
    expectedStatus: 200,
    prepare: async (ctx, count) => {
      const pending = await pendingPerArm(ctx, count);
      const floorPending = await floorCopies(ctx, count);
      const baselinePending = await floorCopies(ctx, count);
      return {
        request: (arm, i) => ({ method: 'POST', path: `/transaction/${pick(pending[arm], i)}/cancel` }),
        floor: async (i) => {
          await ctx.admit();
          await transitionCopy(ctx, pick(floorPending, i).transaction.id, 'cancel', 'with events');
        },
        baseline: async (i) => {
          await ctx.admit();
          await transitionCopy(ctx, pick(baselinePending, i).transaction.id, 'cancel', 'without events');
        },
      };
    },
  }),

  simulateTransaction: (route) => ({
    id: route.id,
    route,
    variant: 'outcome=settle',
    expectedStatus: 200,
    prepare: async (ctx, count) => {
      const pending = await pendingPerArm(ctx, count);
      const floorPending = await floorCopies(ctx, count);
      const baselinePending = await floorCopies(ctx, count);
      return {
        request: (arm, i) => ({ method: 'POST', path: `/transaction/${pick(pending[arm], i)}/simulate`, body: { outcome: 'settle' } }),
        floor: async (i) => {
          await ctx.admit();
          await transitionCopy(ctx, pick(floorPending, i).transaction.id, 'settle', 'with events');
        },
        baseline: async (i) => {
          await ctx.admit();
          await transitionCopy(ctx, pick(baselinePending, i).transaction.id, 'settle', 'without events');
        },
      };
    },
  }),

  // The payment page: no admission; its floor reads the transaction (the token's lookup) and the
  // client's item (its clock and name), as the page does.
  getPaymentPage: (route) => ({
    id: route.id,
    route,
    expectedStatus: 200,
    prepare: async (ctx) => {
      const [path] = (await pagesPerArm(ctx, 1)).http;
      return {
        request: () => ({ method: 'GET', path: path! }),
        floor: async () => {
          await getItem(ctx, keys.transaction(ctx.clientId, ctx.readOnlyId));
          await getItem(ctx, keys.client(ctx.clientId));
        },
      };
    },
  }),

  // A page's Pay: simulate's transition, reached by the token instead of a key (no admission).
  submitPaymentPage: (route) => ({
    id: route.id,
    route,
    variant: 'action=pay',
    expectedStatus: 303,
    prepare: async (ctx, count) => {
      const pages = await pagesPerArm(ctx, count);
      const floorPending = await floorCopies(ctx, count);
      return {
        request: (arm, i) => ({ method: 'POST', path: pick(pages[arm], i), form: { action: 'pay' } }),
        // The client's item (clock, name), then simulate's read of the transaction and its write.
        floor: async (i) => {
          await getItem(ctx, keys.client(ctx.floorClientId));
          await transitionCopy(ctx, pick(floorPending, i).transaction.id, 'settle', 'with events');
        },
      };
    },
  }),

  createRefund: (route) => ({
    id: route.id,
    route,
    variant: 'full refund by transaction_id',
    expectedStatus: 201,
    prepare: async (ctx, count) => {
      const settled = await settledPerArm(ctx, count);
      const at = new Date().toISOString();
      const floorSettled = await floorCopies(ctx, count, { status: 'settled', settled_at: at, updated_at: at });
      const baselineSettled = await floorCopies(ctx, count, { status: 'settled', settled_at: at, updated_at: at });
      return {
        request: (arm, i) => ({ method: 'POST', path: '/refund', body: { transaction_id: pick(settled[arm], i) } }),
        floor: async (i) => {
          await ctx.admit();
          await fullRefundOfCopy(ctx, pick(floorSettled, i).transaction.id, 'with events');
        },
        baseline: async (i) => {
          await ctx.admit();
          await fullRefundOfCopy(ctx, pick(baselineSettled, i).transaction.id, 'without events');
        },
      };
    },
  }),

  createWebhookEndpoint: (route) => ({
    id: route.id,
    route,
    expectedStatus: 201,
    prepare: async (ctx, count) => {
      // A client may have 10 endpoints: each arm's requests go to clients of their own, 10 per client.
      const clients = { http: await webhookClients(ctx, count), handler: await webhookClients(ctx, count) };
      const floorClients = await webhookClients(ctx, count);
      return {
        request: (arm, i) => ({
          method: 'POST',
          path: '/webhook/endpoints',
          body: { url: WEBHOOK_URL },
          headers: { authorization: ownerOf(clients[arm], i).authorization },
        }),
        floor: async (i) => {
          await ctx.admit();
          const now = new Date();
          const endpoint = {
            id: newId('webhookEndpoint', now),
            url: WEBHOOK_URL,
            enabled_events: ['*' as const],
            description: null,
            status: 'enabled' as const,
            chaos: NO_CHAOS,
            secret: newWebhookSecret(),
            created_at: now.toISOString(),
          };
          const { secret, ...shown } = endpoint;
          await floorTransact(ctx, endpointInsertItems({ clientId: ownerOf(floorClients, i).clientId, endpoint: shown, secret }));
        },
      };
    },
  }),

  listWebhookEndpoints: (route) => ({
    id: route.id,
    route,
    expectedStatus: 200,
    prepare: async (ctx) => ({
      request: () => ({ method: 'GET', path: '/webhook/endpoints' }),
      floor: async () => {
        await ctx.admit();
        await newestFirst(ctx, keys.webhookEndpointSortKey(''), LIST_PAGE);
      },
    }),
  }),

  getWebhookEndpoint: (route) => ({
    id: route.id,
    route,
    expectedStatus: 200,
    prepare: async (ctx) => {
      const { clientId, authorization } = await webhookClient(ctx);
      const { id } = await createWebhookEndpoint({ db: ctx.floorDb, clientId, clock: systemClock, cause: NO_CAUSE }, { url: WEBHOOK_URL }, { policy: 'local' });
      return {
        request: () => ({ method: 'GET', path: `/webhook/endpoints/${id}`, headers: { authorization } }),
        floor: () => ctx.admitReading(keys.webhookEndpoint(clientId, id)),
      };
    },
  }),

  // The receiver check (docs/api.md §17): WEBHOOK_URL refuses connections at once, so each probe ends as an error
  // quickly and the check is answered 200 with its nine results. Its floor reads the endpoint only: the probes,
  // the lease and the stored check are the route's own work, which this ratio shows rather than hides.
  checkWebhookEndpoint: (route) => ({
    id: route.id,
    route,
    expectedStatus: 200,
    prepare: async (ctx, count) => {
      const endpoints = { http: await webhookEndpoints(ctx, count), handler: await webhookEndpoints(ctx, count) };
      const floorEndpoints = await webhookEndpoints(ctx, count);
      return {
        request: (arm, i) => {
          const endpoint = pick(endpoints[arm], i);
          return { method: 'POST', path: `/webhook/endpoints/${endpoint.id}/check`, headers: { authorization: endpoint.authorization } };
        },
        // The route's DynamoDB work without the probes: the endpoint, the lease put conditionally, then the
        // check stored and the lease removed in one transaction.
        floor: async (i) => {
          await ctx.admit();
          const { clientId, id } = pick(floorEndpoints, i);
          await getItem(ctx, keys.webhookEndpoint(clientId, id));
          const token = randomUUID();
          const now = new Date();
          await putItem(ctx.floorDb, leasePut(clientId, id, token, now));
          const check = {
            id: `whc_${randomUUID()}`,
            endpoint_id: id,
            url: WEBHOOK_URL,
            passed: false,
            created_at: now.toISOString(),
            results: unsent('Connection refused'),
          };
          // The check as the route stores it, its nine results and all, so the floor writes an item of the same size.
          await floorTransact(ctx, [
            webhookCheckEntity.create({ clientId, check, ttl: Math.ceil(now.getTime() / 1000) + CHECK_KEPT_SECONDS }),
            endLease(clientId, id, token),
          ]);
        },
      };
    },
  }),

  listWebhookEndpointChecks: (route) => ({
    id: route.id,
    route,
    expectedStatus: 200,
    prepare: async (ctx) => {
      const { clientId, authorization } = await webhookClient(ctx);
      const { id } = await createWebhookEndpoint({ db: ctx.floorDb, clientId, clock: systemClock, cause: NO_CAUSE }, { url: WEBHOOK_URL }, { policy: 'local' });
      return {
        request: () => ({ method: 'GET', path: `/webhook/endpoints/${id}/checks`, headers: { authorization } }),
        // The endpoint (404 for another's), then its checks' newest-first page.
        floor: async () => {
          await ctx.admit();
          await getItem(ctx, keys.webhookEndpoint(clientId, id));
          const prefix = keys.webhookCheckSortKeyPrefix(id);
          await queryPage(ctx.floorDb, {
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :low AND :high',
            ExpressionAttributeValues: { ':pk': clientPartition(clientId), ':low': prefix, ':high': `${prefix}~` },
            ScanIndexForward: false,
            Limit: 21,
          });
        },
      };
    },
  }),

  deleteWebhookEndpoint: (route) => ({
    id: route.id,
    route,
    expectedStatus: 200,
    prepare: async (ctx, count) => {
      const endpoints = { http: await webhookEndpoints(ctx, count), handler: await webhookEndpoints(ctx, count) };
      const floorEndpoints = await webhookEndpoints(ctx, count);
      return {
        request: (arm, i) => {
          const endpoint = pick(endpoints[arm], i);
          return { method: 'DELETE', path: `/webhook/endpoints/${endpoint.id}`, headers: { authorization: endpoint.authorization } };
        },
        floor: async (i) => {
          await ctx.admit();
          const { clientId, id } = pick(floorEndpoints, i);
          await getItem(ctx, keys.webhookEndpoint(clientId, id));
          await floorTransact(ctx, endpointDeleteItems(clientId, id));
        },
      };
    },
  }),

  rollWebhookEndpointSecret: (route) => ({
    id: route.id,
    route,
    expectedStatus: 200,
    prepare: async (ctx, count) => {
      const endpoints = { http: await webhookEndpoints(ctx, count), handler: await webhookEndpoints(ctx, count) };
      const floorEndpoints = await webhookEndpoints(ctx, count);
      return {
        request: (arm, i) => {
          const endpoint = pick(endpoints[arm], i);
          return { method: 'POST', path: `/webhook/endpoints/${endpoint.id}/roll-secret`, headers: { authorization: endpoint.authorization } };
        },
        floor: async (i) => {
          await ctx.admit();
          const { clientId, id } = pick(floorEndpoints, i);
          const stored = webhookEndpointEntity.fromItem((await getItem(ctx, webhookEndpointEntity.key(clientId, id)))!);
          const change = endpointSecretRolled(stored.endpoint, new Date().toISOString());
          const recorded = recordEvents(clientId, [change], { cause: { requestId: randomUUID(), idempotencyKey: null }, clock: systemClock });
          const until = new Date(Date.now() + 86_400_000).toISOString();
          await replaceWebhookSecret(
            ctx.floorDb,
            clientId,
            id,
            { from: stored.secret, to: newWebhookSecret(), previousUntil: until },
            { items: recorded.puts },
          );
        },
      };
    },
  }),

  updateWebhookEndpoint: (route) => ({
    id: route.id,
    route,
    expectedStatus: 200,
    prepare: async (ctx, count) => {
      const endpoints = { http: await webhookEndpoints(ctx, count), handler: await webhookEndpoints(ctx, count) };
      const floorEndpoints = await webhookEndpoints(ctx, count);
      return {
        // Each request changes the description, so each writes the endpoint and records its event.
        request: (arm, i) => {
          const endpoint = pick(endpoints[arm], i);
          return {
            method: 'PATCH',
            path: `/webhook/endpoints/${endpoint.id}`,
            body: { description: `bench ${randomUUID()}` },
            headers: { authorization: endpoint.authorization },
          };
        },
        floor: async (i) => {
          await ctx.admit();
          const { clientId, id } = pick(floorEndpoints, i);
          const stored = webhookEndpointEntity.fromItem((await getItem(ctx, webhookEndpointEntity.key(clientId, id)))!);
          const after = { ...stored.endpoint, description: `bench ${randomUUID()}` };
          const change = endpointUpdated(stored.endpoint, after, new Date().toISOString());
          const recorded = recordEvents(clientId, [change], { cause: { requestId: randomUUID(), idempotencyKey: null }, clock: systemClock });
          await writeEndpointUpdate(ctx.floorDb, stored, after, { items: recorded.puts });
        },
      };
    },
  }),

  getAccount: (route) => ({
    id: route.id,
    route,
    expectedStatus: 200,
    prepare: async (ctx) => {
      const person = await signedInPerson(ctx);
      const floorPerson = await signedInPerson(ctx);
      const members = await queryPage(ctx.floorDb, {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :member)',
        ExpressionAttributeValues: { ':pk': clientPartition(floorPerson.clientId), ':member': keys.memberPrefix(floorPerson.clientId).skPrefix },
      });
      const memberKey = { pk: String(members.Items![0]!.pk), sk: String(members.Items![0]!.sk) };
      return {
        request: () => ({ method: 'GET', path: '/account', headers: { authorization: person.authorization } }),
        floor: async () => {
          await ctx.admitSession();
          await Promise.all([getItem(ctx, memberKey), getItem(ctx, keys.client(floorPerson.clientId))]);
        },
      };
    },
  }),

  listAccountKeys: (route) => ({
    id: route.id,
    route,
    expectedStatus: 200,
    prepare: async (ctx) => {
      const [mine] = await personKeys(ctx, 1);
      const [floorKey] = await personKeys(ctx, 1, true);
      const keyPrefix = keys.apiKeyPrefix(floorKey!.clientId).skPrefix;
      return {
        request: () => ({ method: 'GET', path: '/account/keys', headers: { authorization: mine!.authorization } }),
        floor: async () => {
          await ctx.admitSession();
          await queryPage(ctx.floorDb, {
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :low AND :high',
            ExpressionAttributeValues: { ':pk': clientPartition(floorKey!.clientId), ':low': keyPrefix, ':high': `${keyPrefix}~` },
            ScanIndexForward: false,
            Limit: LIST_PAGE + 1,
          });
        },
      };
    },
  }),

  createAccountKey: (route) => ({
    id: route.id,
    route,
    expectedStatus: 201,
    prepare: async (ctx, count) => {
      const owners = async () => {
        const made = await mapLimit(Array.from({ length: Math.ceil(count / KEYS_PER_PERSON) }), FIXTURE_CONCURRENCY, () => signedInPerson(ctx));
        return (i: number) => pick(made, Math.floor(i / KEYS_PER_PERSON));
      };
      const people = { http: await owners(), handler: await owners() };
      const floorClients = await mapLimit(Array.from({ length: Math.ceil(count / KEYS_PER_PERSON) }), FIXTURE_CONCURRENCY, () =>
        createClient(ctx.floorDb, 'bench floor keys'),
      );
      return {
        request: (arm, i) => ({ method: 'POST', path: '/account/keys', body: { label: 'bench' }, headers: { authorization: people[arm](i).authorization } }),
        floor: async (i) => {
          await ctx.admitSession();
          await mintKey(ctx.floorDb, { clientId: pick(floorClients, Math.floor(i / KEYS_PER_PERSON)).id, label: 'bench', createdBy: 'user:bench@example.com' });
        },
      };
    },
  }),

  rollAccountKey: (route) =>
    keyChangeScenario(route, 201, 'roll', (ctx, key) => rollKey(ctx.floorDb, key.clientId, key.id, { createdBy: 'user:bench@example.com' })),

  revokeAccountKey: (route) => keyChangeScenario(route, 200, 'revoke', (ctx, key) => revokeKeyItem(ctx.floorDb, key.clientId, key.id)),

  resetSandbox: (route) => ({
    id: route.id,
    route,
    // A client of its own per request (never the bench client), holding RESET_FIXTURE_ITEMS items:
    // one keys-only Query of its partition and one BatchWriteItem of deletes.
    expectedStatus: 200,
    prepare: async (ctx, count) => {
      const clients = { http: await resetClients(ctx, count), handler: await resetClients(ctx, count) };
      const floorClients = await resetClients(ctx, count);
      return {
        request: (arm, i) => ({ method: 'POST', path: '/sandbox/reset', headers: { authorization: pick(clients[arm], i).authorization } }),
        floor: async (i) => {
          await ctx.admit();
          const { clientId } = pick(floorClients, i);
          const page = await queryPage(ctx.floorDb, {
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': clientPartition(clientId) },
            ProjectionExpression: 'pk, sk',
            ConsistentRead: true,
            Limit: 1_000,
          });
          const doomed = (page.Items ?? []).filter((item) => String(item.sk).startsWith(keys.transactionSortKey('')));
          await batchWrite(
            ctx.floorDb,
            doomed.map((Key) => ({ DeleteRequest: { Key } })),
          );
          // The clock back to real time, in the reset's last write.
          await floorTransact(ctx, [clockResetItem(clientId)]);
        },
      };
    },
  }),

  advanceSandboxClock: (route) => ({
    id: route.id,
    route,
    // A client of its own per request, with nothing due: the Query of its due markers finds none,
    // and one TransactWriteItems moves its offset (conditioned on the offset it read).
    expectedStatus: 200,
    prepare: async (ctx, count) => {
      const clients = { http: await clockClients(ctx, count), handler: await clockClients(ctx, count) };
      const floorClients = await clockClients(ctx, count);
      return {
        request: (arm, i) => ({
          method: 'POST',
          path: '/sandbox/clock/advance',
          headers: { authorization: pick(clients[arm], i).authorization },
          body: { seconds: 3_600 },
        }),
        floor: async (i) => {
          await ctx.admit();
          const { clientId } = pick(floorClients, i);
          const range = keys.dueMarkersUntil(new Date(Date.now() + 3_600_000).toISOString());
          await queryPage(ctx.floorDb, {
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :low AND :high',
            ExpressionAttributeValues: { ':pk': clientPartition(clientId), ':low': range.low, ':high': range.high },
            ConsistentRead: true,
            Limit: 100,
          });
          const at = new Date().toISOString();
          const entry = keys.advancedClient(clientId, at);
          await floorTransact(ctx, [
            {
              Update: {
                Key: keys.client(clientId),
                UpdateExpression: 'SET clock_offset_ms = :to, clock_advanced_at = :at, due_pk = :pk, due_sk = :sk',
                ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(clock_offset_ms) OR clock_offset_ms = :from)',
                ExpressionAttributeValues: {
                  ':to': 3_600_000,
                  ':from': 0,
                  ':at': at,
                  ':pk': entry.due_pk,
                  ':sk': entry.due_sk,
                },
              },
            },
          ]);
        },
      };
    },
  }),

  listSettlements: (route) => ({
    id: route.id,
    route,
    expectedStatus: 200,
    prepare: async (ctx) => ({
      request: () => ({ method: 'GET', path: '/settlements' }),
      floor: async () => {
        await ctx.admit();
        await newestFirst(ctx, keys.settlementSortKey(''), LIST_PAGE);
      },
    }),
  }),

  listEvents: (route) => ({
    id: route.id,
    route,
    expectedStatus: 200,
    prepare: async (ctx) => ({
      request: () => ({ method: 'GET', path: '/events' }),
      floor: async () => {
        await ctx.admit();
        await newestFirst(ctx, keys.eventSortKey(''), LIST_PAGE);
      },
    }),
  }),

  listEventDeliveries: (route) => ({
    id: route.id,
    route,
    expectedStatus: 200,
    prepare: async (ctx) => {
      const eventId = await newestEventOf(ctx);
      return {
        request: () => ({ method: 'GET', path: `/event/${eventId}/deliveries` }),
        floor: async () => {
          await ctx.admitReading(keys.event(ctx.clientId, eventId));
          await newestFirst(ctx, keys.deliveryAttemptSortKeyPrefix(eventId), LIST_PAGE);
        },
      };
    },
  }),

  resendEvent: (route) => ({
    id: route.id,
    route,
    // To one endpoint named in the body: the event and the endpoint read, one attempt written.
    variant: 'endpoint_id',
    expectedStatus: 202,
    prepare: async (ctx) => {
      // A client of its own with an endpoint, and an event of its own to resend.
      const { clientId, authorization } = await webhookClient(ctx, ['webhooks:write', 'transactions:write', 'events:read']);
      const { id: endpointId } = await createWebhookEndpoint(
        { db: ctx.floorDb, clientId, clock: systemClock, cause: NO_CAUSE },
        { url: WEBHOOK_URL },
        { policy: 'local' },
      );
      const created = await ctx.api.send({ method: 'POST', path: '/payment/create', body: paymentBody(), headers: { authorization } });
      if (created.status !== 201) throw new Error(`fixture: POST /payment/create answered HTTP ${created.status}`);
      const eventId = await newestEventOf(ctx, authorization);
      return {
        request: () => ({ method: 'POST', path: `/event/${eventId}/resend`, body: { endpoint_id: endpointId }, headers: { authorization } }),
        floor: async () => {
          await ctx.admit();
          const event = eventEntity.fromItem((await getItem(ctx, eventEntity.key(clientId, eventId)))!);
          await getItem(ctx, webhookEndpointEntity.key(clientId, endpointId));
          const attempt = pendingAttempt(eventId, endpointId, 1, new Date(), RESEND_ORIGIN);
          await floorTransact(ctx, [attemptPut(clientId, attempt, event.ttl)]);
        },
      };
    },
  }),

  getEvent: (route) => ({
    id: route.id,
    route,
    expectedStatus: 200,
    prepare: async (ctx) => {
      // The newest event of the bench client (its fixtures have recorded plenty).
      const res = await ctx.api.send({ method: 'GET', path: '/events?limit=1' });
      if (res.status !== 200) throw new Error(`fixture: GET /events answered HTTP ${res.status}`);
      const eventId = String(json(res).data[0].id);
      return {
        request: () => ({ method: 'GET', path: `/event/${eventId}` }),
        floor: () => ctx.admitReading(keys.event(ctx.clientId, eventId)),
      };
    },
  }),
};

/** The newest event of the bench client (its fixtures have recorded plenty), or of the client whose key `authorization` carries. */
async function newestEventOf(ctx: BenchContext, authorization?: string): Promise<string> {
  const res = await ctx.api.send({ method: 'GET', path: '/events?limit=1', ...(authorization && { headers: { authorization } }) });
  if (res.status !== 200) throw new Error(`fixture: GET /events answered HTTP ${res.status}`);
  return String(json(res).data[0].id);
}

/**
 * The floor of an Idempotency-Key: the claim, one conditional PutItem, and the completing update
 * that rides in the use case's own TransactWriteItems — the very writes of lib/http/idempotency-store.ts.
 */
async function claimFloorKey(ctx: BenchContext) {
  const address = { clientId: ctx.floorClientId, keyHash: createHash('sha256').update(randomBytes(16)).digest('hex') };
  const token = randomUUID();
  const now = Date.now();
  await claimKey(ctx.floorDb, address, {
    token,
    requestHash: createHash('sha256').update(randomBytes(16)).digest('hex'),
    nowMs: now,
    inProgressUntilMs: now + 10_000,
    expiresAtSeconds: Math.floor(now / 1000) + IDEMPOTENCY_TTL_SECONDS,
  });
  return (statusCode: number, data: unknown) => completionItem(address, token, { statusCode, body: JSON.stringify(success(data)) });
}

/** createPayment with an Idempotency-Key: auth, claim, and the create's TransactWriteItems with the completion. */
const idempotentCreate: Builder = (route) => ({
  id: `${route.id}+idempotency`,
  route,
  variant: IDEMPOTENT_VARIANT,
  expectedStatus: 201,
  prepare: async (ctx) => {
    const data = viewTransaction(ctx.template.transaction, new Date());
    return {
      request: () => ({ method: 'POST', path: '/payment/create', body: paymentBody(), headers: { 'Idempotency-Key': randomUUID() } }),
      floor: async () => {
        await ctx.admit();
        const completion = await claimFloorKey(ctx);
        await insertCopy(ctx, 'with events', [completion(201, data)]);
      },
      baseline: async () => {
        await ctx.admit();
        const completion = await claimFloorKey(ctx);
        await insertCopy(ctx, 'without events', [completion(201, data)]);
      },
    };
  },
});

/**
 * cancelTransaction with an Idempotency-Key: auth, claim, a GetItem (the response must be known
 * before the write that stores it) and a TransactWriteItems of the transition and the completion.
 */
const idempotentCancel: Builder = (route) => ({
  id: `${route.id}+idempotency`,
  route,
  variant: IDEMPOTENT_VARIANT,
  expectedStatus: 200,
  prepare: async (ctx, count) => {
    const pending = await pendingPerArm(ctx, count);
    const floorPending = await floorCopies(ctx, count);
    const baselinePending = await floorCopies(ctx, count);
    const cancel = async (id: string, events: Events) => {
      await ctx.admit();
      const completion = await claimFloorKey(ctx);
      await transitionCopy(ctx, id, 'cancel', events, (after) => completion(200, after));
    };
    return {
      request: (arm, i) => ({ method: 'POST', path: `/transaction/${pick(pending[arm], i)}/cancel`, headers: { 'Idempotency-Key': randomUUID() } }),
      floor: (i) => cancel(pick(floorPending, i).transaction.id, 'with events'),
      baseline: (i) => cancel(pick(baselinePending, i).transaction.id, 'without events'),
    };
  },
});

/**
 * A route the bench has no scenario for: a GET without path parameters is requested as it is,
 * against a floor of its admission alone (nothing, for a public route); the call counter
 * then shows whether the route makes other calls. Other routes cannot be guessed.
 */
function generic(route: Route): Scenario | undefined {
  if (route.method !== 'GET' || route.path.includes('{')) return undefined;
  return {
    id: route.id,
    route,
    variant: 'generic GET',
    expectedStatus: 200,
    prepare: async (ctx) => ({
      request: () => ({ method: 'GET', path: route.path }),
      floor: async () => {
        if (route.credential.kind === 'session') await ctx.admitSession();
        else if (route.credential.kind === 'key') await ctx.admit();
      },
    }),
  };
}

/** The scenarios for the route table, in its order, with variants after their route; and the routes none fits. */
export function scenariosFor(routes: readonly Route[]): { scenarios: Scenario[]; unsupported: Route[] } {
  const scenarios: Scenario[] = [];
  const unsupported: Route[] = [];
  for (const route of routes) {
    const scenario = known[route.id]?.(route) ?? generic(route);
    if (!scenario) {
      unsupported.push(route);
      continue;
    }
    scenarios.push(scenario);
    if (route.id === 'createPayment') scenarios.push(idempotentCreate(route));
    if (route.id === 'cancelTransaction') scenarios.push(idempotentCancel(route));
  }
  return { scenarios, unsupported };
}
