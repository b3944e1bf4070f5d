import * as z from 'zod/mini';
import type { Clock } from '../clock';
import { refundExample } from '../contracts/examples';
import type { Db } from '../db/db';
import { AmountExceedsRefundableError, ConcurrentWriteError, InvalidStateError, NotFoundError } from '../http/errors';
import type { IdempotencyClaim } from '../http/idempotency';
import { newId } from '../ids';
import { meta } from '../meta';
import { amount, currency, idOf, timestamp } from './fields';
import { refundEntry } from './ledger';
import { getTransaction } from './payments';
import { writeRefund } from './refund-repository';
import type { RefundInput } from './refund-body';
import { orderId } from './schemas';
import { allows } from './states';
import { findTransactionIdByOrder } from './transaction-repository';

/** A refund (docs/api.md §6). */
export const Refund = meta(
  z.strictObject({
    id: idOf('refund'),
    transaction_id: idOf('transaction'),
    order_id: orderId,
    amount: amount().check(z.positive()),
    currency: currency(),
    reason: z.nullable(z.string().check(z.maxLength(255))),
    status: meta(z.literal('succeeded'), { description: 'Sandbox refunds succeed at once' }),
    created_at: timestamp(),
  }),
  {
    description: 'A refund of all or part of a settled transaction',
    examples: [refundExample],
  },
);
export type Refund = Readonly<z.infer<typeof Refund>>;

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
 * Refunds all or part of what is left of a settled transaction, atomically with its ledger entry
 * (and with the completion of the request's idempotency claim, if it has one).
 */
export async function refundTransaction(db: Db, clientId: string, input: RefundInput, clock: Clock, claim?: IdempotencyClaim): Promise<Refund> {
  const transactionId = input.transaction_id ?? (await findTransactionIdByOrder(db, clientId, input.order_id!));
  if (!transactionId) throw new NotFoundError('Transaction not found');
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const transaction = await getTransaction(db, clientId, transactionId, clock);
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
    const written = await writeRefund(db, clientId, {
      transactionId,
      amount,
      refundedBefore: transaction.refunded_amount,
      total: transaction.amount,
      refund,
      entry: refundEntry(transaction, refund, now),
      at: refund.created_at,
      completion: claim?.complete(refund),
    });
    if (written) return refund;
  }
  throw new RefundContentionError();
}
