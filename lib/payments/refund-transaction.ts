import type { UseCaseContext } from '../use-case';
import { paymentChanged, refundCreated, type Change } from '../events/event';
import { ConcurrentWriteError, NotFoundError } from '../errors';
import { AmountExceedsRefundableError, InvalidStateError } from '../payments/errors';
import { newId } from '../ids';
import { refundEntry } from './ledger';
import { getTransaction } from './payments';
import { Refund } from '../objects/refund';
import { writeRefund } from './refund-repository';
import type { RefundInput } from './refund-body';
import { allows } from './states';
import { findTransactionIdByOrder } from './transaction-repository';
import { transactionEntity } from './items';
import type { TransactItem } from '../db/requests';
import type { Transaction } from '../objects/transaction';

export { Refund };

/**
 * Each failed attempt means another refund of the same transaction succeeded in between, so the
 * loop always makes progress; the bound only caps the work of one request under heavy contention.
 */
const MAX_ATTEMPTS = 10;

class RefundContentionError extends ConcurrentWriteError {
  constructor() {
    super('Too many concurrent refunds of this transaction; retry the request');
  }
}

/**
 * The update a refund of `amount` makes to its settled transaction, conditioned on the status still
 * being `settled` and on what was refunded before: a partial refund needs `refunded_amount <
 * amount − refund` (so it cannot reach or pass the amount, whatever else happened concurrently);
 * the refund that completes the amount needs `refunded_amount` to be exactly what was read, and
 * makes the transaction `refunded`.
 */
function refundUpdate(clientId: string, transaction: Transaction, amount: number, at: string): TransactItem {
  const key = transactionEntity.key(clientId, transaction.id);
  if (transaction.refunded_amount + amount === transaction.amount) {
    return transactionEntity.update(key, {
      set: { refunded_amount: transaction.amount, status: 'refunded', updated_at: at },
      when: [
        ['status', '=', 'settled'],
        ['refunded_amount', '=', transaction.refunded_amount],
      ],
    });
  }
  return transactionEntity.update(key, {
    set: { updated_at: at },
    add: { refunded_amount: amount },
    when: [
      ['status', '=', 'settled'],
      ['refunded_amount', '<', transaction.amount - amount],
    ],
  });
}

/**
 * Refunds all or part of what is left of a settled transaction, atomically with its ledger entry,
 * its refund.created event (and payment.refunded when it completes the amount), and the
 * completion of the request's idempotency claim, if it has one.
 */
export async function refundTransaction(context: UseCaseContext, input: RefundInput): Promise<Refund> {
  const { db, clientId, clock, cause, idempotency: claim } = context;
  const transactionId = input.transaction_id ?? (await findTransactionIdByOrder(db, clientId, input.order_id!));
  if (!transactionId) throw new NotFoundError('Transaction not found');
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const transaction = await getTransaction(context, transactionId);
    if (!allows('refund', transaction.status)) throw new InvalidStateError(transaction.status, 'refund');
    const refundable = transaction.amount - transaction.refunded_amount;
    const amount = input.amount ?? refundable;
    if (amount > refundable) throw new AmountExceedsRefundableError(amount, refundable);
    const now = clock.now();
    const refund: Refund = {
      id: newId('refund', now),
      transaction_id: transaction.id,
      order_id: transaction.order_id,
      amount,
      currency: transaction.currency,
      reason: input.reason ?? null,
      status: 'succeeded',
      created_at: now.toISOString(),
    };
    const events: Change[] = [refundCreated(refund)];
    if (amount === refundable) {
      const refunded = { ...transaction, status: 'refunded', refunded_amount: transaction.amount, updated_at: refund.created_at } as const;
      events.push(paymentChanged(transaction, refunded));
    }
    const written = await writeRefund(db, clientId, {
      update: refundUpdate(clientId, transaction, amount, refund.created_at),
      refund,
      entry: refundEntry(transaction, refund, now),
      completion: claim?.complete(refund),
      events,
      recorder: { cause, clock },
    });
    if (written) return refund;
  }
  throw new RefundContentionError();
}
