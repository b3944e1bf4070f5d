import { describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock';
import type { Db } from '../../lib/db/db';
import { NO_CAUSE } from '../../lib/events/event';
import { ConcurrentWriteError } from '../../lib/errors';
import { apiErrorOf } from '../../lib/http/errors';
import { cancelTransaction, simulateOutcome } from '../../lib/payments/payments';
import { refundTransaction } from '../../lib/payments/refund-transaction';
import { recordedEventsOf } from '../support/events';
import { faultyDb, transactionConflict } from '../support/faults';
import { call, newClient } from '../support/fixtures';
import { createPaymentVia, simulate } from '../support/payments';

// DynamoDB cancels a transaction that collides with another one on the same item
// (reason TransactionConflict), which the SDK does not retry. DynamoDB Local serializes
// transactions and never does, so the collision is injected into a real client here.

describe('a transaction that collides with a concurrent one', () => {
  it('is read again and refunded once when it was a refund', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);
    await simulate(key, txn.id, 'settle');
    let collisions = 0;
    const db = faultyDb(async (command, send) => {
      if (command === 'TransactWriteItemsCommand' && collisions === 0) {
        collisions += 1;
        // The refund's update, the refund, its ledger entry and its refund.created event.
        throw transactionConflict(4);
      }
      return send();
    });

    const refund = await refundTransaction({ db, clientId, clock: systemClock, cause: NO_CAUSE }, { transaction_id: txn.id, amount: 10_000 });

    expect(collisions).toBe(1);
    expect(refund.amount).toBe(10_000);
    expect((await call('GET', `/transaction/${txn.id}`, { key })).body.data.refunded_amount).toBe(10_000);
    const entries = (await call('GET', `/settlements?transaction_id=${txn.id}`, { key })).body.data;
    expect(entries.map((e: { type: string }) => e.type).sort()).toEqual(['payment', 'refund']);
    expect((await recordedEventsOf(clientId, txn.id)).map((e) => e.type)).toEqual(['payment.created', 'payment.settled', 'refund.created']);
  });
});

// A cancel, settle, fail or expire reads the transaction, then sends one TransactWriteItems (the
// conditional update, the settle's ledger entry, the event). On DynamoDB it is cancelled with
// reason TransactionConflict when it meets another transaction on the same item (a settle, a
// refund, another transition), and the SDK does not retry that either.
const transitions = [
  {
    path: 'cancel',
    status: 'cancelled',
    items: 2,
    run: (db: Db, clientId: string, id: string) => cancelTransaction({ db, clientId, clock: systemClock, cause: NO_CAUSE }, id),
  },
  {
    path: 'simulate settle',
    status: 'settled',
    items: 3,
    run: (db: Db, clientId: string, id: string) => simulateOutcome({ db, clientId, clock: systemClock, cause: NO_CAUSE }, id, 'settle'),
  },
  {
    path: 'simulate fail',
    status: 'failed',
    items: 2,
    run: (db: Db, clientId: string, id: string) => simulateOutcome({ db, clientId, clock: systemClock, cause: NO_CAUSE }, id, 'fail'),
  },
  {
    path: 'simulate expire',
    status: 'expired',
    items: 2,
    run: (db: Db, clientId: string, id: string) => simulateOutcome({ db, clientId, clock: systemClock, cause: NO_CAUSE }, id, 'expire'),
  },
] as const;

describe.each(transitions)('a $path that collides with a concurrent transaction', ({ status, items, run }) => {
  it(`is read and sent again, the transaction ends ${status}, and one event is recorded`, async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);
    let collisions = 0;
    const db = faultyDb(async (command, send) => {
      if (command === 'TransactWriteItemsCommand' && collisions === 0) {
        collisions += 1;
        throw transactionConflict(items);
      }
      return send();
    });

    const result = await run(db, clientId, txn.id);

    expect(collisions).toBe(1);
    expect(result.status).toBe(status);
    expect((await call('GET', `/transaction/${txn.id}`, { key })).body.data.status).toBe(status);
    expect((await recordedEventsOf(clientId, txn.id)).map((e) => e.type)).toEqual(['payment.created', `payment.${status}`]);
  });

  it('decides against what the colliding transaction wrote: 409 naming the status it left', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);
    let collided = false;
    const db = faultyDb(async (command, send) => {
      if (command === 'TransactWriteItemsCommand' && !collided) {
        // The colliding transaction was a cancel, which commits while this write is refused.
        collided = true;
        await call('POST', `/transaction/${txn.id}/cancel`, { key });
        throw transactionConflict(items);
      }
      return send();
    });

    await expect(run(db, clientId, txn.id).catch(apiErrorOf)).resolves.toMatchObject({
      code: 'INVALID_STATE',
      status: 409,
      message: expect.stringContaining('whose status is cancelled'),
    });
    expect((await recordedEventsOf(clientId, txn.id)).map((e) => e.type)).toEqual(['payment.created', 'payment.cancelled']);
  });

  it('answers 429 RATE_LIMITED with Retry-After, and writes nothing, when it keeps colliding', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);
    let attempts = 0;
    const db = faultyDb(async (command, send) => {
      if (command !== 'TransactWriteItemsCommand') return send();
      attempts += 1;
      throw transactionConflict(items);
    });

    const attempt = run(db, clientId, txn.id);

    await expect(attempt).rejects.toBeInstanceOf(ConcurrentWriteError);
    await expect(attempt.catch(apiErrorOf)).resolves.toMatchObject({ code: 'RATE_LIMITED', status: 429, headers: { 'Retry-After': '1' } });
    expect(attempts).toBe(3);
    expect((await call('GET', `/transaction/${txn.id}`, { key })).body.data).toMatchObject({ status: 'pending', updated_at: txn.updated_at });
    expect((await call('GET', `/settlements?transaction_id=${txn.id}`, { key })).body.data).toEqual([]);
    expect((await recordedEventsOf(clientId, txn.id)).map((e) => e.type)).toEqual(['payment.created']);
  });
});
