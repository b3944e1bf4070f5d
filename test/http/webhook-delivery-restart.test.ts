import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/fixtures';
import { startDeliverySandbox, type DeliverySandbox } from '../support/delivery-sandbox';
import { paymentBody } from '../support/payments';
import { startReceiver, verified, webhookIdOf, type Receiver } from '../support/webhook-receiver';

/**
 * At least once across a restart of `npm start`'s delivery loop: stopped while one attempt is
 * under way and a retry is owed, with events recorded while it is down, and started again at the
 * stream's end — every event still reaches every endpoint. Retries every second and a 1 s timeout
 * (so the stop comes while the one attempt hangs and before the other's retry), and a test
 * sandbox's 2 s claim lease (decision 0340): the abandoned attempt's claim runs out 2 s after it
 * was taken, where the contract's lease (3 s for DNS + 1 s + 5 s) would keep the test 9 s.
 */

let sandbox: DeliverySandbox;
const receivers: Receiver[] = [];
beforeAll(async () => {
  sandbox = await startDeliverySandbox({ retryScheduleSeconds: [1, 1, 1, 1, 1], attemptTimeoutMs: 1_000, test: { claimLeaseMs: 2_000 } });
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await sandbox?.close();
});

const send = (method: string, path: string, body?: unknown) => call(method, path, { key: sandbox.key, body, baseUrl: sandbox.baseUrl });

async function register(url: string): Promise<string> {
  const res = await send('POST', '/webhook/endpoints', { url });
  expect(res.status).toBe(201);
  return res.body.data.secret;
}

/** The ids of the events a receiver answered with a 2xx (the requests after its first). */
const delivered = (receiver: Receiver, secret: string) =>
  new Set(receiver.received.slice(1).map((request) => (verified(secret, request), webhookIdOf(request))));

describe('the local delivery loop, stopped and started again', () => {
  it('loses no delivery: the attempt under way, the retry owed and the events recorded meanwhile all arrive', { timeout: 60_000 }, async () => {
    // One receiver fails its first request (a retry is then owed), the other never answers it (under way when stopped).
    const failingFirst = await startReceiver((nth) => (nth === 1 ? 500 : 200));
    const hangingFirst = await startReceiver((nth) => (nth === 1 ? 'hang' : 200));
    receivers.push(failingFirst, hangingFirst);
    const failingSecret = await register(failingFirst.url);
    const hangingSecret = await register(hangingFirst.url);

    const before = await send('POST', '/payment/create', paymentBody());
    expect(before.status).toBe(201);
    await failingFirst.waitFor(1);
    await hangingFirst.waitFor(1);
    await sandbox.stopDelivery();

    // Recorded while nothing delivers: the restarted poller will not read them from the stream.
    const during = await send('POST', '/payment/create', paymentBody());
    expect(during.status).toBe(201);
    expect((await send('POST', `/transaction/${during.body.data.id}/cancel`)).status).toBe(200);
    // Long enough for the retry owed and the new events to arrive, were delivery still running.
    await new Promise((resolve) => setTimeout(resolve, sandbox.quietMs));
    expect(failingFirst.received).toHaveLength(1);
    expect(hangingFirst.received).toHaveLength(1);

    await sandbox.startDelivery();
    const first = webhookIdOf(failingFirst.received[0]!);
    // At least once: an attempt may come twice, so each receiver is awaited until it has had all three events.
    for (const [receiver, secret] of [
      [failingFirst, failingSecret],
      [hangingFirst, hangingSecret],
    ] as const) {
      await expect.poll(() => delivered(receiver, secret).size, { timeout: 20_000, interval: 100 }).toBe(3);
    }
    const created = delivered(failingFirst, failingSecret);
    expect(created).toContain(first);
    expect(delivered(hangingFirst, hangingSecret)).toEqual(created);
  });
});
