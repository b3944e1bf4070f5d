import { describe, expect, it } from 'vitest';
import { NO_CAUSE } from '../../lib/events/event';
import { InvalidStateError } from '../../lib/payments/errors';
import { DEFAULT_LIMITS } from '../../lib/limits';
import { cancelTransaction, createPayment, getTransaction, listTransactions, simulateOutcome } from '../../lib/payments/payments';
import { CreatePaymentBody } from '../../lib/payments/create-payment-body';
import { ListTransactionsQuery } from '../../lib/objects/list-queries';
import { FakeClock } from '../support/clock';
import { newClient, testDb } from '../support/fixtures';
import { paymentBody } from '../support/payments';

async function pendingQris(clock: FakeClock) {
  const { clientId } = await newClient();
  const input = CreatePaymentBody.parse(paymentBody({ payment_method: 'qris', payment_channel: 'qris', amount: 20_000 }));
  const txn = await createPayment({ db: testDb(), clientId, clock, cause: NO_CAUSE }, input);
  return { clientId, txn };
}

const list = (clientId: string, clock: FakeClock, query: Record<string, string>) =>
  listTransactions({ db: testDb(), clientId, clock }, ListTransactionsQuery.parse(query), DEFAULT_LIMITS.readUnitsPerRequest).then((r) =>
    r.data.map((t) => t.id),
  );

describe('expiry (clock moved, no sleeping)', () => {
  it('keeps a payment pending until expires_at, using the channel default of 15 minutes for qris', async () => {
    const clock = new FakeClock();
    const { clientId, txn } = await pendingQris(clock);
    expect(new Date(txn.expires_at).getTime() - new Date(txn.created_at).getTime()).toBe(15 * 60_000);
    clock.advanceMinutes(14);
    expect((await getTransaction({ db: testDb(), clientId, clock }, txn.id)).status).toBe('pending');
  });

  it('shows a pending payment past expires_at as expired on read, with expired_at = expires_at', async () => {
    const clock = new FakeClock();
    const { clientId, txn } = await pendingQris(clock);
    clock.advanceMinutes(16);
    const read = await getTransaction({ db: testDb(), clientId, clock }, txn.id);
    expect(read.status).toBe('expired');
    expect(read.expired_at).toBe(txn.expires_at);
  });

  it('lists it under status=expired and not under status=pending', async () => {
    const clock = new FakeClock();
    const { clientId, txn } = await pendingQris(clock);
    expect(await list(clientId, clock, { status: 'pending' })).toEqual([txn.id]);
    clock.advanceMinutes(16);
    expect(await list(clientId, clock, { status: 'pending' })).toEqual([]);
    expect(await list(clientId, clock, { status: 'expired' })).toEqual([txn.id]);
    expect(await list(clientId, clock, { status: 'pending,expired' })).toEqual([txn.id]);
  });

  it('refuses to cancel, settle, fail or expire it, naming the status expired', async () => {
    const clock = new FakeClock();
    const { clientId, txn } = await pendingQris(clock);
    clock.advanceMinutes(16);
    const attempts = [
      () => cancelTransaction({ db: testDb(), clientId, clock, cause: NO_CAUSE }, txn.id),
      () => simulateOutcome({ db: testDb(), clientId, clock, cause: NO_CAUSE }, txn.id, 'settle'),
      () => simulateOutcome({ db: testDb(), clientId, clock, cause: NO_CAUSE }, txn.id, 'fail'),
      () => simulateOutcome({ db: testDb(), clientId, clock, cause: NO_CAUSE }, txn.id, 'expire'),
    ];
    for (const attempt of attempts) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidStateError);
      expect((error as Error).message).toBe(
        `Cannot ${['cancel', 'settle', 'fail', 'expire'][attempts.indexOf(attempt)]} a transaction whose status is expired`,
      );
    }
  });

  it('honours expiry_minutes from the request', async () => {
    const clock = new FakeClock();
    const { clientId } = await newClient();
    const input = CreatePaymentBody.parse(paymentBody({ expiry_minutes: 1 }));
    const txn = await createPayment({ db: testDb(), clientId, clock, cause: NO_CAUSE }, input);
    clock.advanceMinutes(1);
    expect((await getTransaction({ db: testDb(), clientId, clock }, txn.id)).status).toBe('expired');
  });
});
