import { describe, expect, it } from 'vitest';
import { call, newClient } from '../support/fixtures';
import { kindOf, partitionItems } from '../support/partition';
import { createPaymentVia, paymentBody, storedItem } from '../support/payments';
import { advance, secondsAfter, until } from '../support/sandbox-clock';
import { startReceiver, verified } from '../support/webhook-receiver';

/**
 * Scheduled outcomes (`sandbox` on POST /payment/create, docs/api.md §12) through the local server.
 * Each test has a client of its own, and a client's clock is its own, so they run side by side: the
 * sweep's tests wait in real time for its passes, and those waits overlap instead of adding up.
 */

const create = (key: string, overrides: Record<string, unknown> = {}) => call('POST', '/payment/create', { key, body: paymentBody(overrides) });

describe.concurrent('POST /payment/create with sandbox', () => {
  it('settles by itself once after_seconds have passed on the client clock: ledger entry, payment.settled and its webhook, all dated then', async () => {
    const receiver = await startReceiver();
    try {
      const { key } = await newClient();
      const endpoint = (await call('POST', '/webhook/endpoints', { key, body: { url: receiver.url, enabled_events: ['payment.settled'] } })).body.data;
      const txn = await createPaymentVia(key, { sandbox: { outcome: 'settle', after_seconds: 30 } });
      // The transaction object shows nothing of what is scheduled.
      expect(txn).not.toHaveProperty('sandbox');
      const due = secondsAfter(txn.created_at, 30);

      // 25 s on: not yet (5 s of slack, so the sweep's own look at the moving clock cannot get there first).
      expect((await advance(key, { to: secondsAfter(txn.created_at, 25) })).status).toBe(200);
      expect((await call('GET', `/transaction/${txn.id}`, { key })).body.data.status).toBe('pending');
      expect((await call('GET', '/settlements', { key })).body.data).toEqual([]);

      expect((await advance(key, { seconds: 5 })).status).toBe(200);

      const settled = (await call('GET', `/transaction/${txn.id}`, { key })).body.data;
      expect(settled).toMatchObject({ status: 'settled', settled_at: due, updated_at: due });
      expect((await call('GET', '/settlements', { key })).body.data).toEqual([
        expect.objectContaining({ type: 'payment', transaction_id: txn.id, gross_amount: txn.amount, settled_at: due }),
      ]);
      const events = (await call('GET', `/events?transaction_id=${txn.id}`, { key })).body.data;
      expect(events.map((e: any) => [e.type, e.created_at])).toEqual([
        ['payment.settled', due],
        ['payment.created', txn.created_at],
      ]);
      expect(events[0].data.object).toEqual(settled);
      const [delivered] = await receiver.waitFor(1, { timeoutMs: 20_000 });
      expect(verified(endpoint.secret, delivered!)).toMatchObject({ type: 'payment.settled', data: { object: { id: txn.id, status: 'settled' } } });
    } finally {
      await receiver.close();
    }
  });

  it('leaves a payment cancelled before its outcome falls due cancelled, with nothing more recorded', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key, { sandbox: { outcome: 'settle', after_seconds: 30 } });
    expect((await call('POST', `/transaction/${txn.id}/cancel`, { key })).status).toBe(200);
    // The cancel leaves its due marker (decision 0196): an advance that meets it deletes it.
    expect((await partitionItems(clientId)).map(kindOf)).toContain('DUE');

    expect((await advance(key, { seconds: 120 })).status).toBe(200);
    expect((await partitionItems(clientId)).map(kindOf)).not.toContain('DUE');

    expect((await call('GET', `/transaction/${txn.id}`, { key })).body.data.status).toBe('cancelled');
    expect((await call('GET', `/events?transaction_id=${txn.id}`, { key })).body.data.map((e: any) => e.type)).toEqual([
      'payment.cancelled',
      'payment.created',
    ]);
    expect((await call('GET', '/settlements', { key })).body.data).toEqual([]);
  });

  it.each([
    ['fail', { status: 'failed', failure_code: 'simulated', failure_reason: 'Payment failed (simulated)' }, 'failed_at', 'payment.failed'],
    ['expire', { status: 'expired', failure_code: null }, 'expired_at', 'payment.expired'],
  ] as const)('applies %s as the simulate endpoint would, dated its due time', async (outcome, expected, stamp, type) => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key, { sandbox: { outcome, after_seconds: 600 } });
    const due = secondsAfter(txn.created_at, 600);

    expect((await advance(key, { seconds: 3_600 })).status).toBe(200);

    const shown = (await call('GET', `/transaction/${txn.id}`, { key })).body.data;
    expect(shown).toMatchObject({ ...expected, [stamp]: due, updated_at: due });
    const events = (await call('GET', `/events?transaction_id=${txn.id}&type=${type}`, { key })).body.data;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ created_at: due, data: { object: shown }, request: { id: expect.any(String) } });
    expect((await call('GET', '/settlements', { key })).body.data).toEqual([]);
  });

  it('expires a payment whose expiry comes before its scheduled outcome', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key, {
      payment_method: 'qris',
      payment_channel: 'qris',
      amount: 20_000,
      sandbox: { outcome: 'settle', after_seconds: 3_600 },
    });

    expect((await advance(key, { seconds: 7_200 })).status).toBe(200);

    expect(await storedItem(clientId, txn.id)).toMatchObject({ status: 'expired', expired_at: txn.expires_at, settled_at: null });
    expect((await call('GET', '/settlements', { key })).body.data).toEqual([]);
  });

  it('refuses a key without sandbox:simulate with 403 FORBIDDEN, before validating the rest of the body, and creates nothing', async () => {
    const { key } = await newClient(['transactions:write', 'transactions:read']);
    for (const overrides of [{ sandbox: { outcome: 'settle', after_seconds: 30 } }, { sandbox: 'soon', amount: -1 }]) {
      const res = await create(key, overrides);
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({ code: 'FORBIDDEN', message: 'Insufficient permissions for this operation' });
    }
    expect((await call('GET', '/transactions', { key })).body.data).toEqual([]);
    // The same body without the field is fine for that key.
    expect((await create(key)).status).toBe(201);
  });

  it.each([
    [{ outcome: 'refund', after_seconds: 30 }, 'sandbox.outcome'],
    [{ outcome: 'settle' }, 'sandbox.after_seconds'],
    [{ after_seconds: 30 }, 'sandbox.outcome'],
    [{ outcome: 'settle', after_seconds: 86_401 }, 'sandbox.after_seconds'],
    [{ outcome: 'settle', after_seconds: -1 }, 'sandbox.after_seconds'],
    [{ outcome: 'settle', after_seconds: 2.5 }, 'sandbox.after_seconds'],
    [{ outcome: 'settle', after_seconds: 30, when: 'later' }, 'sandbox.when'],
    ['settle', 'sandbox'],
  ])('refuses sandbox %j with 400 VALIDATION_ERROR naming %s', async (sandbox, field) => {
    const { key } = await newClient();
    const res = await create(key, { sandbox });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual([field]);
    expect((await call('GET', '/transactions', { key })).body.data).toEqual([]);
  });
});

describe.concurrent('the sweep under the local sandbox', () => {
  const settledOf = (key: string, id: string) =>
    until(
      async () => (await call('GET', `/transaction/${id}`, { key })).body.data,
      (t) => t.status !== 'pending',
    );

  it('applies a scheduled outcome within a few seconds, with no advance', async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key, { sandbox: { outcome: 'settle', after_seconds: 1 } });
    expect(await settledOf(key, txn.id)).toMatchObject({ status: 'settled', settled_at: secondsAfter(txn.created_at, 1) });
  });

  it('applies it for a client whose clock was advanced, dated on that clock', async () => {
    const { key } = await newClient();
    expect((await advance(key, { seconds: 3_600 })).status).toBe(200);
    const txn = await createPaymentVia(key, { sandbox: { outcome: 'settle', after_seconds: 2 } });
    expect(await settledOf(key, txn.id)).toMatchObject({ status: 'settled', settled_at: secondsAfter(txn.created_at, 2) });
  });

  it("deletes the marker a cancel left when the sweep's look at advanced clients meets it, recording nothing", async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key, { expiry_minutes: 120, sandbox: { outcome: 'settle', after_seconds: 3_602 } });
    expect((await call('POST', `/transaction/${txn.id}/cancel`, { key })).status).toBe(200);
    // The clock lands 2 s before the marker's time: the advance does not reach it, the sweep's next passes do.
    expect((await advance(key, { to: secondsAfter(txn.created_at, 3_600) })).status).toBe(200);
    expect((await partitionItems(clientId)).map(kindOf)).toContain('DUE');
    await until(
      () => partitionItems(clientId),
      (items) => !items.map(kindOf).includes('DUE'),
    );
    expect((await call('GET', `/transaction/${txn.id}`, { key })).body.data.status).toBe('cancelled');
    expect((await call('GET', `/events?transaction_id=${txn.id}`, { key })).body.data.map((e: any) => e.type)).toEqual([
      'payment.cancelled',
      'payment.created',
    ]);
  });

  it('applies an outcome that an advance brought within reach, though its real due time is an hour away', async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key, { expiry_minutes: 120, sandbox: { outcome: 'fail', after_seconds: 3_602 } });
    // Due on the client clock 2 s after this advance lands, which applies only what is due by its target:
    // only the sweep's look at advanced clients can find it then.
    expect((await advance(key, { to: secondsAfter(txn.created_at, 3_600) })).status).toBe(200);
    expect(await settledOf(key, txn.id)).toMatchObject({ status: 'failed', failed_at: secondsAfter(txn.created_at, 3_602) });
  });
});
