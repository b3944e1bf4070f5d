import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../lib/db/db';
import type { DueItem } from '../../lib/db/due';
import { clientPartition, keys } from '../../lib/db/keys';
import { NO_CAUSE } from '../../lib/events/event';
import { ConcurrentWriteError } from '../../lib/errors';
import { InvalidStateError } from '../../lib/payments/errors';
import { CreatePaymentBody } from '../../lib/payments/create-payment-body';
import { applyDuePayment } from '../../lib/payments/due-payment';
import { cancelTransaction, createPayment, getTransaction, simulateOutcome } from '../../lib/payments/payments';
import { sweep } from '../../lib/sweep/sweep';
import { FakeClock } from '../support/clock';
import { recordedEventsOf } from '../support/events';
import { newClient, testDb } from '../support/fixtures';
import { paymentBody } from '../support/payments';

/**
 * Expiry as a stored change: one sweep pass (lib/sweep/sweep.ts) with the payment handler stores
 * what reads already show, and records payment.expired, exactly once.
 *
 * Every test file shares one table, and the local server's own sweep runs on it every second with
 * the real clock. So payments here are created now with the shortest expiry (1 minute: none of
 * them falls due for that sweep while a test runs), the sweeps here run with a clock moved to that
 * expiry (few other items are due by then), and their handler acts only on this test's clients:
 * it must not expire another test's payments early.
 */

async function pendingPayment(clientId: string, clock: FakeClock) {
  const input = CreatePaymentBody.parse(paymentBody({ payment_method: 'qris', payment_channel: 'qris', amount: 20_000, expiry_minutes: 1 }));
  return createPayment({ db: testDb(), clientId, clock, cause: NO_CAUSE }, input);
}

/** The payment handler of the sweep, for the items of these clients only. */
function expiringFor(...clientIds: string[]) {
  const mine = new Set(clientIds.map(clientPartition));
  return { [keys.transactionSortKey('')]: (db: Db, item: DueItem, now: Date) => (mine.has(item.pk) ? applyDuePayment(db, item, now) : Promise.resolve()) };
}

async function storedItem(clientId: string, transactionId: string) {
  const { Item } = await testDb().doc.send(
    new GetCommand({ TableName: testDb().tableName, Key: keys.transaction(clientId, transactionId), ConsistentRead: true }),
  );
  return Item!;
}

const typesOf = async (clientId: string, transactionId: string) => (await recordedEventsOf(clientId, transactionId)).map((e) => e.type);

describe('a pending payment', () => {
  it('is due at its expires_at from its creation', async () => {
    const { clientId } = await newClient();
    const txn = await pendingPayment(clientId, new FakeClock());
    expect(await storedItem(clientId, txn.id)).toMatchObject(keys.due(txn.expires_at));
  });

  it.each(['cancel', 'settle', 'fail', 'expire'] as const)('is no longer due once it leaves pending by %s, and the sweep never expires it', async (exit) => {
    const { clientId } = await newClient();
    const clock = new FakeClock();
    const txn = await pendingPayment(clientId, clock);
    clock.advanceMs(1_000);
    if (exit === 'cancel') await cancelTransaction({ db: testDb(), clientId, clock, cause: NO_CAUSE }, txn.id);
    else await simulateOutcome({ db: testDb(), clientId, clock, cause: NO_CAUSE }, txn.id, exit);
    const left = await storedItem(clientId, txn.id);
    expect(left.due_pk).toBeUndefined();
    expect(left.due_sk).toBeUndefined();

    clock.advanceMinutes(2);
    await sweep(testDb(), clock.now(), expiringFor(clientId));

    expect(await storedItem(clientId, txn.id)).toEqual(left);
    const status = { cancel: 'cancelled', settle: 'settled', fail: 'failed', expire: 'expired' }[exit];
    expect(await typesOf(clientId, txn.id)).toEqual(['payment.created', `payment.${status}`]);
  });
});

describe('one sweep pass', () => {
  it('stores a payment whose expires_at passed as expired, as reads showed it, with one payment.expired dated expires_at', async () => {
    const { clientId } = await newClient();
    const clock = new FakeClock();
    const txn = await pendingPayment(clientId, clock);
    clock.advanceMinutes(1);
    const shownBefore = await getTransaction({ db: testDb(), clientId, clock }, txn.id);

    await sweep(testDb(), clock.now(), expiringFor(clientId));

    const stored = await storedItem(clientId, txn.id);
    expect(stored).toMatchObject({ status: 'expired', expired_at: txn.expires_at, updated_at: txn.expires_at });
    expect(stored.due_pk).toBeUndefined();
    expect(stored.due_sk).toBeUndefined();
    const shownAfter = await getTransaction({ db: testDb(), clientId, clock }, txn.id);
    expect(shownAfter).toEqual(shownBefore);
    expect(shownAfter).toMatchObject({ status: 'expired', expired_at: txn.expires_at, updated_at: txn.expires_at });

    const [created, expired, ...more] = await recordedEventsOf(clientId, txn.id);
    expect(created!.type).toBe('payment.created');
    expect(more).toEqual([]);
    expect(expired).toMatchObject({ type: 'payment.expired', created_at: txn.expires_at, request: { id: null, idempotency_key: null } });
    expect(expired!.data.object).toEqual(shownAfter);
    expect(expired!.data.previous_attributes).toEqual({ status: 'pending', expired_at: null, updated_at: txn.created_at });
  });

  it('does nothing more on a second pass', async () => {
    const { clientId } = await newClient();
    const clock = new FakeClock();
    const txn = await pendingPayment(clientId, clock);
    clock.advanceMinutes(1);
    await sweep(testDb(), clock.now(), expiringFor(clientId));
    const afterFirst = await storedItem(clientId, txn.id);

    clock.advanceMinutes(1);
    await sweep(testDb(), clock.now(), expiringFor(clientId));

    expect(await storedItem(clientId, txn.id)).toEqual(afterFirst);
    expect(await typesOf(clientId, txn.id)).toEqual(['payment.created', 'payment.expired']);
  });

  it('leaves a payment that is not due yet pending and due', async () => {
    const { clientId } = await newClient();
    const clock = new FakeClock();
    const txn = await pendingPayment(clientId, clock);

    await sweep(testDb(), new Date(Date.parse(txn.expires_at) - 1), expiringFor(clientId));

    expect(await storedItem(clientId, txn.id)).toMatchObject({ status: 'pending', expired_at: null, ...keys.due(txn.expires_at) });
    expect(await typesOf(clientId, txn.id)).toEqual(['payment.created']);
  });

  it("expires every client's due payments, each in its own partition", async () => {
    const [a, b] = [await newClient(), await newClient()];
    const clock = new FakeClock();
    const [txnA, txnB] = [await pendingPayment(a.clientId, clock), await pendingPayment(b.clientId, clock)];
    clock.advanceMinutes(1);

    await sweep(testDb(), clock.now(), expiringFor(a.clientId, b.clientId));

    for (const [clientId, txn] of [
      [a.clientId, txnA],
      [b.clientId, txnB],
    ] as const) {
      expect((await storedItem(clientId, txn.id)).status).toBe('expired');
      expect(await typesOf(clientId, txn.id)).toEqual(['payment.created', 'payment.expired']);
    }
    // Neither client's events name the other's transaction.
    expect(await recordedEventsOf(a.clientId, txnB.id)).toEqual([]);
    expect(await recordedEventsOf(b.clientId, txnA.id)).toEqual([]);
  });

  it("leaves another client's payment untouched when it acts on one client's due item", async () => {
    const [a, b] = [await newClient(), await newClient()];
    const clock = new FakeClock();
    const [txnA, txnB] = [await pendingPayment(a.clientId, clock), await pendingPayment(b.clientId, clock)];
    clock.advanceMinutes(1);

    await applyDuePayment(testDb(), { ...keys.transaction(a.clientId, txnA.id), dueAt: txnA.expires_at }, clock.now());

    expect((await storedItem(a.clientId, txnA.id)).status).toBe('expired');
    expect(await storedItem(b.clientId, txnB.id)).toMatchObject({ status: 'pending', ...keys.due(txnB.expires_at) });
    expect(await typesOf(b.clientId, txnB.id)).toEqual(['payment.created']);
  });

  it('records exactly one transition when 20 sweeps and a cancel race at the expiry instant', async () => {
    const { clientId } = await newClient();
    const clock = new FakeClock();
    const txn = await pendingPayment(clientId, clock);
    const expiry = new Date(txn.expires_at);
    const justBefore = new FakeClock(new Date(expiry.getTime() - 1));

    const results = await Promise.allSettled([
      cancelTransaction({ db: testDb(), clientId, clock: justBefore, cause: NO_CAUSE }, txn.id, 'changed my mind'),
      ...Array.from({ length: 20 }, () => sweep(testDb(), expiry, expiringFor(clientId))),
    ]);

    const transitions = (await typesOf(clientId, txn.id)).filter((type) => type !== 'payment.created');
    expect(transitions).toHaveLength(1);
    const stored = await storedItem(clientId, txn.id);
    expect(`payment.${stored.status}`).toBe(transitions[0]);
    expect(stored.due_pk).toBeUndefined();
    // The cancel either won, or lost to the expiry and was refused as such.
    const cancel = results[0]!;
    if (stored.status === 'cancelled') expect(cancel.status).toBe('fulfilled');
    else expect(cancel.status === 'rejected' && [InvalidStateError, ConcurrentWriteError].some((e) => cancel.reason instanceof e)).toBe(true);
  });

  it('does not sweep a payment stored before due attributes existed; reads still show it expired', async () => {
    const { clientId } = await newClient();
    const clock = new FakeClock();
    const txn = await pendingPayment(clientId, clock);
    // As every transaction written before this change was stored: without due attributes.
    await testDb().doc.send(
      new UpdateCommand({ TableName: testDb().tableName, Key: keys.transaction(clientId, txn.id), UpdateExpression: 'REMOVE due_pk, due_sk' }),
    );
    clock.advanceMinutes(1);

    await sweep(testDb(), clock.now(), expiringFor(clientId));

    expect((await storedItem(clientId, txn.id)).status).toBe('pending');
    expect((await getTransaction({ db: testDb(), clientId, clock }, txn.id)).status).toBe('expired');
    expect(await typesOf(clientId, txn.id)).toEqual(['payment.created']);
  });
});
