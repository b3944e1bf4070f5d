import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../lib/auth/key-repository';
import { readClient } from '../../lib/auth/client-clock';
import { clientClock } from '../../lib/clock';
import type { Db } from '../../lib/db/db';
import { keys } from '../../lib/db/keys';
import { getItem, updateItem } from '../../lib/db/requests';
import { NO_CAUSE } from '../../lib/events/event';
import { CreatePaymentBody } from '../../lib/payments/create-payment-body';
import { createPayment, getTransaction } from '../../lib/payments/payments';
import { advanceClock, sweepAdvancedClients } from '../../lib/sandbox/clock-advance';
import { FakeClock } from '../support/clock';
import { faultyDb } from '../support/faults';
import { isolatedTable } from '../support/isolated-table';
import { paymentBody } from '../support/payments';

/**
 * The sweep's look at the clients whose clocks run ahead (lib/sandbox/clock-advance.ts), on a table
 * of its own (no sweep of the run's sandbox acts on it) and an injected real clock: a pass looks at
 * a client on every pass of the 30 s after its advance, while requests begun before the advance may
 * still write, and then only when one of its markers falls due in real time; a client with nothing
 * left to fall due is not looked at again until it advances.
 */

let table: Awaited<ReturnType<typeof isolatedTable>>;
beforeAll(async () => {
  table = await isolatedTable('clock-looks');
});
afterAll(() => table.drop());

const T0 = new Date('2030-01-01T00:00:00.000Z');
const at = (ms: number) => new FakeClock(new Date(T0.getTime() + ms));
const SECOND = 1_000;
const MINUTE = 60 * SECOND;

const pass = (ms: number, db: Db = table.db) => sweepAdvancedClients(db, at(ms));

/** A new client on the table, and a pending payment made at T0 on a clock `offset` ms ahead, expiring `expiryMinutes` later on it. */
async function clientWithPayment(expiryMinutes: number, offset = 0) {
  const { id: clientId } = await createClient(table.db, 'looks');
  const payment = () =>
    createPayment(
      { db: table.db, clientId, clock: clientClock(at(0), offset), cause: NO_CAUSE },
      CreatePaymentBody.parse(paymentBody({ expiry_minutes: expiryMinutes })),
    );
  return { clientId, payment };
}

const advance = (clientId: string, seconds: number, db: Db = table.db) => advanceClock({ db, clientId, clock: at(0), cause: NO_CAUSE }, { seconds });

const lookOf = async (clientId: string) => (await getItem(table.db, { Key: keys.client(clientId), ConsistentRead: true }))?.due_sk;

// The passes of each test look at its own client only: the others' looks are at other times or done.
describe.sequential('the sweep looks at an advanced client', () => {
  it('on every pass of the 30 s after its advance, then when its next marker falls due, and no more once none is left', async () => {
    const { clientId, payment } = await clientWithPayment(60);
    const txn = await payment();
    // 30 minutes ahead: the payment now falls due 30 minutes from real T0, not the 60 its index says.
    await advance(clientId, 30 * 60);

    expect(await pass(1 * SECOND)).toEqual({ clients: 1, handled: 0, failed: 0 });
    expect(await pass(29 * SECOND)).toEqual({ clients: 1, handled: 0, failed: 0 });
    // The last look of the window writes the next: when the payment falls due.
    expect(await pass(31 * SECOND)).toEqual({ clients: 1, handled: 0, failed: 0 });
    expect(await pass(32 * SECOND)).toEqual({ clients: 0, handled: 0, failed: 0 });
    expect(await pass(29 * MINUTE)).toEqual({ clients: 0, handled: 0, failed: 0 });

    expect(await pass(30 * MINUTE + SECOND)).toEqual({ clients: 1, handled: 1, failed: 0 });
    const clock = clientClock(at(30 * MINUTE + SECOND), (await readClient(table.db, clientId)).offset);
    expect(await getTransaction({ db: table.db, clientId, clock }, txn.id)).toMatchObject({ status: 'expired', expired_at: txn.expires_at });

    // Nothing left to fall due: its entry is gone, its clock still ahead.
    expect(await lookOf(clientId)).toBeUndefined();
    expect((await readClient(table.db, clientId)).offset).toBe(30 * MINUTE);
    expect(await pass(90 * MINUTE)).toEqual({ clients: 0, handled: 0, failed: 0 });
  });

  it('finds a payment that a request begun before the advance wrote after its first look, on the next pass', async () => {
    const { clientId, payment } = await clientWithPayment(10);
    await advance(clientId, 30 * 60);
    expect(await pass(1 * SECOND)).toEqual({ clients: 1, handled: 0, failed: 0 });

    // Made on the clock as it was before the advance: in the index 10 minutes from T0, due on the client's clock already.
    const straggler = await payment();
    expect(await pass(2 * SECOND)).toEqual({ clients: 1, handled: 1, failed: 0 });
    const clock = clientClock(at(2 * SECOND), 30 * MINUTE);
    expect(await getTransaction({ db: table.db, clientId, clock }, straggler.id)).toMatchObject({ status: 'expired', expired_at: straggler.expires_at });

    // The window over, nothing is left to fall due: its entry goes.
    expect(await pass(31 * SECOND)).toEqual({ clients: 1, handled: 0, failed: 0 });
    expect(await lookOf(clientId)).toBeUndefined();
  });

  it('as written before looks had times (its client id alone), on the next pass, and writes its next look', async () => {
    const { clientId, payment } = await clientWithPayment(60);
    await payment();
    await advance(clientId, 30 * 60);
    await updateItem(table.db, {
      Key: keys.client(clientId),
      UpdateExpression: 'SET due_sk = :id REMOVE clock_advanced_at',
      ExpressionAttributeValues: { ':id': clientId },
    });

    expect(await pass(1 * SECOND)).toEqual({ clients: 1, handled: 0, failed: 0 });
    expect(await lookOf(clientId)).toBe(keys.advancedClient(clientId, new Date(T0.getTime() + 30 * MINUTE).toISOString()).due_sk);
  });

  it('leaves the look an advance wrote while it looked: the advance moved the clock, and its own look stands', async () => {
    const { clientId, payment } = await clientWithPayment(60);
    await payment();
    await advance(clientId, 30 * 60);
    let advancedMeanwhile = false;
    const racing = faultyDb(async (command, send) => {
      // Just before the look writes the next one, another request advances the clock 10 minutes more.
      if (command === 'UpdateItemCommand' && !advancedMeanwhile) {
        advancedMeanwhile = true;
        await advance(clientId, 10 * 60);
      }
      return send();
    }, table.tableName);

    // Once the window is over, the look writes the next one: the advance comes just before that write.
    expect(await pass(31 * SECOND, racing)).toEqual({ clients: 1, handled: 0, failed: 0 });
    expect(advancedMeanwhile).toBe(true);
    expect((await readClient(table.db, clientId)).offset).toBe(40 * MINUTE);
    expect(await lookOf(clientId)).toBe(keys.advancedClient(clientId, T0.toISOString()).due_sk);
  });
});
