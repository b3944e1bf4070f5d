import { describe, expect, it } from 'vitest';
import { clientClock } from '../../lib/clock';
import type { Db } from '../../lib/db/db';
import type { DueItem } from '../../lib/db/due';
import { clientPartition, keys } from '../../lib/db/keys';
import { NO_CAUSE } from '../../lib/events/event';
import { ConcurrentWriteError } from '../../lib/errors';
import type { PageAction } from '../../lib/contracts/page-actions';
import { submitPaymentPage } from '../../lib/payment-page/payment-page';
import { CreatePaymentBody } from '../../lib/payments/create-payment-body';
import { applyDuePayment } from '../../lib/payments/due-payment';
import { InvalidStateError } from '../../lib/payments/errors';
import { resolvePaymentToken } from '../../lib/payments/payment-token';
import { cancelTransaction, createPayment, getTransaction, simulateOutcome } from '../../lib/payments/payments';
import { sweep } from '../../lib/sweep/sweep';
import { FakeClock } from '../support/clock';
import { recordedEventsOf } from '../support/events';
import { newClient, testDb } from '../support/fixtures';
import { paymentBody } from '../support/payments';

/**
 * A payment page action is the simulate endpoint's transition (docs/api.md §16): racing a cancel,
 * a simulate or the expiry on the same payment, exactly one of them wins and records one event, and
 * the page's loser is sent to the page (303 to itself), which shows the winner. The use cases are
 * called as their functions call them, on DynamoDB Local; payments expire in a minute, so the run's
 * own sweep never meets them (as in expiry-sweep.test.ts).
 */

const ROUNDS = 5;

async function pendingPayment(clientId: string, clock: FakeClock, overrides: Record<string, unknown> = {}) {
  const input = CreatePaymentBody.parse(paymentBody({ expiry_minutes: 1, ...overrides }));
  const transaction = await createPayment({ db: testDb(), clientId, clock, cause: NO_CAUSE }, input);
  return { transaction, token: transaction.payment_url!.split('/pay/')[1]! };
}

/** The page's action as its function runs it: the token looked up, then the action on what it read. */
async function pageAction(token: string, clock: FakeClock, fields: { action: PageAction } & Record<string, string>) {
  const stored = (await resolvePaymentToken(testDb(), token))!;
  return submitPaymentPage(testDb(), {
    holder: { clientId: stored.clientId, objectId: stored.transaction.id, stored },
    clientName: 'Toko Balapan',
    // As the page's limits step reads it: this clock, no offset, no webhook endpoint.
    clock: clientClock(clock, 0, 0),
    requestId: `race-${Math.random()}`,
    params: { token },
    body: fields,
  });
}

/** The sweep's payment handler for this client's items only. */
const expiringFor = (clientId: string) => ({
  [keys.transactionSortKey('')]: (db: Db, item: DueItem, now: Date) =>
    item.pk === clientPartition(clientId) ? applyDuePayment(db, item, now) : Promise.resolve(),
});

/** The transitions recorded for the payment (its creation left out), and its status now. */
async function outcome(clientId: string, transactionId: string, clock: FakeClock) {
  const types = (await recordedEventsOf(clientId, transactionId)).map((e) => e.type).filter((type) => type !== 'payment.created');
  return { types, status: (await getTransaction({ db: testDb(), clientId, clock }, transactionId)).status };
}

/** A rival's failure as a loser's: refused for the state the winner left, or a write conflict it may be retried after. */
const lostRace = (result: PromiseSettledResult<unknown>) =>
  result.status === 'rejected' && [InvalidStateError, ConcurrentWriteError].some((e) => result.reason instanceof e);

describe('a payment page action racing', () => {
  it.each(Array.from({ length: ROUNDS }, (_, i) => i + 1))('a cancel: exactly one wins, with one event (round %i)', async () => {
    const { clientId } = await newClient();
    const clock = new FakeClock();
    const { transaction, token } = await pendingPayment(clientId, clock, { return_url: 'https://shop.example.com/back' });

    const [page, cancel] = await Promise.allSettled([
      pageAction(token, clock, { action: 'pay' }),
      cancelTransaction({ db: testDb(), clientId, clock, cause: NO_CAUSE }, transaction.id),
    ]);

    const { types, status } = await outcome(clientId, transaction.id, clock);
    expect(types).toHaveLength(1);
    expect(types[0]).toBe(`payment.${status}`);
    expect(['settled', 'cancelled']).toContain(status);
    expect(page.status).toBe('fulfilled');
    const location = page.status === 'fulfilled' ? page.value.headers.Location : undefined;
    if (status === 'settled') {
      expect(location).toContain('status=settled');
      expect(lostRace(cancel)).toBe(true);
    } else {
      // The page lost: its browser is sent to the page, which redirects with the winner's state (lost at
      // the write), or straight to the shop with it (the cancel was done before the page read the payment).
      expect([token, `https://shop.example.com/back?transaction_id=${transaction.id}&order_id=${transaction.order_id}&status=cancelled`]).toContain(location);
      expect(cancel.status).toBe('fulfilled');
    }
  });

  it.each(Array.from({ length: ROUNDS }, (_, i) => i + 1))('simulate: exactly one wins, with one event (round %i)', async () => {
    const { clientId } = await newClient();
    const clock = new FakeClock();
    const { transaction, token } = await pendingPayment(clientId, clock);

    const [page, simulated] = await Promise.allSettled([
      pageAction(token, clock, { action: 'fail' }),
      simulateOutcome({ db: testDb(), clientId, clock, cause: NO_CAUSE }, transaction.id, 'settle'),
    ]);

    const { types, status } = await outcome(clientId, transaction.id, clock);
    expect(types).toHaveLength(1);
    expect(types[0]).toBe(`payment.${status}`);
    expect(page.status).toBe('fulfilled');
    if (status === 'failed') expect(lostRace(simulated)).toBe(true);
    else expect(status).toBe('settled');
    // Without a return_url, winner or loser, the page's browser comes back to the page: its receipt.
    if (page.status === 'fulfilled') expect(page.value).toMatchObject({ statusCode: 303, headers: { Location: token } });
  });

  it.each(Array.from({ length: ROUNDS }, (_, i) => i + 1))('the expiry at its instant: exactly one wins, with one event (round %i)', async () => {
    const { clientId } = await newClient();
    const clock = new FakeClock();
    const { transaction, token } = await pendingPayment(clientId, clock, { payment_method: 'card', payment_channel: 'credit_card', amount: 100_000 });
    const expiry = new Date(transaction.expires_at);
    const justBefore = new FakeClock(new Date(expiry.getTime() - 1));
    const card = { action: 'card', card_number: '4111 1111 1111 1111', card_expiry: '12/39', card_cvc: '123', card_name: 'Rina' } as const;

    const [page] = await Promise.allSettled([
      pageAction(token, justBefore, card),
      ...Array.from({ length: 5 }, () => sweep(testDb(), expiry, expiringFor(clientId))),
    ]);

    const { types, status } = await outcome(clientId, transaction.id, new FakeClock(expiry));
    expect(types).toHaveLength(1);
    expect(types[0]).toBe(`payment.${status}`);
    expect(['settled', 'expired']).toContain(status);
    expect(page.status === 'fulfilled' || lostRace(page)).toBe(true);
  });

  it.each(Array.from({ length: ROUNDS }, (_, i) => i + 1))("a 3-D Secure challenge's Complete and a cancel: one wins, with one event (round %i)", async () => {
    const { clientId } = await newClient();
    const clock = new FakeClock();
    const { transaction, token } = await pendingPayment(clientId, clock, { payment_method: 'card', payment_channel: 'credit_card', amount: 100_000 });
    const held = await pageAction(token, clock, { action: 'card', card_number: '4000000000003220', card_expiry: '12/39', card_cvc: '123', card_name: 'Rina' });
    expect(held.statusCode).toBe(303);

    await Promise.allSettled([
      pageAction(token, clock, { action: '3ds-complete' }),
      pageAction(token, clock, { action: '3ds-complete' }),
      cancelTransaction({ db: testDb(), clientId, clock, cause: NO_CAUSE }, transaction.id),
    ]);

    const { types, status } = await outcome(clientId, transaction.id, clock);
    expect(types).toEqual([`payment.${status}`]);
    expect(['settled', 'cancelled']).toContain(status);
  });
});
