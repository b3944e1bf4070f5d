import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { attemptsWhen } from '../support/deliveries';
import { call } from '../support/fixtures';
import { startDeliverySandbox, type DeliverySandbox } from '../support/delivery-sandbox';
import { paymentBody } from '../support/payments';
import { reverseOrderPromise, startReceiver, verified, type Answer, type Received, type Receiver } from '../support/webhook-receiver';

/**
 * What chaos plans for later is made by the delivery timer (decision 0267), not by waiting for the
 * sweep: this sandbox's sweep runs once at its start and then not for an hour, as a deployed
 * stage's minute is long beside chaos's seconds. The attempts below can only be made by the timer
 * (`npm start`'s in-process one, handing the very handler the stack's queue invokes its messages).
 */

const AN_HOUR_MS = 3_600_000;

let sandbox: DeliverySandbox;
beforeAll(async () => {
  sandbox = await startDeliverySandbox({ retryScheduleSeconds: [1, 1, 1, 1, 1], attemptTimeoutMs: 1_000 }, { sweepIntervalMs: AN_HOUR_MS });
}, 60_000);
afterAll(() => sandbox?.close());

const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
async function receiver(answer: (nth: number, request: Received) => Answer = () => 200): Promise<Receiver> {
  const started = await startReceiver(answer);
  receivers.push(started);
  return started;
}

async function clientWith(url: string, chaos: Record<string, unknown>) {
  const { key } = await sandbox.newClient();
  const send = (method: string, path: string, body?: unknown) => call(method, path, { key, body, baseUrl: sandbox.baseUrl });
  const res = await send('POST', '/webhook/endpoints', { url, chaos, enabled_events: ['payment.created', 'payment.settled'] });
  expect(res.status).toBe(201);
  return { send, secret: res.body.data.secret as string };
}

describe('the delivery timer', () => {
  it('sends a reverse-order window when its first attempt falls due: settled first, then created', async () => {
    const hooks = await receiver();
    const { send, secret } = await clientWith(hooks.url, { reverse_order: true });
    const txn = (await send('POST', '/payment/create', paymentBody())).body.data;
    expect((await send('POST', `/transaction/${txn.id}/simulate`, { outcome: 'settle' })).status).toBe(200);
    const received = await hooks.waitFor(2, { timeoutMs: 60_000 });
    const events = received.map((request) => verified(secret, request) as { id: string; type: string });
    const idOf = (type: string) => events.find((event) => event.type === type)!.id;
    const { actual, expected } = reverseOrderPromise(
      events.map((event) => event.type),
      idOf('payment.created'),
      idOf('payment.settled'),
    );
    expect(actual).toEqual(expected);
  }, 90_000);

  it('makes a delayed first attempt when it falls due, and records its retry when it fails', async () => {
    const hooks = await receiver(() => 503);
    const { send } = await clientWith(hooks.url, { delay_seconds: 1 });
    const txn = (await send('POST', '/payment/create', paymentBody())).body.data;
    const [event] = (await send('GET', `/events?transaction_id=${txn.id}`)).body.data;
    const attempts = await attemptsWhen(send, event.id, (list) => list.length === 2, 60_000);
    expect(attempts.map((a) => [a.attempt, a.status])).toEqual([
      [1, 'failed'],
      [2, 'pending'],
    ]);
    expect(attempts[0]).toMatchObject({ response_status: 503, next_attempt_at: attempts[1].next_attempt_at });
    expect(hooks.received).toHaveLength(1);
  }, 90_000);
});
