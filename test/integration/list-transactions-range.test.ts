import { describe, expect, it } from 'vitest';
import { NO_CAUSE } from '../../lib/events/event';
import { DEFAULT_LIMITS } from '../../lib/limits';
import { createPayment, listTransactions } from '../../lib/payments/payments';
import { CreatePaymentBody } from '../../lib/payments/create-payment-body';
import { ListTransactionsQuery } from '../../lib/objects/list-queries';
import { FakeClock } from '../support/clock';
import { newClient, testDb } from '../support/fixtures';
import { paymentBody } from '../support/payments';

describe('GET /transactions by creation time (clock moved, no sleeping)', () => {
  it('filters by created_from (inclusive) and created_to (exclusive)', async () => {
    const clock = new FakeClock();
    const { clientId } = await newClient();
    const create = async () => {
      const txn = await createPayment({ db: testDb(), clientId, clock, cause: NO_CAUSE }, CreatePaymentBody.parse(paymentBody()));
      clock.advanceMinutes(1);
      return txn;
    };
    const first = await create();
    const second = await create();
    const third = await create();
    const ids = async (query: Record<string, string>) =>
      (await listTransactions({ db: testDb(), clientId, clock }, ListTransactionsQuery.parse(query), DEFAULT_LIMITS.readUnitsPerRequest)).data.map((t) => t.id);

    expect(await ids({ created_from: second.created_at })).toEqual([third.id, second.id]);
    expect(await ids({ created_to: second.created_at })).toEqual([first.id]);
    expect(await ids({ created_from: second.created_at, created_to: third.created_at })).toEqual([second.id]);
    expect(await ids({ created_from: '2000-01-01T00:00:00+07:00', created_to: first.created_at })).toEqual([]);
    expect(await ids({ order_id: second.order_id, created_from: first.created_at })).toEqual([second.id]);
    expect(await ids({ order_id: second.order_id, created_to: second.created_at })).toEqual([]);
    expect(await ids({ order_id: 'NO-SUCH-ORDER' })).toEqual([]);
  });
});
