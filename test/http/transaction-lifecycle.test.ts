import { describe, expect, it } from 'vitest';
import { call, newClient } from '../support/fixtures';
import { createPaymentVia, simulate } from '../support/payments';

type Reach = (key: string, id: string) => Promise<unknown>;

/** How to bring a fresh pending transaction into each status through the API. */
const reach: Record<string, Reach> = {
  pending: async () => undefined,
  settled: (key, id) => simulate(key, id, 'settle'),
  failed: (key, id) => simulate(key, id, 'fail'),
  expired: (key, id) => simulate(key, id, 'expire'),
  cancelled: (key, id) => call('POST', `/transaction/${id}/cancel`, { key }),
};

const operations = {
  cancel: (key: string, id: string) => call('POST', `/transaction/${id}/cancel`, { key, body: { reason: 'customer asked' } }),
  'simulate settle': (key: string, id: string) => simulate(key, id, 'settle'),
  'simulate fail': (key: string, id: string) => simulate(key, id, 'fail'),
  'simulate expire': (key: string, id: string) => simulate(key, id, 'expire'),
} as const;

const verbs: Record<keyof typeof operations, string> = {
  cancel: 'cancel',
  'simulate settle': 'settle',
  'simulate fail': 'fail',
  'simulate expire': 'expire',
};

const expectedAfter: Record<keyof typeof operations, string> = {
  cancel: 'cancelled',
  'simulate settle': 'settled',
  'simulate fail': 'failed',
  'simulate expire': 'expired',
};

const pairs = Object.keys(reach).flatMap((status) => Object.keys(operations).map((op) => [status, op] as const));

describe('state machine, every (status × operation) pair', () => {
  it.each(pairs)('a %s transaction on %s', async (status, op) => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key);
    await reach[status]!(key, txn.id);
    const res = await operations[op as keyof typeof operations](key, txn.id);
    if (status === 'pending') {
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe(expectedAfter[op as keyof typeof operations]);
    } else {
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({
        code: 'INVALID_STATE',
        message: `Cannot ${verbs[op as keyof typeof operations]} a transaction whose status is ${status}`,
      });
      const after = await call('GET', `/transaction/${txn.id}`, { key });
      expect(after.body.data.status).toBe(status);
    }
  });
});

describe('transitions', () => {
  it('cancels with a reason, stamping cancelled_at and updated_at', async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key);
    const res = await call('POST', `/transaction/${txn.id}/cancel`, { key, body: { reason: 'changed my mind' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: txn.id, status: 'cancelled', cancellation_reason: 'changed my mind' });
    expect(res.body.data.cancelled_at).toBe(res.body.data.updated_at);
    expect(res.body.data.cancelled_at >= txn.created_at).toBe(true);
  });

  it('settles through the simulate endpoint and returns the settled transaction', async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key);
    const res = await simulate(key, txn.id, 'settle');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'settled', settled_at: expect.any(String), fee: 4000, net_amount: 146000 });
    expect((await call('GET', `/transaction/${txn.id}`, { key })).body.data).toEqual(res.body.data);
  });

  it('fails with a failure reason', async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key);
    const res = await simulate(key, txn.id, 'fail');
    expect(res.body.data).toMatchObject({ status: 'failed', failed_at: expect.any(String), failure_reason: expect.any(String) });
  });

  it('needs sandbox:simulate to simulate and transactions:write to cancel', async () => {
    const owner = await newClient();
    const txn = await createPaymentVia(owner.key);
    const { key } = await newClient(['transactions:read', 'transactions:write']);
    expect((await simulate(key, txn.id, 'settle')).status).toBe(403);
    const reader = await newClient(['transactions:read', 'sandbox:simulate']);
    expect((await call('POST', `/transaction/${txn.id}/cancel`, { key: reader.key })).status).toBe(403);
  });

  it('answers 404 for an unknown transaction on every operation', async () => {
    const { key } = await newClient();
    const unknown = 'txn_01JZZZZZZZZZZZZZZZZZZZZZZZ';
    for (const op of Object.values(operations)) {
      const res = await op(key, unknown);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
  });
});

describe('races', () => {
  it('lets exactly one of ten concurrent creates with one order_id win; nine get 409 DUPLICATE_ORDER_ID', async () => {
    const { key } = await newClient();
    const orderId = `RACE-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('POST', '/payment/create', {
          key,
          body: {
            order_id: orderId,
            amount: 10_000 + i,
            payment_method: 'qris',
            payment_channel: 'qris',
            customer: { name: 'Race', email: 'race@example.com' },
          },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const losers = results.filter((r) => r.status !== 201);
    expect(losers).toHaveLength(9);
    for (const r of losers) expect(r.body.error.code).toBe('DUPLICATE_ORDER_ID');
    const listed = await call('GET', `/transactions?order_id=${orderId}`, { key });
    expect(listed.body.data).toHaveLength(1);
  });

  it('lets exactly one of many racing cancel and settle requests win; the rest get 409', async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? call('POST', `/transaction/${txn.id}/cancel`, { key }) : simulate(key, txn.id, 'settle'))),
    );
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('INVALID_STATE');
    }
    const final = (await call('GET', `/transaction/${txn.id}`, { key })).body.data.status;
    expect(final).toBe(winners[0]!.body.data.status);
  });
});
