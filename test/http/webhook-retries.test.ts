import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { retryDelayMs, type DeliverySettings } from '../../lib/config/delivery-settings';
import { attemptsOf, attemptsWhen } from '../support/deliveries';
import { call } from '../support/fixtures';
import { startDeliverySandbox, type DeliverySandbox } from '../support/delivery-sandbox';
import { paymentBody } from '../support/payments';
import { startReceiver, verified, webhookIdOf, type Answer, type Receiver } from '../support/webhook-receiver';

/**
 * Retries, the attempts list and resend, end to end through `npm start`'s delivery loop with the
 * retry schedule set to a second between attempts, a test sandbox's second lasting 100 ms (decision
 * 0340), and a 500 ms timeout (the contract's 10 s … 2 h would take hours); six attempts in all, as
 * the contract says.
 */

const SETTINGS: DeliverySettings = { retryScheduleSeconds: [1, 1, 1, 1, 1], attemptTimeoutMs: 500, test: { retrySecondMs: 100 } };
/** The pause the schedule makes after each failed attempt. */
const PAUSE_MS = retryDelayMs(SETTINGS, 1)!;

let sandbox: DeliverySandbox;
beforeAll(async () => {
  sandbox = await startDeliverySandbox(SETTINGS);
});
afterAll(() => sandbox?.close());

const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
async function receiver(answer: (nth: number) => Answer): Promise<Receiver> {
  const started = await startReceiver(answer);
  receivers.push(started);
  return started;
}

let key: string;
beforeEach(async () => {
  ({ key } = await sandbox.newClient());
});

const send = (method: string, path: string, body?: unknown) => call(method, path, { key, body, baseUrl: sandbox.baseUrl });

async function register(url: string): Promise<{ id: string; secret: string }> {
  const res = await send('POST', '/webhook/endpoints', { url });
  expect(res.status).toBe(201);
  return res.body.data;
}

/** At least `count` attempts, none of them pending: whatever the list holds then is all that was written. */
const settled = (count: number) => (attempts: any[]) => attempts.length >= count && attempts.every((a) => a.status !== 'pending');

const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('retries', () => {
  it('retries a receiver that answers 500 twice, and lists the three attempts with their statuses and times', { timeout: 60_000 }, async () => {
    const hooks = await receiver((nth) => (nth <= 2 ? 500 : 200));
    const { id: endpointId, secret } = await register(hooks.url);
    expect((await send('POST', '/payment/create', paymentBody())).status).toBe(201);
    const requests = await hooks.waitFor(3, { timeoutMs: 20_000 });
    const eventId = webhookIdOf(requests[0]!);
    for (const request of requests) {
      expect(webhookIdOf(request)).toBe(eventId);
      verified(secret, request);
    }

    const attempts = await attemptsWhen(send, eventId, (list) => list.length === 3 && list[2].status === 'succeeded');
    expect(attempts.map((a) => [a.attempt, a.status, a.response_status, a.error])).toEqual([
      [1, 'failed', 500, 'The endpoint answered 500'],
      [2, 'failed', 500, 'The endpoint answered 500'],
      [3, 'succeeded', 200, null],
    ]);
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({ id: expect.stringMatching(/^dlv_/), endpoint_id: endpointId, attempted_at: expect.stringMatching(TIME) });
      expect(attempt.response_time_ms).toBeGreaterThanOrEqual(0);
      expect(Object.keys(attempt)).toEqual([
        'id',
        'endpoint_id',
        'attempt',
        'duplicate',
        'status',
        'response_status',
        'response_time_ms',
        'error',
        'attempted_at',
        'next_attempt_at',
      ]);
    }
    // A failed attempt names when the next is due: the schedule's pause after it, and the next was not made before.
    for (const [failed, next] of [
      [attempts[0], attempts[1]],
      [attempts[1], attempts[2]],
    ]) {
      expect(Date.parse(failed.next_attempt_at) - Date.parse(failed.attempted_at)).toBeGreaterThanOrEqual(PAUSE_MS);
      expect(Date.parse(next.attempted_at)).toBeGreaterThanOrEqual(Date.parse(failed.next_attempt_at));
    }
    expect(attempts[2].next_attempt_at).toBeNull();
  });

  it('marks the delivery failed after the sixth attempt at a receiver that never answers, and a resend delivers it again', { timeout: 90_000 }, async () => {
    let answering = false;
    const hooks = await receiver(() => (answering ? 200 : 'hang'));
    const { id: endpointId, secret } = await register(hooks.url);
    expect((await send('POST', '/payment/create', paymentBody())).status).toBe(201);
    const [first] = await hooks.waitFor(1);
    const eventId = webhookIdOf(first!);

    const attempts = await attemptsWhen(send, eventId, (list) => list.length === 6 && list[5].status === 'failed', 60_000);
    expect(attempts.map((a) => [a.attempt, a.status, a.response_status, a.error])).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => [n, 'failed', null, `No answer within ${SETTINGS.attemptTimeoutMs} ms`]),
    );
    expect(attempts[5].next_attempt_at).toBeNull();
    expect(hooks.received).toHaveLength(6);
    // Nothing more is owed: no seventh attempt was written with the sixth's outcome, and none is sent.
    await new Promise((resolve) => setTimeout(resolve, sandbox.quietMs));
    expect(hooks.received).toHaveLength(6);
    expect(await attemptsOf(send, eventId)).toHaveLength(6);

    answering = true;
    const resent = await send('POST', `/event/${eventId}/resend`);
    expect(resent.status).toBe(202);
    expect(resent.body.data).toEqual([
      {
        id: expect.stringMatching(/^dlv_/),
        endpoint_id: endpointId,
        attempt: 1,
        duplicate: false,
        status: 'pending',
        response_status: null,
        response_time_ms: null,
        error: null,
        attempted_at: null,
        next_attempt_at: expect.stringMatching(TIME),
      },
    ]);
    const again = await hooks.waitFor(7);
    expect(webhookIdOf(again[6]!)).toBe(eventId);
    verified(secret, again[6]!);
    const after = await attemptsWhen(send, eventId, (list) => list.length === 7 && list[6].status === 'succeeded');
    expect(after[6]).toMatchObject({ id: resent.body.data[0].id, attempt: 1, status: 'succeeded', response_status: 200 });
  });

  it('resends to one endpoint only when asked, even one not subscribed to the type', async () => {
    const all = await receiver(() => 200);
    const other = await receiver(() => 200);
    const { id: allId } = await register(all.url);
    const res = await send('POST', '/webhook/endpoints', { url: other.url, enabled_events: ['refund.created'] });
    const otherId = res.body.data.id;
    expect((await send('POST', '/payment/create', paymentBody())).status).toBe(201);
    const [created] = await all.waitFor(1);
    const eventId = webhookIdOf(created!);

    const resent = await send('POST', `/event/${eventId}/resend`, { endpoint_id: otherId });
    expect(resent.status).toBe(202);
    expect(resent.body.data.map((a: { endpoint_id: string }) => a.endpoint_id)).toEqual([otherId]);
    const [toOther] = await other.waitFor(1);
    expect(webhookIdOf(toOther!)).toBe(eventId);
    // The resend wrote its one attempt before answering: the event has no other, so nothing more goes to the first endpoint.
    const attempts = await attemptsWhen(send, eventId, settled(2));
    expect(attempts.map((a) => [a.endpoint_id, a.status])).toEqual([
      [allId, 'succeeded'],
      [otherId, 'succeeded'],
    ]);
    expect(all.received).toHaveLength(1);
  });

  it('resends once for a repeated Idempotency-Key, answering the first 202 again', async () => {
    const hooks = await receiver(() => 200);
    await register(hooks.url);
    expect((await send('POST', '/payment/create', paymentBody())).status).toBe(201);
    const eventId = webhookIdOf((await hooks.waitFor(1))[0]!);
    const resend = () => call('POST', `/event/${eventId}/resend`, { key, baseUrl: sandbox.baseUrl, headers: { 'Idempotency-Key': `resend-${eventId}` } });
    const first = await resend();
    const replay = await resend();
    expect([first.status, replay.status]).toEqual([202, 202]);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    await hooks.waitFor(2);
    // The replay wrote no attempt (a resend writes its attempts before answering), so no third POST is owed.
    expect((await attemptsWhen(send, eventId, settled(2))).map((a) => a.status)).toEqual(['succeeded', 'succeeded']);
    expect(hooks.received).toHaveLength(2);
  });
});
