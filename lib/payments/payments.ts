import { computeFee, findChannel } from '../catalog';
import type { Clock } from '../clock';
import { decodeCursor, encodeCursor, filterFingerprint } from '../db/cursor';
import type { Db } from '../db/db';
import { InvalidStateError, NotFoundError } from '../http/errors';
import type { Pagination } from '../http/envelope';
import { idBounds, isId, newId } from '../ids';
import { paymentEntry } from './ledger';
import { paymentDetails } from './payment-details';
import type { CreatePaymentInput, ListTransactionsInput } from './schemas';
import { allows, type Status } from './states';
import {
  findTransactionIdByOrder,
  findTransactionItem,
  insertTransaction,
  queryTransactions,
  settleTransaction,
  transitionTransaction,
} from './transaction-repository';
import { viewTransaction, type Transaction } from './transaction';

/** Use cases of the payment routes (API.md §5). Each takes the client id from the authenticated key. */

/** Creates a pending payment; order_id uniqueness is enforced by the same atomic write. */
export async function createPayment(db: Db, clientId: string, input: CreatePaymentInput, clock: Clock): Promise<Transaction> {
  const channel = findChannel(input.payment_method, input.payment_channel);
  // The body schema already checked the pair; this guards the type, not the user.
  if (!channel) throw new Error(`No channel ${input.payment_method}/${input.payment_channel}`);
  const now = clock.now();
  const id = newId('transaction', now);
  const fee = computeFee(input.amount, channel.fee);
  const at = now.toISOString();
  const expiryMinutes = input.expiry_minutes ?? channel.expiry_minutes;
  const transaction: Transaction = {
    id,
    order_id: input.order_id,
    status: 'pending',
    amount: input.amount,
    currency: channel.currency,
    payment_method: input.payment_method,
    payment_channel: input.payment_channel,
    customer: input.customer,
    description: input.description ?? null,
    metadata: input.metadata ?? {},
    fee,
    net_amount: input.amount - fee,
    refunded_amount: 0,
    payment_details: paymentDetails(input.payment_method, input.payment_channel, id, input.amount),
    expires_at: new Date(now.getTime() + expiryMinutes * 60_000).toISOString(),
    created_at: at,
    updated_at: at,
    settled_at: null,
    cancelled_at: null,
    expired_at: null,
    failed_at: null,
    cancellation_reason: null,
    failure_reason: null,
  };
  await insertTransaction(db, clientId, transaction);
  return transaction;
}

/** One transaction of this client; another client's id is as unknown as a made-up one. */
export async function getTransaction(db: Db, clientId: string, transactionId: string, clock: Clock): Promise<Transaction> {
  const item = await findTransactionItem(db, clientId, transactionId);
  if (!item) throw new NotFoundError('Transaction not found');
  return viewTransaction(item, clock.now());
}

/** Cancels a pending transaction. */
export async function cancelTransaction(
  db: Db,
  clientId: string,
  transactionId: string,
  reason: string | undefined,
  clock: Clock,
): Promise<Transaction> {
  const now = clock.now();
  const item = await transitionTransaction(
    db,
    clientId,
    transactionId,
    'cancel',
    now,
    reason === undefined ? undefined : { field: 'cancellation_reason', value: reason },
  );
  return viewTransaction(item, now);
}

/** Sandbox control: settles, fails or expires a pending transaction. Settling writes its ledger entry atomically. */
export async function simulateOutcome(
  db: Db,
  clientId: string,
  transactionId: string,
  outcome: 'settle' | 'fail' | 'expire',
  clock: Clock,
): Promise<Transaction> {
  const now = clock.now();
  if (outcome === 'fail') {
    const item = await transitionTransaction(db, clientId, transactionId, 'fail', now, {
      field: 'failure_reason',
      value: 'Payment failed (simulated)',
    });
    return viewTransaction(item, now);
  }
  if (outcome === 'expire') return viewTransaction(await transitionTransaction(db, clientId, transactionId, 'expire', now), now);

  const current = await getTransaction(db, clientId, transactionId, clock);
  if (!allows('settle', current.status)) throw new InvalidStateError(current.status, 'settle');
  const at = now.toISOString();
  await settleTransaction(db, clientId, transactionId, paymentEntry(current, now), now);
  return { ...current, status: 'settled', settled_at: at, updated_at: at };
}

/** A pending transaction counts as pending only until it expires; after that it matches `expired`. */
function statusFilter(wanted: readonly Status[], now: string) {
  const values: Record<string, unknown> = {};
  const terms = wanted.map((status) => {
    if (status === 'pending' || status === 'expired') {
      Object.assign(values, { ':pending': 'pending', ':expired': 'expired', ':now': now });
      return status === 'pending'
        ? '#status = :pending AND expires_at > :now'
        : '#status = :expired OR (#status = :pending AND expires_at <= :now)';
    }
    values[`:${status}`] = status;
    return `#status = :${status}`;
  });
  const used = Object.fromEntries(Object.entries(values).filter(([name]) => terms.some((t) => t.includes(name))));
  // DynamoDB rejects redundant parentheses, so a lone simple term goes bare.
  const compound = (t: string) => / (AND|OR) /.test(t);
  const expression =
    terms.length === 1 && !compound(terms[0]!) ? terms[0]! : `(${terms.map((t) => (terms.length > 1 && compound(t) ? `(${t})` : t)).join(' OR ')})`;
  return { expression, names: { '#status': 'status' }, values: used };
}

function buildFilter(query: ListTransactionsInput, now: string) {
  const parts: { expression: string; names: Record<string, string>; values: Record<string, unknown> }[] = [];
  if (query.status) parts.push(statusFilter(query.status, now));
  if (query.payment_method) {
    parts.push({ expression: 'payment_method = :method', names: {}, values: { ':method': query.payment_method } });
  }
  if (query.payment_channel) {
    parts.push({ expression: 'payment_channel = :channel', names: {}, values: { ':channel': query.payment_channel } });
  }
  if (parts.length === 0) return undefined;
  return {
    expression: parts.map((p) => p.expression).join(' AND '),
    names: Object.assign({}, ...parts.map((p) => p.names)) as Record<string, string>,
    values: Object.assign({}, ...parts.map((p) => p.values)) as Record<string, unknown>,
  };
}

/** Query calls one list request may spend while filters discard items. */
const MAX_QUERIES_PER_PAGE = 5;

/** Lists this client's transactions newest first, with filters and an opaque cursor bound to client and filters. */
export async function listTransactions(
  db: Db,
  clientId: string,
  query: ListTransactionsInput,
  clock: Clock,
): Promise<{ data: Transaction[]; pagination: Pagination }> {
  const now = clock.now();
  const { limit, cursor, ...filters } = query;
  const fingerprint = filterFingerprint(filters);
  const afterId = cursor ? decodeCursor(cursor, clientId, fingerprint, (id) => isId('transaction', id)) : undefined;

  if (query.order_id !== undefined) {
    // order_id is unique per client: one direct read instead of a filtered walk.
    const id = afterId ? undefined : await findTransactionIdByOrder(db, clientId, query.order_id);
    const item = id ? await findTransactionItem(db, clientId, id) : undefined;
    const matches = item ? [viewTransaction(item, now)].filter((t) => matchesInMemory(t, query)) : [];
    return { data: matches, pagination: { limit, has_more: false, next_cursor: null } };
  }

  const { items, lastEvaluatedId } = await queryTransactions(db, clientId, {
    afterId,
    ...idBounds('transaction', query.created_from, query.created_to),
    want: limit + 1,
    filter: buildFilter(query, now.toISOString()),
    maxQueries: MAX_QUERIES_PER_PAGE,
  });
  const page = items.slice(0, limit).map((item) => viewTransaction(item, now));
  const resumeAt = items.length > limit ? page[page.length - 1]!.id : lastEvaluatedId;
  return {
    data: page,
    pagination: {
      limit,
      has_more: resumeAt !== undefined,
      next_cursor: resumeAt !== undefined ? encodeCursor(clientId, fingerprint, resumeAt) : null,
    },
  };
}

function matchesInMemory(t: Transaction, q: ListTransactionsInput): boolean {
  if (q.status && !q.status.includes(t.status)) return false;
  if (q.payment_method && t.payment_method !== q.payment_method) return false;
  if (q.payment_channel && t.payment_channel !== q.payment_channel) return false;
  if (q.created_from && t.created_at < q.created_from.toISOString()) return false;
  if (q.created_to && t.created_at >= q.created_to.toISOString()) return false;
  return true;
}
