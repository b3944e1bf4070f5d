import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, newClient } from '../support/fixtures';
import { createPaymentVia, simulate } from '../support/payments';

async function settledPayment(key: string, overrides: Record<string, unknown> = {}) {
  const txn = await createPaymentVia(key, overrides);
  const res = await simulate(key, txn.id, 'settle');
  expect(res.status).toBe(200);
  return res.body.data;
}

const refund = (key: string, body: Record<string, unknown>, headers?: Record<string, string>) => call('POST', '/refund', { key, body, headers });

describe('POST /refund', () => {
  it('refunds everything that is left when no amount is given, and the transaction becomes refunded', async () => {
    const { key } = await newClient();
    const txn = await settledPayment(key);
    const res = await refund(key, { transaction_id: txn.id, reason: 'returned goods' });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^rfd_[0-9A-HJKMNP-TV-Z]{26}$/),
      transaction_id: txn.id,
      order_id: txn.order_id,
      amount: 150_000,
      currency: 'IDR',
      reason: 'returned goods',
      status: 'succeeded',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const after = (await call('GET', `/transaction/${txn.id}`, { key })).body.data;
    expect(after).toMatchObject({ status: 'refunded', refunded_amount: 150_000 });
  });

  it('keeps a partly refunded transaction settled and refundable, then refuses more than is left with 422', async () => {
    const { key } = await newClient();
    const txn = await settledPayment(key);
    expect((await refund(key, { transaction_id: txn.id, amount: 50_000 })).status).toBe(201);
    let after = (await call('GET', `/transaction/${txn.id}`, { key })).body.data;
    expect(after).toMatchObject({ status: 'settled', refunded_amount: 50_000 });

    const tooMuch = await refund(key, { transaction_id: txn.id, amount: 100_001 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error).toEqual({
      code: 'AMOUNT_EXCEEDS_REFUNDABLE',
      message: 'Refund amount 100001 exceeds the refundable amount 100000',
    });

    const rest = await refund(key, { transaction_id: txn.id });
    expect(rest.body.data.amount).toBe(100_000);
    after = (await call('GET', `/transaction/${txn.id}`, { key })).body.data;
    expect(after).toMatchObject({ status: 'refunded', refunded_amount: 150_000 });
  });

  it('finds the transaction by order_id', async () => {
    const { key } = await newClient();
    const txn = await settledPayment(key);
    const res = await refund(key, { order_id: txn.order_id, amount: 1_000 });
    expect(res.status).toBe(201);
    expect(res.body.data.transaction_id).toBe(txn.id);
  });

  it.each([
    ['pending', async (_key: string, _id: string) => undefined],
    ['failed', (key: string, id: string) => simulate(key, id, 'fail')],
    ['expired', (key: string, id: string) => simulate(key, id, 'expire')],
    ['cancelled', (key: string, id: string) => call('POST', `/transaction/${id}/cancel`, { key })],
    [
      'refunded',
      async (key: string, id: string) => {
        await simulate(key, id, 'settle');
        await refund(key, { transaction_id: id });
      },
    ],
  ])('refuses a %s transaction with 409 INVALID_STATE', async (status, reach) => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key);
    await reach(key, txn.id);
    const res = await refund(key, { transaction_id: txn.id, amount: 1_000 });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'INVALID_STATE', message: `Cannot refund a transaction whose status is ${status}` });
  });

  it('answers 404 for an unknown transaction, an unknown order_id and another client’s transaction', async () => {
    const alice = await newClient();
    const bob = await newClient();
    const txn = await settledPayment(alice.key);
    for (const body of [
      { transaction_id: 'txn_01JZZZZZZZZZZZZZZZZZZZZZZZ' },
      { order_id: 'NO-SUCH-ORDER' },
      { transaction_id: txn.id },
      { order_id: txn.order_id },
    ]) {
      const res = await refund(bob.key, body);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    expect((await call('GET', `/transaction/${txn.id}`, { key: alice.key })).body.data.refunded_amount).toBe(0);
  });

  it.each([
    [{}, 'transaction_id', 'exactly one of transaction_id or order_id is required'],
    [{ transaction_id: 'txn_01JZZZZZZZZZZZZZZZZZZZZZZZ', order_id: 'A' }, 'transaction_id', 'exactly one of transaction_id or order_id is required'],
    [{ order_id: 'A', amount: 0 }, 'amount', 'must be at least 1'],
    [{ order_id: 'A', amount: 10.5 }, 'amount', 'must be an integer'],
    [{ order_id: 'A', reason: 'x'.repeat(256) }, 'reason', 'must be at most 255 characters'],
    [{ order_id: 'A', refund_all: true }, 'refund_all', 'is not a recognized field'],
    [{ transaction_id: 'txn_01jzzzzzzzzzzzzzzzzzzzzzzz' }, 'transaction_id', 'must be a transaction id (txn_ followed by a ULID)'],
    [{ transaction_id: 'txn_8ZZZZZZZZZZZZZZZZZZZZZZZZZ' }, 'transaction_id', 'must be a transaction id (txn_ followed by a ULID)'],
  ])('rejects %j with 400 naming %s', async (body, field, message) => {
    const { key } = await newClient();
    const res = await refund(key, body);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field, message }]);
  });

  it('needs refunds:write', async () => {
    const { key } = await newClient(['transactions:write', 'transactions:read', 'sandbox:simulate']);
    const txn = await settledPayment(key);
    const res = await refund(key, { transaction_id: txn.id });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
  });

  it('accepts exactly five of twelve concurrent 20% refunds, and the transaction ends refunded', async () => {
    const { key } = await newClient();
    const txn = await settledPayment(key, { amount: 100_000 });
    const results = await Promise.all(Array.from({ length: 12 }, () => refund(key, { transaction_id: txn.id, amount: 20_000 })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect([409, 422]).toContain(r.status);
      expect(['INVALID_STATE', 'AMOUNT_EXCEEDS_REFUNDABLE']).toContain(r.body.error.code);
    }
    const after = (await call('GET', `/transaction/${txn.id}`, { key })).body.data;
    expect(after).toMatchObject({ status: 'refunded', refunded_amount: 100_000 });
    const ledger = await call('GET', `/settlements?transaction_id=${txn.id}&type=refund`, { key });
    expect(ledger.body.data).toHaveLength(5);
  });

  it('never refunds twice for a retried request with the same Idempotency-Key', async () => {
    const { key } = await newClient();
    const txn = await settledPayment(key);
    const idem = randomUUID();
    const first = await refund(key, { transaction_id: txn.id, amount: 10_000 }, { 'idempotency-key': idem });
    const again = await refund(key, { transaction_id: txn.id, amount: 10_000 }, { 'idempotency-key': idem });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await call('GET', `/transaction/${txn.id}`, { key })).body.data.refunded_amount).toBe(10_000);
  });
});
