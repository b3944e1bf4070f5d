import { clientOf, defineEntity, requiredText, text } from '../db/entity';
import { DUE_PARTITION, keys } from '../db/keys';
import type { Item } from '../db/requests';
import { asApiObject } from '../objects/fields';
import { shownPaymentDetails, storedPaymentDetails } from './payment-details';
import { paymentUrl } from './payment-url';
import { Refund } from '../objects/refund';
import { SettlementEntry } from '../objects/settlement-entry';
import type { SimulateOutcome } from './states';
import { Transaction, type CardDetails } from '../objects/transaction';

/**
 * The payments' stored items (docs/data-model.md): a transaction, the reservation of its order_id,
 * its due marker, a settlement-ledger entry and a refund, each defined once.
 */

/** A scheduled outcome as the transaction item stores it (never shown: the transaction object has no such field). */
export interface ScheduledOutcome {
  readonly outcome: SimulateOutcome;
  /** When it is due, on the client's clock (ISO). */
  readonly at: string;
}

/** A transaction as stored: the object as last written (reads apply the expiry on top: viewTransaction). */
export interface StoredTransaction {
  readonly clientId: string;
  /** The object, its `payment_url` (and an e-wallet's `checkout_url`) made from `paymentToken` and the stage's `{base_url}`. */
  readonly transaction: Transaction;
  /**
   * The payment page's token (lib/payments/payment-token.ts), the page's only credential; absent
   * for a transaction made before the page existed, whose `payment_url` is null.
   */
  readonly paymentToken?: string;
  readonly scheduled?: ScheduledOutcome;
  /**
   * The card whose 3-D Secure challenge the payment page is showing (never shown on the object):
   * the challenge's Complete and Fail are taken only while it is here (decision 0252).
   */
  readonly cardChallenge?: CardDetails;
  /**
   * While pending, when it falls due in real time: the `due` index's sort key (keys.due), so the
   * sweep applies it; the write that takes it out of `pending` removes it (REMOVE_DUE).
   */
  readonly dueAt?: string;
}

/** The item attributes that hold a scheduled outcome. */
const SCHEDULED_OUTCOME = 'sandbox_outcome';
const SCHEDULED_AT = 'sandbox_outcome_at';
/** The item attribute that holds the payment page's token. */
const PAYMENT_TOKEN = 'payment_token';
/** The item attribute that holds the card of a waiting 3-D Secure challenge (StoredTransaction `cardChallenge`). */
export const CARD_CHALLENGE = 'card_challenge';

/** The card of a waiting challenge as the item holds it, or undefined. */
function cardChallengeOf(item: Item): CardDetails | undefined {
  const held = item[CARD_CHALLENGE] as Record<string, unknown> | undefined;
  if (held === undefined || held === null || typeof held !== 'object') return undefined;
  const { brand, last4, exp_month, exp_year } = held;
  if (typeof brand !== 'string' || typeof last4 !== 'string' || typeof exp_month !== 'number' || typeof exp_year !== 'number') return undefined;
  return { brand, last4, exp_month, exp_year };
}

/**
 * The transaction object of a stored item, in its schema's field order. Its links are made here, on
 * every read, from the token the item holds and the stage's `{base_url}` (lib/base-url.ts), so they
 * are never stored: `payment_url`, and an e-wallet's `checkout_url`, which is the same page. An
 * item written before v1.3 lacks the new fields: no token (`payment_url` null), no `return_url`
 * (null), and no `failure_code`, which is `simulated` when it failed (the only failure there was
 * then), else null (decision 0248).
 */
function storedTransactionObject(item: Item, token: string | undefined): Transaction {
  const stored: Transaction = asApiObject(Transaction, item);
  // `customer.phone` is stored only when given; the object omits it rather than showing null.
  const { name, email, phone } = stored.customer;
  const payment_url = token === undefined ? null : paymentUrl(token);
  return {
    ...stored,
    customer: phone === undefined ? { name, email } : { name, email, phone },
    payment_details: shownPaymentDetails(stored.payment_method, stored.payment_details, payment_url),
    payment_url,
    failure_code: stored.failure_code ?? (stored.status === 'failed' ? 'simulated' : null),
  };
}

export const transactionEntity = defineEntity({
  name: 'transaction',
  key: keys.transaction,
  keyOf: (value: StoredTransaction) => keys.transaction(value.clientId, value.transaction.id),
  attributes: (value: StoredTransaction) => {
    const { payment_url, ...stored } = value.transaction;
    return {
      ...stored,
      payment_details: storedPaymentDetails(stored.payment_details, payment_url),
      ...(value.paymentToken !== undefined && { [PAYMENT_TOKEN]: value.paymentToken }),
      ...(value.scheduled && { [SCHEDULED_OUTCOME]: value.scheduled.outcome, [SCHEDULED_AT]: value.scheduled.at }),
      ...(value.cardChallenge && { [CARD_CHALLENGE]: value.cardChallenge }),
      ...(value.dueAt !== undefined && keys.due(value.dueAt)),
    };
  },
  fromItem: (item): StoredTransaction => {
    const outcome = text(item, SCHEDULED_OUTCOME);
    const at = text(item, SCHEDULED_AT);
    const paymentToken = text(item, PAYMENT_TOKEN);
    const cardChallenge = cardChallengeOf(item);
    return {
      clientId: clientOf(item),
      transaction: storedTransactionObject(item, paymentToken),
      ...(paymentToken !== undefined && { paymentToken }),
      ...(outcome !== undefined && at !== undefined && { scheduled: { outcome: outcome as SimulateOutcome, at } }),
      ...(cardChallenge && { cardChallenge }),
      ...(item.due_pk === DUE_PARTITION && { dueAt: requiredText(item, 'due_sk') }),
    };
  },
});

/** The reservation of an order_id within its client: written with the payment, so a second payment with it fails. */
export interface OrderReservation {
  readonly clientId: string;
  readonly orderId: string;
  readonly transactionId: string;
}

export const orderEntity = defineEntity({
  name: 'order',
  key: keys.order,
  keyOf: (value: OrderReservation) => keys.order(value.clientId, value.orderId),
  attributes: (value: OrderReservation): Item => ({ transaction_id: value.transactionId }),
  fromItem: (item): OrderReservation => ({
    clientId: clientOf(item),
    orderId: keys.orderIdOfSortKey(requiredText(item, 'sk')),
    transactionId: requiredText(item, 'transaction_id'),
  }),
});

/**
 * What falls due for a client on its own clock: a pending transaction's marker, keyed by its
 * client-time due instant (keys.dueMarker), which an advance of the client's clock finds by one Query.
 * Only an advance deletes it, when it applies it or finds its transaction gone from `pending`; any
 * other exit from `pending` leaves it, and DynamoDB's TTL deletes it MARKER_KEPT_DAYS after its due
 * instant (decision 0196).
 */
export interface DueMarker {
  readonly clientId: string;
  /** Client-time ISO. */
  readonly dueAt: string;
  readonly transactionId: string;
}

/**
 * How long a due marker is kept after its due instant. Its transaction leaves `pending` by then: it
 * is due in real time no later than on its client's clock, and the sweep stores what falls due
 * within a minute. A week is room for a sweep that stopped for days.
 */
export const MARKER_KEPT_DAYS = 7;

export const dueMarkerEntity = defineEntity({
  name: 'due_marker',
  key: keys.dueMarker,
  keyOf: (value: DueMarker) => keys.dueMarker(value.clientId, value.dueAt, value.transactionId),
  attributes: (value: DueMarker): Item => ({
    transaction_id: value.transactionId,
    ttl: Math.ceil(Date.parse(value.dueAt) / 1000) + MARKER_KEPT_DAYS * 24 * 60 * 60,
  }),
  fromItem: (item): DueMarker => {
    const parts = keys.dueMarkerParts(requiredText(item, 'sk'));
    if (!parts) throw new Error(`Not a due marker: ${String(item.sk)}`);
    return { clientId: clientOf(item), ...parts };
  },
});

/** A settlement-ledger entry (docs/api.md §7) of a client. */
export interface StoredSettlement {
  readonly clientId: string;
  readonly entry: SettlementEntry;
}

export const settlementEntity = defineEntity({
  name: 'settlement',
  key: keys.settlement,
  keyOf: (value: StoredSettlement) => keys.settlement(value.clientId, value.entry.id),
  attributes: (value: StoredSettlement): Item => ({ ...value.entry }),
  fromItem: (item): StoredSettlement => ({ clientId: clientOf(item), entry: asApiObject(SettlementEntry, item) }),
});

/** A refund record (docs/api.md §6) of a client. */
export interface StoredRefund {
  readonly clientId: string;
  readonly refund: Refund;
}

export const refundEntity = defineEntity({
  name: 'refund',
  key: keys.refund,
  keyOf: (value: StoredRefund) => keys.refund(value.clientId, value.refund.id),
  attributes: (value: StoredRefund): Item => ({ ...value.refund }),
  fromItem: (item): StoredRefund => ({ clientId: clientOf(item), refund: asApiObject(Refund, item) }),
});
