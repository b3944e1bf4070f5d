import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { attemptsOf, attemptsWhen } from '../support/deliveries';
import { call } from '../support/fixtures';
import { startDeliverySandbox, type DeliverySandbox } from '../support/delivery-sandbox';
import { paymentBody } from '../support/payments';
import { reverseOrderPromise, startReceiver, verified, webhookIdOf, type Answer, type Received, type Receiver } from '../support/webhook-receiver';

/**
 * Delivery chaos (docs/api.md §17, decisions 0266 and 0267) end to end through `npm start`'s
 * delivery: the stream poller feeds the dispatcher, the in-process timer makes what the plan holds
 * for later, the sweep runs; retries 1 s apart, so a retry never takes the contract's 10 s. Every
 * request is verified with the standardwebhooks library.
 */

let sandbox: DeliverySandbox;
beforeAll(async () => {
  sandbox = await startDeliverySandbox({ retryScheduleSeconds: [1, 1, 1, 1, 1], attemptTimeoutMs: 1_000 });
}, 60_000);
afterAll(() => sandbox?.close());

/**
 * A client of its own for one test, with its receivers closed when the test ends: the tests run side
 * by side (each describe is concurrent), so the contract's holds and the retries' seconds of one
 * overlap another's instead of adding up, and no test shares an endpoint, an event or a receiver.
 */
async function chaosClient(onTestFinished: TestContext['onTestFinished']) {
  const { key } = await sandbox.newClient();

  async function receiver(answer: (nth: number, request: Received) => Answer = () => 200): Promise<Receiver> {
    const started = await startReceiver(answer);
    onTestFinished(() => started.close());
    return started;
  }

  const send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    call(method, path, { key, body, headers, baseUrl: sandbox.baseUrl });

  async function register(url: string, chaos: Record<string, unknown>, enabled_events?: string[]): Promise<{ id: string; secret: string }> {
    const res = await send('POST', '/webhook/endpoints', { url, chaos, ...(enabled_events && { enabled_events }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }

  async function createPayment() {
    const res = await send('POST', '/payment/create', paymentBody());
    expect(res.status).toBe(201);
    return res.body.data;
  }

  /** The events of a transaction, oldest first. */
  async function eventsOf(transactionId: string) {
    const res = await send('GET', `/events?transaction_id=${transactionId}`);
    expect(res.status).toBe(200);
    return [...res.body.data].reverse() as { id: string; type: string; created_at: string }[];
  }

  return {
    receiver,
    send,
    register,
    createPayment,
    eventsOf,
    attemptsOf: (eventId: string) => attemptsOf(send, eventId),
    attemptsWhen: (eventId: string, done: (attempts: any[]) => boolean) => attemptsWhen(send, eventId, done),
  };
}

const typeOf = (secret: string, request: Received) => (verified(secret, request) as { type: string }).type;

describe.concurrent('chaos: duplicates', () => {
  it('sends every event twice with duplicates 1: same webhook-id and body, each an attempt of its own marked duplicate', async ({ onTestFinished }) => {
    const { receiver, send, register, createPayment, eventsOf, attemptsWhen } = await chaosClient(onTestFinished);
    const hooks = await receiver();
    const { id: endpointId, secret } = await register(hooks.url, { duplicates: 1 });
    const txn = await createPayment();
    expect((await send('POST', `/transaction/${txn.id}/simulate`, { outcome: 'settle' })).status).toBe(200);

    const received = await hooks.waitFor(4, { timeoutMs: 30_000 });
    const events = await eventsOf(txn.id);
    expect(events.map((e) => e.type)).toEqual(['payment.created', 'payment.settled']);
    for (const event of events) {
      const copies = received.filter((request) => webhookIdOf(request) === event.id);
      expect(copies).toHaveLength(2);
      expect(copies[0]!.body).toBe(copies[1]!.body);
      for (const copy of copies) expect(verified(secret, copy)).toMatchObject({ id: event.id, type: event.type });
      const attempts = await attemptsWhen(event.id, (list) => list.length === 2 && list.every((a) => a.status === 'succeeded'));
      expect(attempts.map((a) => a.duplicate).sort()).toEqual([false, true]);
      expect(attempts.every((a) => a.endpoint_id === endpointId && a.attempt === 1)).toBe(true);
      expect(new Set(attempts.map((a) => a.id)).size).toBe(2);
    }
  }, 60_000);

  it('signs each copy with both secrets during a roll, and a failed copy is retried as a copy', async ({ onTestFinished }) => {
    const { receiver, send, register, createPayment, eventsOf, attemptsWhen } = await chaosClient(onTestFinished);
    // The first request fails (500); every later one succeeds.
    const hooks = await receiver((nth) => (nth === 1 ? 500 : 200));
    const { id, secret: oldSecret } = await register(hooks.url, { duplicates: 1 }, ['payment.created']);
    const rolled = await send('POST', `/webhook/endpoints/${id}/roll-secret`, { expire_old_in_seconds: 3600 });
    expect(rolled.status).toBe(200);
    const txn = await createPayment();
    const [event] = await eventsOf(txn.id);

    const received = await hooks.waitFor(3, { timeoutMs: 30_000 });
    for (const request of received) {
      expect(webhookIdOf(request)).toBe(event!.id);
      expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(typeOf(rolled.body.data.secret, request)).toBe('payment.created');
      expect(typeOf(oldSecret, request)).toBe('payment.created');
    }
    const attempts = await attemptsWhen(event!.id, (list) => list.length === 3 && list.filter((a) => a.status === 'succeeded').length === 2);
    const failed = attempts.find((a) => a.status === 'failed')!;
    expect(failed).toMatchObject({ attempt: 1, response_status: 500 });
    expect(attempts.find((a) => a.attempt === 2)).toMatchObject({ status: 'succeeded', duplicate: failed.duplicate });
  }, 60_000);
});

describe.concurrent('chaos: reverse_order', () => {
  it('delivers a create and its settle recorded within 2 s settled first', async ({ onTestFinished }) => {
    const { receiver, send, register, createPayment, eventsOf, attemptsWhen } = await chaosClient(onTestFinished);
    const hooks = await receiver();
    const { secret } = await register(hooks.url, { reverse_order: true });
    const txn = await createPayment();
    expect((await send('POST', `/transaction/${txn.id}/simulate`, { outcome: 'settle' })).status).toBe(200);
    const [created, settled] = await eventsOf(txn.id);
    // Held: still pending, due 5 s after its event was recorded.
    const [pending] = await attemptsWhen(created!.id, (list) => list.length === 1);
    expect(pending).toMatchObject({ status: 'pending', attempt: 1, duplicate: false });
    expect(Date.parse(pending.next_attempt_at) - Date.parse(created!.created_at)).toBeGreaterThanOrEqual(5_000);

    const received = await hooks.waitFor(2, { timeoutMs: 30_000 });
    const arrived = received.map((request) => typeOf(secret, request));
    const { actual, expected, apart } = reverseOrderPromise(arrived, created!.id, settled!.id);
    expect(actual, apart).toEqual(expected);
    expect(received.map(webhookIdOf)).toEqual(arrived.map((type) => (type === 'payment.settled' ? settled : created)!.id));
    for (const event of [created!, settled!]) {
      const [attempt] = await attemptsWhen(event.id, (list) => list.length === 1 && list[0].status === 'succeeded');
      expect(attempt.attempt).toBe(1);
    }
  }, 60_000);

  it('with duplicates too: the newest event and its copy first, then the older and its copy', async ({ onTestFinished }) => {
    const { receiver, send, register, createPayment, eventsOf } = await chaosClient(onTestFinished);
    const hooks = await receiver();
    const { secret } = await register(hooks.url, { reverse_order: true, duplicates: 1 });
    const txn = await createPayment();
    expect((await send('POST', `/transaction/${txn.id}/simulate`, { outcome: 'settle' })).status).toBe(200);
    const [created, settled] = await eventsOf(txn.id);
    const received = await hooks.waitFor(4, { timeoutMs: 30_000 });
    const arrived = received.map((request) => typeOf(secret, request));
    const { actual, expected, apart } = reverseOrderPromise(arrived, created!.id, settled!.id, 2);
    expect(actual, apart).toEqual(expected);
  }, 60_000);
});

describe.concurrent('chaos: delay_seconds', () => {
  it('makes the first attempt at least 3 s after the event with delay_seconds 3, shown pending until then', async ({ onTestFinished }) => {
    const { receiver, register, createPayment, eventsOf, attemptsWhen } = await chaosClient(onTestFinished);
    let arrivedAt = 0;
    const hooks = await receiver(() => {
      arrivedAt ||= Date.now();
      return 200;
    });
    const { secret } = await register(hooks.url, { delay_seconds: 3 });
    const txn = await createPayment();
    const [event] = await eventsOf(txn.id);
    const recordedAt = Date.parse(event!.created_at);
    const [first] = await attemptsWhen(event!.id, (list) => list.length === 1);
    // Read before its time, it is shown pending and due then. A machine slow enough to read it only
    // later (a busy CI runner took over 3 s) sees it made: the times below prove the delay then.
    if (Date.now() - recordedAt < 3_000) {
      expect(first.status).toBe('pending');
      expect(Date.parse(first.next_attempt_at) - recordedAt).toBeGreaterThanOrEqual(3_000);
    }

    const [request] = await hooks.waitFor(1, { timeoutMs: 30_000 });
    expect(typeOf(secret, request!)).toBe('payment.created');
    expect(arrivedAt - recordedAt).toBeGreaterThanOrEqual(3_000);
    const [made] = await attemptsWhen(event!.id, (list) => list[0]?.status === 'succeeded');
    expect(Date.parse(made.attempted_at) - recordedAt).toBeGreaterThanOrEqual(3_000);
  }, 60_000);

  it('does not delay a retry: a delayed first attempt that fails is retried on the schedule', async ({ onTestFinished }) => {
    const { receiver, register, createPayment, eventsOf, attemptsWhen } = await chaosClient(onTestFinished);
    const hooks = await receiver((nth) => (nth === 1 ? 503 : 200));
    await register(hooks.url, { delay_seconds: 1 });
    const txn = await createPayment();
    const [event] = await eventsOf(txn.id);
    const attempts = await attemptsWhen(event!.id, (list) => list.length === 2 && list[1].status === 'succeeded');
    expect(attempts.map((a) => [a.attempt, a.status])).toEqual([
      [1, 'failed'],
      [2, 'succeeded'],
    ]);
    expect(Date.parse(attempts[1].attempted_at) - Date.parse(attempts[0].attempted_at)).toBeGreaterThanOrEqual(1_000);
  }, 60_000);
});

describe.concurrent('a disabled endpoint', () => {
  it('receives nothing: no attempt is owed to it while another endpoint of the client gets the event', async ({ onTestFinished }) => {
    const { receiver, send, register, createPayment, eventsOf, attemptsWhen } = await chaosClient(onTestFinished);
    const enabled = await receiver();
    const disabled = await receiver();
    await register(enabled.url, {});
    const { id } = await register(disabled.url, {});
    expect((await send('PATCH', `/webhook/endpoints/${id}`, { status: 'disabled' })).status).toBe(200);
    const txn = await createPayment();
    await enabled.waitFor(1, { timeoutMs: 30_000 });
    const [event] = await eventsOf(txn.id);
    const attempts = await attemptsWhen(event!.id, (list) => list.some((a) => a.status === 'succeeded'));
    expect(attempts.map((a) => a.endpoint_id)).not.toContain(id);
    expect(disabled.received).toEqual([]);
  }, 60_000);

  it('gets no retry: an attempt that falls due after it was disabled ends failed, nothing sent', async ({ onTestFinished }) => {
    const { receiver, send, register, createPayment, eventsOf, attemptsOf, attemptsWhen } = await chaosClient(onTestFinished);
    const hooks = await receiver(() => 500);
    const { id } = await register(hooks.url, {});
    const txn = await createPayment();
    const [event] = await eventsOf(txn.id);
    await attemptsWhen(event!.id, (list) => list[0]?.status === 'failed');
    expect((await send('PATCH', `/webhook/endpoints/${id}`, { status: 'disabled' })).status).toBe(200);
    const sentBefore = hooks.received.length;
    const attempts = await attemptsWhen(event!.id, (list) => list.at(-1)?.error === 'The webhook endpoint is disabled');
    expect(attempts.at(-1)).toMatchObject({ status: 'failed', response_status: null, next_attempt_at: null });
    expect(hooks.received.length).toBeLessThanOrEqual(sentBefore + 1);
    const final = attempts.length;
    expect(await attemptsOf(event!.id)).toHaveLength(final);
  }, 60_000);

  it('gets nothing from a resend that names it: the attempt ends failed, nothing sent', async ({ onTestFinished }) => {
    const { receiver, send, register, createPayment, eventsOf, attemptsWhen } = await chaosClient(onTestFinished);
    const hooks = await receiver();
    const { id } = await register(hooks.url, {}, ['payment.settled']);
    const txn = await createPayment();
    const [event] = await eventsOf(txn.id);
    expect((await send('PATCH', `/webhook/endpoints/${id}`, { status: 'disabled' })).status).toBe(200);
    const resent = await send('POST', `/event/${event!.id}/resend`, { endpoint_id: id });
    expect(resent.status).toBe(202);
    const [attempt] = await attemptsWhen(event!.id, (list) => list[0]?.status === 'failed');
    expect(attempt).toMatchObject({ endpoint_id: id, error: 'The webhook endpoint is disabled', response_status: null, next_attempt_at: null });
    expect(hooks.received).toEqual([]);
  }, 60_000);
});
