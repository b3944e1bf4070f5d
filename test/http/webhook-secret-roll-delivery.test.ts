import { WebhookVerificationError } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../support/fixtures';
import { startDeliverySandbox, type DeliverySandbox } from '../support/delivery-sandbox';
import { paymentBody } from '../support/payments';
import { startReceiver, verified, webhookIdOf, type Answer, type Received, type Receiver } from '../support/webhook-receiver';

/**
 * What retries and resends carry around a secret roll (docs/api.md §15): each attempt is signed with
 * the endpoint's secrets as they are when it is made, through `npm start`'s real delivery
 * (stream poller, sweep, retries 1 s apart) to a receiver on this machine. A receiver holds its answer
 * to a first attempt until the roll is made, then fails it, so its retry comes after the roll however
 * slow the machine (the 10 s attempt timeout of the contract is far longer than a roll takes). Each
 * delivery is checked as two receivers would: one that verifies with the standardwebhooks library and
 * only the old secret, one with only the new secret. (webhook-secret-roll.test.ts has first
 * deliveries during and after a grace.)
 */

let sandbox: DeliverySandbox;
beforeAll(async () => {
  // The schedule's shortest: the gate below, not the pause, puts the retry after the roll.
  sandbox = await startDeliverySandbox({ retryScheduleSeconds: [1, 1, 1, 1, 1], attemptTimeoutMs: 10_000 });
});
afterAll(() => sandbox?.close());

const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
async function receiver(answer: (nth: number) => Answer | Promise<Answer> = () => 200): Promise<Receiver> {
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

async function roll(id: string, expireOldInSeconds: number): Promise<string> {
  const res = await send('POST', `/webhook/endpoints/${id}/roll-secret`, { expire_old_in_seconds: expireOldInSeconds });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.secret;
}

const createPayment = async () => {
  const res = await send('POST', '/payment/create', paymentBody());
  expect(res.status).toBe(201);
  return res.body.data;
};

/** True when a receiver that knows only `secret` accepts the delivery; false when the library refuses it. */
function accepts(secret: string, request: Received): boolean {
  try {
    verified(secret, request);
    return true;
  } catch (error) {
    if (error instanceof WebhookVerificationError) return false;
    throw error;
  }
}

/** A promise that settles once `open()` is called: a receiver's answer held until then. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const signaturesOf = (request: Received) => String(request.headers['webhook-signature']).split(' ');
const typeOf = (request: Received) => (JSON.parse(request.body) as { type: string }).type;

describe('a secret roll', () => {
  it('during the grace, every delivery (first attempt, retry, resend) verifies with the old secret alone and with the new one alone', {
    timeout: 60_000,
  }, async () => {
    // The first attempt of the first event fails once the roll is made, so its retry comes after the roll.
    const rolled = gate();
    const hooks = await receiver(async (nth) => (nth === 1 ? (await rolled.opened, 500) : 200));
    const { id, secret: oldSecret } = await register(hooks.url);
    await createPayment();
    const [beforeRoll] = await hooks.waitFor(1, { timeoutMs: 15_000 });
    expect(signaturesOf(beforeRoll!)).toHaveLength(1);
    expect(accepts(oldSecret, beforeRoll!)).toBe(true);

    const newSecret = await roll(id, 600);
    rolled.open();
    const payment = await createPayment();
    // The retry of the first event, the roll's own event, and the new payment's.
    const four = await hooks.waitFor(4, { timeoutMs: 15_000 });
    const resent = await send('POST', `/event/${webhookIdOf(beforeRoll!)}/resend`);
    expect(resent.status).toBe(202);
    const all = await hooks.waitFor(5, { timeoutMs: 15_000 });
    const afterRoll = all.slice(1);

    expect(afterRoll.map(typeOf).sort()).toEqual(['payment.created', 'payment.created', 'payment.created', 'webhook_endpoint.secret_rolled'].sort());
    expect(afterRoll.filter((r) => webhookIdOf(r) === webhookIdOf(beforeRoll!))).toHaveLength(2);
    expect(four.some((r) => JSON.parse(r.body).data.object.id === payment.id)).toBe(true);
    for (const request of afterRoll) {
      const signatures = signaturesOf(request);
      expect(signatures).toHaveLength(2);
      expect(signatures.every((s) => /^v1,[A-Za-z0-9+/]{43}=$/.test(s))).toBe(true);
      expect(accepts(oldSecret, request), `old secret, ${typeOf(request)}`).toBe(true);
      expect(accepts(newSecret, request), `new secret, ${typeOf(request)}`).toBe(true);
      // The new one first: it alone is the header's first signature.
      expect(accepts(newSecret, { ...request, headers: { ...request.headers, 'webhook-signature': signatures[0] } })).toBe(true);
    }
  });

  it('with 0 s signs with the new secret only at once, a retry of an earlier delivery included', { timeout: 60_000 }, async () => {
    const rolled = gate();
    const hooks = await receiver(async (nth) => (nth === 1 ? (await rolled.opened, 500) : 200));
    const { id, secret: oldSecret } = await register(hooks.url);
    await createPayment();
    const [first] = await hooks.waitFor(1, { timeoutMs: 15_000 });
    expect(accepts(oldSecret, first!)).toBe(true);

    const newSecret = await roll(id, 0);
    rolled.open();
    const later = (await hooks.waitFor(3, { timeoutMs: 15_000 })).slice(1);
    expect(later.map(typeOf).sort()).toEqual(['payment.created', 'webhook_endpoint.secret_rolled']);
    for (const request of later) {
      expect(signaturesOf(request)).toHaveLength(1);
      expect(accepts(newSecret, request)).toBe(true);
      expect(accepts(oldSecret, request)).toBe(false);
    }
  });

  it('rolled again during a grace, signs with the new secret and the one it replaced, no longer the first', { timeout: 60_000 }, async () => {
    const hooks = await receiver();
    const { id, secret: first } = await register(hooks.url);
    const second = await roll(id, 600);
    const third = await roll(id, 600);
    const received = await hooks.waitFor(2, { timeoutMs: 15_000 });
    // The second roll's event (the later id) is delivered after that roll; the first roll's may be either side of it.
    const last = received.reduce((a, b) => (webhookIdOf(a) > webhookIdOf(b) ? a : b));
    await createPayment();
    const [payment] = await hooks.waitFor(1, { which: (r) => typeOf(r) === 'payment.created', timeoutMs: 15_000 });
    for (const request of [payment!, last]) {
      expect(accepts(third, request)).toBe(true);
      expect(accepts(second, request)).toBe(true);
      expect(accepts(first, request)).toBe(false);
    }
  });
});
