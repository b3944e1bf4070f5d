import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { decodeTime } from 'ulid';
import { describe, expect, it } from 'vitest';
import { keys } from '../../lib/db/keys';
import { NO_CAUSE } from '../../lib/events/event';
import { EVENT_TTL_SECONDS, TAIL_SEND_WINDOW_MS } from '../../lib/events/event-recorder';
import { SendWindowClosedError } from '../../lib/errors';
import { apiErrorOf } from '../../lib/http/errors';
import { CreatePaymentBody } from '../../lib/payments/create-payment-body';
import { createPayment, getTransaction, simulateOutcome } from '../../lib/payments/payments';
import { FakeClock } from '../support/clock';
import { recordedEventsOf } from '../support/events';
import { faultyDb, sdkError } from '../support/faults';
import { newClient, testDb } from '../support/fixtures';
import { paymentBody } from '../support/payments';

// Every write that records an event must be sent within TAIL_SEND_WINDOW_MS of the event's
// recording time (the ULID time of its id), each attempt the SDK makes included, or not at all:
// that is what lets `GET /events?order=asc` move past an instant for good (docs/decisions/).
// The clock is the injected one; the faults move it instead of sleeping.

async function pendingPayment(clock: FakeClock) {
  const { clientId } = await newClient();
  const txn = await createPayment({ db: testDb(), clientId, clock, cause: NO_CAUSE }, CreatePaymentBody.parse(paymentBody()));
  // Events of the same millisecond sort by their random part; the next change comes a moment later.
  clock.advanceMs(1);
  return { clientId, txn };
}

const throttled = () => sdkError('ThrottlingException', { $metadata: { httpStatusCode: 400 }, $fault: 'client' });

describe('the send window of a write that records events', () => {
  it('sends a write whose attempt starts within the window, and records its event', async () => {
    const clock = new FakeClock();
    const { clientId, txn } = await pendingPayment(clock);
    const db = faultyDb(async (command, send) => {
      // Slow, but not too slow: the write goes out just inside the window.
      if (command === 'TransactWriteItemsCommand') clock.advanceMs(TAIL_SEND_WINDOW_MS);
      return send();
    });

    const settled = await simulateOutcome({ db, clientId, clock, cause: NO_CAUSE }, txn.id, 'settle');

    expect(settled.status).toBe('settled');
    expect((await recordedEventsOf(clientId, txn.id)).map((e) => e.type)).toEqual(['payment.created', 'payment.settled']);
  });

  it('does not send a write whose attempt would start after the window: 429 RATE_LIMITED with Retry-After, nothing written', async () => {
    const clock = new FakeClock();
    const { clientId, txn } = await pendingPayment(clock);
    let sent = false;
    const db = faultyDb(async (command, send) => {
      if (command !== 'TransactWriteItemsCommand') return send();
      clock.advanceMs(TAIL_SEND_WINDOW_MS + 1);
      const result = await send();
      sent = true;
      return result;
    });

    const attempt = simulateOutcome({ db, clientId, clock, cause: NO_CAUSE }, txn.id, 'settle');

    await expect(attempt).rejects.toBeInstanceOf(SendWindowClosedError);
    await expect(attempt.catch(apiErrorOf)).resolves.toMatchObject({ code: 'RATE_LIMITED', status: 429, headers: { 'Retry-After': '1' } });
    expect(sent).toBe(false);
    expect(await getTransaction({ db: testDb(), clientId, clock }, txn.id)).toEqual(txn);
    expect((await recordedEventsOf(clientId, txn.id)).map((e) => e.type)).toEqual(['payment.created']);
  });

  it("checks every attempt of the SDK's own retries: a throttled write retried after the window is not sent (429)", async () => {
    const clock = new FakeClock();
    const { clientId, txn } = await pendingPayment(clock);
    let attempts = 0;
    const db = faultyDb(async (command, send) => {
      if (command !== 'TransactWriteItemsCommand') return send();
      attempts += 1;
      if (attempts === 1) {
        // DynamoDB refuses the first attempt (nothing written); the SDK waits, past the window.
        clock.advanceMs(TAIL_SEND_WINDOW_MS + 1);
        throw throttled();
      }
      return send();
    });

    const attempt = simulateOutcome({ db, clientId, clock, cause: NO_CAUSE }, txn.id, 'fail');

    await expect(attempt).rejects.toBeInstanceOf(SendWindowClosedError);
    expect((await getTransaction({ db: testDb(), clientId, clock }, txn.id)).status).toBe('pending');
    expect((await recordedEventsOf(clientId, txn.id)).map((e) => e.type)).toEqual(['payment.created']);
  });

  it('lets the SDK retry a throttled write within the window, and records one event', async () => {
    const clock = new FakeClock();
    const { clientId, txn } = await pendingPayment(clock);
    let attempts = 0;
    const db = faultyDb(async (command, send) => {
      if (command !== 'TransactWriteItemsCommand') return send();
      attempts += 1;
      if (attempts === 1) throw throttled();
      return send();
    });

    const failed = await simulateOutcome({ db, clientId, clock, cause: NO_CAUSE }, txn.id, 'fail');

    expect(attempts).toBe(2);
    expect(failed.status).toBe('failed');
    expect((await recordedEventsOf(clientId, txn.id)).map((e) => e.type)).toEqual(['payment.created', 'payment.failed']);
  });

  it('answers an error of unknown outcome, not 429, when a retry after a lost answer would be late', async () => {
    const clock = new FakeClock();
    const { clientId, txn } = await pendingPayment(clock);
    let attempts = 0;
    let sent = 0;
    const db = faultyDb(async (command, send) => {
      if (command !== 'TransactWriteItemsCommand') return send();
      attempts += 1;
      const result = await send();
      sent += 1;
      if (attempts > 1) return result;
      // The write commits, its answer is lost, and the SDK's retry would go out after the window.
      clock.advanceMs(TAIL_SEND_WINDOW_MS + 1);
      throw sdkError('InternalServerError', { $metadata: { httpStatusCode: 500 }, $fault: 'server' });
    });

    const error = await simulateOutcome({ db, clientId, clock, cause: NO_CAUSE }, txn.id, 'expire').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(SendWindowClosedError);
    expect(attempts).toBe(2);
    expect(sent).toBe(1);
    // It did happen, once: a retry with an Idempotency-Key would have found out.
    expect((await getTransaction({ db: testDb(), clientId, clock }, txn.id)).status).toBe('expired');
    expect((await recordedEventsOf(clientId, txn.id)).map((e) => e.type)).toEqual(['payment.created', 'payment.expired']);
  });
});

describe('an event item', () => {
  it('is deleted by DynamoDB 30 days after it was recorded: ttl = recording time + 30 days, in epoch seconds rounded up', async () => {
    const clock = new FakeClock(new Date('2026-11-22T01:02:03.456Z'));
    const { clientId, txn } = await pendingPayment(clock);
    const [event] = await recordedEventsOf(clientId, txn.id);

    const { Item } = await testDb().doc.send(new GetCommand({ TableName: testDb().tableName, Key: keys.event(clientId, event!.id), ConsistentRead: true }));

    const recordedAt = decodeTime(event!.id.slice('evt_'.length));
    expect(recordedAt).toBe(Date.parse('2026-11-22T01:02:03.456Z'));
    expect(Item!.ttl).toBe(Math.ceil(recordedAt / 1000) + EVENT_TTL_SECONDS);
    expect(Item!.ttl).toBe(Date.parse('2026-12-22T01:02:04Z') / 1000);
  });
});
