import { describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock';
import { ConcurrentWriteError } from '../../lib/http/errors';
import type { Db } from '../../lib/db/db';
import { cancelTransaction, simulateOutcome } from '../../lib/payments/payments';
import { refundTransaction } from '../../lib/payments/refunds';
import { dbFailing, faultyDb, sdkError } from '../support/faults';
import { call, newClient } from '../support/fixtures';
import { createPaymentVia, simulate } from '../support/payments';

// DynamoDB cancels a transaction that collides with another one on the same item
// (reason TransactionConflict), which the SDK does not retry. DynamoDB Local serializes
// transactions and never does, so the collision is injected into a real client here.
const conflict = (items: number) =>
  sdkError('TransactionCanceledException', {
    CancellationReasons: [{ Code: 'TransactionConflict' }, ...Array.from({ length: items - 1 }, () => ({ Code: 'None' }))],
  });

describe('a transaction that collides with a concurrent one', () => {
  it('is read again and refunded once when it was a refund', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);
    await simulate(key, txn.id, 'settle');
    let collisions = 0;
    const db = faultyDb(async (command, send) => {
      if (command === 'TransactWriteItemsCommand' && collisions === 0) {
        collisions += 1;
        throw conflict(3);
      }
      return send();
    });

    const refund = await refundTransaction(db, clientId, { transaction_id: txn.id, amount: 10_000 }, systemClock);

    expect(collisions).toBe(1);
    expect(refund.amount).toBe(10_000);
    expect((await call('GET', `/transaction/${txn.id}`, { key })).body.data.refunded_amount).toBe(10_000);
    const entries = (await call('GET', `/settlements?transaction_id=${txn.id}`, { key })).body.data;
    expect(entries.map((e: { type: string }) => e.type).sort()).toEqual(['payment', 'refund']);
  });

  it('is refused with 429 RATE_LIMITED, and nothing written, when it was a settle', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);
    const db = dbFailing('TransactWriteItemsCommand', conflict(2));

    const attempt = simulateOutcome(db, clientId, txn.id, 'settle', systemClock);

    await expect(attempt).rejects.toBeInstanceOf(ConcurrentWriteError);
    await expect(attempt).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect((await call('GET', `/transaction/${txn.id}`, { key })).body.data.status).toBe('pending');
    expect((await call('GET', `/settlements?transaction_id=${txn.id}`, { key })).body.data).toEqual([]);
  });
});

// A cancel, fail or expire without an Idempotency-Key is one conditional UpdateItem. On DynamoDB
// it fails with TransactionConflictException when it meets a transaction on the same item (a
// settle, a refund, a keyed transition), and the SDK does not retry that either.
const singleWriteConflict = () => sdkError('TransactionConflictException');

const transitions = [
  { path: 'cancel', status: 'cancelled', run: (db: Db, clientId: string, id: string) => cancelTransaction(db, clientId, id, undefined, systemClock) },
  { path: 'simulate fail', status: 'failed', run: (db: Db, clientId: string, id: string) => simulateOutcome(db, clientId, id, 'fail', systemClock) },
  { path: 'simulate expire', status: 'expired', run: (db: Db, clientId: string, id: string) => simulateOutcome(db, clientId, id, 'expire', systemClock) },
] as const;

describe.each(transitions)('a $path that collides with a concurrent transaction', ({ status, run }) => {
  it(`is sent again and the transaction ends ${status}`, async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);
    let collisions = 0;
    const db = faultyDb(async (command, send) => {
      if (command === 'UpdateItemCommand' && collisions === 0) {
        collisions += 1;
        throw singleWriteConflict();
      }
      return send();
    });

    const result = await run(db, clientId, txn.id);

    expect(collisions).toBe(1);
    expect(result.status).toBe(status);
    expect((await call('GET', `/transaction/${txn.id}`, { key })).body.data.status).toBe(status);
  });

  it('decides against what the colliding transaction wrote: 409 naming the status it left', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);
    let collided = false;
    const db = faultyDb(async (command, send) => {
      if (command === 'UpdateItemCommand' && !collided) {
        // The colliding transaction was a settle, which commits while this write is refused.
        collided = true;
        await simulate(key, txn.id, 'settle');
        throw singleWriteConflict();
      }
      return send();
    });

    await expect(run(db, clientId, txn.id)).rejects.toMatchObject({
      code: 'INVALID_STATE',
      status: 409,
      message: expect.stringContaining('whose status is settled'),
    });
  });

  it('answers 429 RATE_LIMITED with Retry-After, and writes nothing, when it keeps colliding', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);
    const db = dbFailing('UpdateItemCommand', singleWriteConflict());

    const attempt = run(db, clientId, txn.id);

    await expect(attempt).rejects.toBeInstanceOf(ConcurrentWriteError);
    await expect(attempt).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429, headers: { 'Retry-After': '1' } });
    expect((await call('GET', `/transaction/${txn.id}`, { key })).body.data).toMatchObject({ status: 'pending', updated_at: txn.updated_at });
  });
});
