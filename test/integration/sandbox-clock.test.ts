import { describe, expect, it } from 'vitest';
import { clientClock } from '../../lib/clock';
import { NO_CAUSE } from '../../lib/events/event';
import { ValidationError } from '../../lib/errors';
import { CreatePaymentBody } from '../../lib/payments/create-payment-body';
import { cancelTransaction, createPayment, getTransaction, simulateOutcome } from '../../lib/payments/payments';
import { readClient } from '../../lib/auth/client-clock';
import { advanceClock } from '../../lib/sandbox/clock-advance';
import { apiErrorOf } from '../../lib/http/errors';
import { AdvanceUnfinishedError } from '../../lib/sandbox/errors';
import { FakeClock } from '../support/clock';
import { newClient, testDb } from '../support/fixtures';
import { recordedEvents } from '../support/events';
import { faultyDb, transactionConflict } from '../support/faults';
import { paymentBody } from '../support/payments';
import { kindOf, partitionItems } from '../support/partition';

/** The clock's use cases on DynamoDB Local, on an injected real clock that stands still. */

describe('advanceClock', () => {
  it("refuses a `to` equal to the client's now: the clock never stands still nor goes back", async () => {
    const { clientId } = await newClient();
    const real = new FakeClock();
    await advanceClock({ db: testDb(), clientId, clock: real, cause: NO_CAUSE }, { seconds: 60 });
    const now = clientClock(real, (await readClient(testDb(), clientId)).offset).now();

    const refused = advanceClock({ db: testDb(), clientId, clock: real, cause: NO_CAUSE }, { to: now });

    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toMatchObject({ details: [{ field: 'to', message: expect.stringContaining(now.toISOString()) }] });
    expect((await readClient(testDb(), clientId)).offset).toBe(60_000);
  });

  it('keeps both of two racing advances: the loser reads the clock again and moves on from there', async () => {
    const { clientId } = await newClient();
    const real = new FakeClock();

    const answers = await Promise.all([
      advanceClock({ db: testDb(), clientId, clock: real, cause: NO_CAUSE }, { seconds: 10 }),
      advanceClock({ db: testDb(), clientId, clock: real, cause: NO_CAUSE }, { seconds: 20 }),
    ]);

    expect((await readClient(testDb(), clientId)).offset).toBe(30_000);
    expect(answers.map((a) => a.offset_seconds).sort((a, b) => a - b)).toEqual(expect.arrayContaining([30]));
  });

  it("dates what a request does on the client's clock, built on the injected real clock", async () => {
    const { clientId } = await newClient();
    const real = new FakeClock(new Date('2030-01-01T00:00:00.000Z'));
    await advanceClock({ db: testDb(), clientId, clock: real, cause: NO_CAUSE }, { seconds: 86_400 });
    const clock = clientClock(real, (await readClient(testDb(), clientId)).offset);

    const txn = await createPayment({ db: testDb(), clientId, clock, cause: NO_CAUSE }, CreatePaymentBody.parse(paymentBody()));

    expect(txn.created_at).toBe('2030-01-02T00:00:00.000Z');
    expect((await getTransaction({ db: testDb(), clientId, clock }, txn.id)).status).toBe('pending');
    // Past its expiry on that clock: read as expired, as for any client.
    real.advanceMinutes(1_440);
    expect((await getTransaction({ db: testDb(), clientId, clock }, txn.id)).status).toBe('expired');
  });

  it('answers 503 when its function runs out of time midway, having moved nothing; sent again, it goes on from there', async () => {
    const { clientId } = await newClient();
    const real = new FakeClock(new Date('2031-03-01T00:00:00.000Z'));
    const clock = clientClock(real, 0);
    const payments: Awaited<ReturnType<typeof createPayment>>[] = [];
    for (let n = 0; n < 3; n++) payments.push(await createPayment({ db: testDb(), clientId, clock, cause: NO_CAUSE }, CreatePaymentBody.parse(paymentBody())));
    const stored = async () =>
      Promise.all(payments.map(async (p) => (await getTransaction({ db: testDb(), clientId, clock: clientClock(real, 0) }, p.id)).status));
    // Time for two of the three, then none.
    let checks = 0;
    const remainingMs = () => (++checks <= 2 ? 60_000 : 0);

    const cut = advanceClock({ db: testDb(), clientId, clock, cause: NO_CAUSE }, { seconds: 2 * 86_400 }, remainingMs);

    await expect(cut).rejects.toBeInstanceOf(AdvanceUnfinishedError);
    await expect(cut.catch(apiErrorOf)).resolves.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', headers: { 'Retry-After': '0' } });
    expect((await readClient(testDb(), clientId)).offset).toBe(0);
    // Read on the real clock, where none has expired yet: only what the cut advance stored shows.
    expect((await stored()).sort()).toEqual(['expired', 'expired', 'pending']);

    const again = await advanceClock({ db: testDb(), clientId, clock, cause: NO_CAUSE }, { seconds: 2 * 86_400 });

    expect(again.offset_seconds).toBe(2 * 86_400);
    expect(await stored()).toEqual(['expired', 'expired', 'expired']);
  });

  it('answers 503 after the chunks under way when time runs out over several of them: each payment applied once, the rest applied by the next call', async () => {
    const { clientId } = await newClient();
    const real = new FakeClock(new Date('2031-04-01T00:00:00.000Z'));
    const clock = clientClock(real, 0);
    const context = { db: testDb(), clientId, clock, cause: NO_CAUSE };
    const ids: string[] = [];
    for (let n = 0; n < 40; n++) ids.push((await createPayment(context, CreatePaymentBody.parse(paymentBody()))).id);
    const statuses = async () => Promise.all(ids.map(async (id) => (await getTransaction({ db: testDb(), clientId, clock: clientClock(real, 0) }, id)).status));
    // Time for 35 markers: a whole chunk of 33 and two of the next, then none.
    let checks = 0;
    const remainingMs = () => (++checks <= 35 ? 60_000 : 0);

    const cut = await advanceClock(context, { seconds: 2 * 86_400 }, remainingMs).catch((error: unknown) => error);

    expect(cut).toBeInstanceOf(AdvanceUnfinishedError);
    expect((cut as AdvanceUnfinishedError).applied).toBe(35);
    expect((await readClient(testDb(), clientId)).offset).toBe(0);
    expect((await statuses()).filter((s) => s === 'expired')).toHaveLength(35);

    await advanceClock(context, { seconds: 2 * 86_400 });

    expect(await statuses()).toEqual(ids.map(() => 'expired'));
    const expired = (await recordedEvents(clientId)).filter((e) => e.type === 'payment.expired');
    expect(expired.map((e) => e.data.object.id).sort()).toEqual([...ids].sort());
  });

  it('fails with the error of a chunk whose write failed only once the chunks under way are done, having moved nothing; sent again, each payment is applied once', async () => {
    const { clientId } = await newClient();
    const real = new FakeClock(new Date('2031-05-01T00:00:00.000Z'));
    const clock = clientClock(real, 0);
    const context = { clientId, clock, cause: NO_CAUSE };
    const ids: string[] = [];
    for (let n = 0; n < 40; n++) ids.push((await createPayment({ ...context, db: testDb() }, CreatePaymentBody.parse(paymentBody()))).id);
    // The first chunk's write is lost to a DynamoDB failure; the second's goes through.
    const lost = new Error('DynamoDB failed');
    let writes = 0;
    const db = faultyDb(async (command, send) => {
      if (command === 'TransactWriteItemsCommand' && ++writes === 1) throw lost;
      return send();
    });

    await expect(advanceClock({ ...context, db }, { seconds: 2 * 86_400 })).rejects.toBe(lost);
    expect((await readClient(testDb(), clientId)).offset).toBe(0);
    // The second chunk (the last 7 in due order) was under way: it finished before the advance answered.
    const stored = await Promise.all(ids.map(async (id) => (await getTransaction({ db: testDb(), clientId, clock: clientClock(real, 0) }, id)).status));
    expect(stored.filter((status) => status === 'expired')).toHaveLength(7);

    await advanceClock({ ...context, db: testDb() }, { seconds: 2 * 86_400 });

    for (const id of ids) expect((await getTransaction({ db: testDb(), clientId, clock: clientClock(real, 0) }, id)).status).toBe('expired');
    const expired = (await recordedEvents(clientId)).filter((e) => e.type === 'payment.expired');
    expect(expired.map((e) => e.data.object.id).sort()).toEqual([...ids].sort());
  });
});

describe('applying what falls due in an advance', () => {
  it('expires every payment due, those due at one instant together, each with one payment.expired dated its own due time', async () => {
    const { clientId } = await newClient();
    const real = new FakeClock(new Date('2032-05-01T00:00:00.000Z'));
    const clock = clientClock(real, 0);
    // Twelve made at one instant (due together), then four a minute later (due a minute after them).
    const early: string[] = [];
    for (let n = 0; n < 12; n++)
      early.push((await createPayment({ db: testDb(), clientId, clock, cause: NO_CAUSE }, CreatePaymentBody.parse(paymentBody()))).id);
    real.advanceMinutes(1);
    const late: string[] = [];
    for (let n = 0; n < 4; n++) late.push((await createPayment({ db: testDb(), clientId, clock, cause: NO_CAUSE }, CreatePaymentBody.parse(paymentBody()))).id);

    await advanceClock({ db: testDb(), clientId, clock, cause: NO_CAUSE }, { seconds: 2 * 86_400 });

    const expired = (await recordedEvents(clientId)).filter((e) => e.type === 'payment.expired');
    expect(expired.map((e) => e.data.object.id).sort()).toEqual([...early, ...late].sort());
    for (const event of expired) expect(event.created_at).toBe((event.data.object as { expires_at: string }).expires_at);
    expect(new Set(expired.map((e) => e.created_at)).size).toBe(2);
  });

  it('deletes the markers that cancels and settles left, among the payments it expires, and records nothing for them', async () => {
    const { clientId } = await newClient();
    const real = new FakeClock(new Date('2032-06-01T00:00:00.000Z'));
    const clock = clientClock(real, 0);
    const context = { db: testDb(), clientId, clock, cause: NO_CAUSE };
    const ids: string[] = [];
    for (let n = 0; n < 40; n++) ids.push((await createPayment(context, CreatePaymentBody.parse(paymentBody()))).id);
    // Every third is cancelled, every third settled: their markers stay (decision 0196).
    for (const [n, id] of ids.entries()) {
      if (n % 3 === 1) await cancelTransaction(context, id);
      if (n % 3 === 2) await simulateOutcome(context, id, 'settle');
    }
    expect((await partitionItems(clientId)).filter((item) => kindOf(item) === 'DUE')).toHaveLength(40);

    await advanceClock(context, { seconds: 2 * 86_400 });

    expect((await partitionItems(clientId)).filter((item) => kindOf(item) === 'DUE')).toEqual([]);
    const expired = (await recordedEvents(clientId)).filter((e) => e.type === 'payment.expired');
    expect(expired.map((e) => e.data.object.id).sort()).toEqual(ids.filter((_, n) => n % 3 === 0).sort());
    for (const [n, id] of ids.entries())
      expect((await getTransaction({ db: testDb(), clientId, clock }, id)).status).toBe(['expired', 'cancelled', 'settled'][n % 3]);
  });

  it('applies seventy payments due one after another in one call, over several writes at once: each dated its own due time, recorded in due order', async () => {
    const { clientId } = await newClient();
    const real = new FakeClock(new Date('2032-07-01T00:00:00.000Z'));
    const clock = clientClock(real, 0);
    const context = { db: testDb(), clientId, clock, cause: NO_CAUSE };
    // A settle due 95 s in, among expiries due every second from 60.5 s (each made a second after the one before, expiring a minute later).
    const settle = await createPayment(
      context,
      CreatePaymentBody.parse(paymentBody({ expiry_minutes: 10, sandbox: { outcome: 'settle', after_seconds: 95 } })),
    );
    real.advanceMs(500);
    const expiring: Awaited<ReturnType<typeof createPayment>>[] = [];
    for (let n = 0; n < 70; n++) {
      expiring.push(await createPayment(context, CreatePaymentBody.parse(paymentBody({ expiry_minutes: 1 }))));
      real.advanceMs(1_000);
    }
    // The real clock stands still from here on: every write of the advance is recorded in the same real millisecond.
    const answer = await advanceClock(context, { seconds: 86_400 });

    expect(answer.offset_seconds).toBe(86_400);
    const due = [
      { type: 'payment.settled', id: settle.id, at: new Date(Date.parse(settle.created_at) + 95_000).toISOString() },
      ...expiring.map((p) => ({ type: 'payment.expired', id: p.id, at: p.expires_at })),
    ].sort((a, b) => a.at.localeCompare(b.at));
    expect(due.findIndex((d) => d.id === settle.id)).toBe(35);
    const inRecordingOrder = (await recordedEvents(clientId)).filter((e) => e.type !== 'payment.created');
    expect(inRecordingOrder.map((e) => ({ type: e.type, id: e.data.object.id, at: e.created_at }))).toEqual(due);
    const now = clientClock(real, 86_400_000);
    for (const p of expiring) expect((await getTransaction({ db: testDb(), clientId, clock: now }, p.id)).expired_at).toBe(p.expires_at);
  });

  it('stores what a concurrent write disturbed one payment at a time: a collision of the write of several costs nothing but time', async () => {
    const { clientId } = await newClient();
    const real = new FakeClock(new Date('2032-06-01T00:00:00.000Z'));
    const clock = clientClock(real, 0);
    const ids: string[] = [];
    for (let n = 0; n < 5; n++) ids.push((await createPayment({ db: testDb(), clientId, clock, cause: NO_CAUSE }, CreatePaymentBody.parse(paymentBody()))).id);
    // The first TransactWriteItems of several expiries meets another transaction; the rest go through.
    let collided = false;
    const db = faultyDb(async (command, send) => {
      if (command === 'TransactWriteItemsCommand' && !collided) {
        collided = true;
        throw transactionConflict(15);
      }
      return send();
    });

    await advanceClock({ db, clientId, clock, cause: NO_CAUSE }, { seconds: 2 * 86_400 });

    expect(collided).toBe(true);
    const expired = (await recordedEvents(clientId)).filter((e) => e.type === 'payment.expired');
    expect(expired.map((e) => e.data.object.id).sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await getTransaction({ db: testDb(), clientId, clock: clientClock(real, 0) }, id)).status).toBe('expired');
  });
});
