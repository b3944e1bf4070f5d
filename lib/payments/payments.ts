import type { ReadContext, UseCaseContext } from '../use-case';
import { computeFee, findChannel } from '../catalog';
import { keys } from '../db/keys';
import { allOf, equals, listNewestFirst, type Filter } from '../db/paging';
import { NotFoundError } from '../errors';
import type { Pagination } from '../db/pagination';
import { newId } from '../ids';
import { paymentEntry } from './ledger';
import { paymentDetails } from './payment-details';
import { newPaymentToken } from './payment-token';
import { paymentUrl } from './payment-url';
import type { CreatePaymentInput } from './create-payment-body';
import type { ListTransactionsInput } from '../objects/list-queries';
import type { Status } from '../objects/statuses';
import type { SimulateOutcome } from './states';
import { findTransactionIdByOrder, findTransaction, insertTransaction } from './transaction-repository';
import { SIMULATED_FAILURE, transitionTransaction, type ExitFields, type ExitRequires } from './transitions';
import { transactionEntity, type ScheduledOutcome, type StoredTransaction } from './items';
import { viewTransaction, type Transaction } from '../objects/transaction';

/** Use cases of the payment routes (docs/api.md §5). Each takes the client id from the authenticated key. */

/**
 * Use cases that write take the request that caused the change (`cause`, named by the events they
 * record in the same write: docs/api.md §10) and its idempotency claim, if it has one, which they
 * complete in the same atomic write as their effect (lib/http/idempotency.ts).
 */

/**
 * Creates a pending payment; order_id uniqueness is enforced by the same atomic write. With
 * `sandbox`, its outcome is scheduled `after_seconds` later on the client's clock. Its payment
 * page's token is minted here and stored on the transaction item (no item more).
 */
export async function createPayment(context: UseCaseContext, input: CreatePaymentInput): Promise<Transaction> {
  const { db, clientId, clock, cause, idempotency: claim } = context;
  const channel = findChannel(input.payment_method, input.payment_channel);
  // The body schema already checked the pair; this guards the type, not the user.
  if (!channel) throw new Error(`No channel ${input.payment_method}/${input.payment_channel}`);
  const now = clock.now();
  const id = newId('transaction', now);
  const fee = computeFee(input.amount, channel.fee);
  const at = now.toISOString();
  const expiryMinutes = input.expiry_minutes ?? channel.expiry_minutes;
  const paymentToken = newPaymentToken(clientId, id);
  const payment_url = paymentUrl(paymentToken);
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
    payment_details: paymentDetails(input.payment_method, input.payment_channel, id, input.amount, payment_url),
    payment_url,
    return_url: input.return_url ?? null,
    expires_at: new Date(now.getTime() + expiryMinutes * 60_000).toISOString(),
    created_at: at,
    updated_at: at,
    settled_at: null,
    cancelled_at: null,
    expired_at: null,
    failed_at: null,
    cancellation_reason: null,
    failure_code: null,
    failure_reason: null,
  };
  // Stored on the item only: the transaction object has no field for it (docs/decisions/).
  const scheduled: ScheduledOutcome | undefined = input.sandbox && {
    outcome: input.sandbox.outcome,
    at: new Date(now.getTime() + input.sandbox.after_seconds * 1000).toISOString(),
  };
  await insertTransaction(db, { clientId, transaction, paymentToken, ...(scheduled && { scheduled }) }, { cause, clock }, claim?.complete(transaction));
  return transaction;
}

/** One transaction of this client; another client's id is as unknown as a made-up one. */
export async function getTransaction({ db, clientId, clock }: ReadContext, transactionId: string): Promise<Transaction> {
  const stored = await findTransaction(db, clientId, transactionId);
  if (!stored) throw new NotFoundError('Transaction not found');
  return viewTransaction(stored.transaction, clock.now());
}

/** Cancels a pending transaction, recording payment.cancelled. */
export async function cancelTransaction(context: UseCaseContext, transactionId: string, reason?: string): Promise<Transaction> {
  const { db, clientId, clock, cause, idempotency: claim } = context;
  return transitionTransaction(db, clientId, transactionId, 'cancel', clock.now(), {
    fields: reason === undefined ? undefined : { cancellation_reason: reason },
    recorder: { cause, clock },
    complete: claim && ((after) => claim.complete(after)),
  });
}

/**
 * Sandbox control: settles, fails or expires a pending transaction, recording payment.settled,
 * payment.failed or payment.expired. Settling writes its ledger entry in the same atomic write; a
 * failure is `failure_code` `simulated`, an expiry no failure (its code stays null).
 */
export async function simulateOutcome(context: UseCaseContext, transactionId: string, outcome: SimulateOutcome): Promise<Transaction> {
  return applyOutcome(context, transactionId, outcome, outcome === 'fail' ? { fields: SIMULATED_FAILURE } : {});
}

/** What an outcome sets beyond its status (a failure's code, the payment page's card), and what it needs of the item. */
export interface OutcomeOptions {
  readonly fields?: ExitFields;
  readonly requires?: ExitRequires;
  /** The transaction as the caller has just read it (the payment page's token lookup), which saves the first read. */
  readonly read?: StoredTransaction;
}

/**
 * Applies an outcome to a pending transaction: the one transition of the simulate endpoint and of
 * the payment page's actions (one conditional write with its event, settle's ledger entry, the
 * idempotency record's completion), so any of them racing a cancel, an expiry or a scheduled
 * outcome has exactly one winner.
 */
export async function applyOutcome(context: UseCaseContext, transactionId: string, outcome: SimulateOutcome, options: OutcomeOptions): Promise<Transaction> {
  const { db, clientId, clock, cause, idempotency: claim } = context;
  const now = clock.now();
  return transitionTransaction(db, clientId, transactionId, outcome, now, {
    ...options,
    ledgerEntry: outcome === 'settle' ? (after) => paymentEntry(after, now) : undefined,
    recorder: { cause, clock },
    complete: claim && ((after) => claim.complete(after)),
  });
}

/** A pending transaction counts as pending only until it expires; after that it matches `expired`. */
function statusFilter(wanted: readonly Status[] | undefined, now: string): Filter | undefined {
  if (!wanted) return undefined;
  const values: Record<string, unknown> = {};
  const terms = wanted.map((status) => {
    if (status === 'pending' || status === 'expired') {
      Object.assign(values, { ':pending': 'pending', ':now': now }, status === 'expired' ? { ':expired': 'expired' } : {});
      return status === 'pending' ? '#status = :pending AND expires_at > :now' : '#status = :expired OR (#status = :pending AND expires_at <= :now)';
    }
    values[`:${status}`] = status;
    return `#status = :${status}`;
  });
  // DynamoDB rejects redundant parentheses, so a lone simple term goes bare.
  const compound = (t: string) => / (AND|OR) /.test(t);
  const expression =
    terms.length === 1 && !compound(terms[0]!) ? terms[0]! : `(${terms.map((t) => (terms.length > 1 && compound(t) ? `(${t})` : t)).join(' OR ')})`;
  return { expression, names: { '#status': 'status' }, values };
}

/**
 * Lists this client's transactions newest first, with filters and an opaque cursor bound to client
 * and filters; its queries consume at most about `readUnits` read units (lib/db/paging.ts).
 */
export async function listTransactions(
  { db, clientId, clock }: ReadContext,
  query: ListTransactionsInput,
  readUnits: number,
): Promise<{ data: Transaction[]; pagination: Pagination }> {
  const now = clock.now();
  const { limit, cursor, ...filters } = query;

  // order_id is unique per client: its reservation names the one transaction to read, through the
  // same query and filters as any other list (a sort-key range of that single id).
  const onlyId = query.order_id === undefined ? undefined : ((await findTransactionIdByOrder(db, clientId, query.order_id)) ?? null);
  const { items, pagination } = await listNewestFirst(db, {
    clientId,
    kind: 'transaction',
    sortKeyPrefix: keys.transactionSortKey(''),
    limit,
    cursor,
    filters,
    from: query.created_from,
    to: query.created_to,
    onlyId,
    readUnits,
    filter: allOf([
      statusFilter(query.status, now.toISOString()),
      equals('payment_method', query.payment_method),
      equals('payment_channel', query.payment_channel),
    ]),
  });
  return { data: items.map((item) => viewTransaction(transactionEntity.fromItem(item).transaction, now)), pagination };
}
