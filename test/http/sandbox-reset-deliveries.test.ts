import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/fixtures';
import { startDeliverySandbox, type DeliverySandbox } from '../support/delivery-sandbox';
import { kindOf, partitionItems } from '../support/partition';
import { paymentBody } from '../support/payments';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

/**
 * A reset while webhook deliveries are pending, through `npm start`'s delivery loop (retries 1 s
 * apart, so each is still pending when the reset comes): the removed events are sent no more. The
 * sweep removes what attempts under way at the reset left once their claims have run out: a test
 * sandbox's 2.5 s lease (decision 0340), where the contract's would be 3 s for DNS + 0.5 s + 5 s.
 */

let sandbox: DeliverySandbox;
let hooks: Receiver;
beforeAll(async () => {
  sandbox = await startDeliverySandbox({ retryScheduleSeconds: [1, 1, 1, 1, 1], attemptTimeoutMs: 500, test: { claimLeaseMs: 2_500 } });
  hooks = await startReceiver(() => 500);
});
afterAll(async () => {
  await hooks?.close();
  await sandbox?.close();
});

describe('POST /sandbox/reset with deliveries pending', () => {
  it('stops them: after the reset the receiver gets no POST, and no attempt is left', { timeout: 60_000 }, async () => {
    const { clientId, key } = await sandbox.newClient();
    const send = (method: string, path: string, body?: unknown) => call(method, path, { key, body, baseUrl: sandbox.baseUrl });
    expect((await send('POST', '/webhook/endpoints', { url: hooks.url })).status).toBe(201);
    for (let n = 0; n < 3; n++) expect((await send('POST', '/payment/create', paymentBody())).status).toBe(201);
    // Each payment's first attempt has failed, so each has a retry pending a second later.
    await hooks.waitFor(4, { timeoutMs: 20_000 });

    expect((await send('POST', '/sandbox/reset')).status).toBe(200);
    // An attempt already under way when the reset came may still land, and its retry may be written
    // after the reset listed the partition: that retry is dropped when it falls due, unsent (its event
    // is gone). So the partition comes to hold only what a reset keeps, however slow the machine is.
    const kept = ['CLIENT', 'KEY', 'WHE'];
    const left = async () => (await partitionItems(clientId, sandbox.db)).map(kindOf).filter((kind) => kind !== 'RATE');
    const deadline = Date.now() + 20_000;
    while (JSON.stringify(await left()) !== JSON.stringify(kept)) {
      if (Date.now() > deadline) throw new Error(`the reset left ${JSON.stringify(await left())} after 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    // Then nothing of the removed events is sent any more (not within a retry's pause), and nothing comes back.
    const settled = hooks.received.length;
    await new Promise((resolve) => setTimeout(resolve, sandbox.quietMs));
    expect(hooks.received.length).toBe(settled);
    expect(await left()).toEqual(kept);
  });
});
