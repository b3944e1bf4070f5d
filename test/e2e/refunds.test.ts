import { afterAll, describe, expect, it } from 'vitest';
import { api, cleanUp, createPayment } from './client';

afterAll(cleanUp);

describe('e2e: settlement and refunds', () => {
  it('settles a payment, refunds it partly then fully, and its ledger shows the three entries', async () => {
    const txn = await createPayment('refund');
    const settled = await api('POST', `/transaction/${txn.id}/simulate`, { body: { outcome: 'settle' } });
    expect(settled.status).toBe(200);
    expect(settled.body.data).toMatchObject({ status: 'settled', settled_at: expect.any(String) });

    const partial = await api('POST', '/refund', { body: { transaction_id: txn.id, amount: 50_000, reason: 'e2e partial' } });
    expect(partial.status).toBe(201);
    expect(partial.body.data).toMatchObject({ transaction_id: txn.id, order_id: txn.order_id, amount: 50_000, status: 'succeeded' });
    expect((await api('GET', `/transaction/${txn.id}`)).body.data).toMatchObject({ status: 'settled', refunded_amount: 50_000 });

    const tooMuch = await api('POST', '/refund', { body: { transaction_id: txn.id, amount: 100_001 } });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.code).toBe('AMOUNT_EXCEEDS_REFUNDABLE');

    const rest = await api('POST', '/refund', { body: { order_id: txn.order_id } });
    expect(rest.status).toBe(201);
    expect(rest.body.data.amount).toBe(100_000);
    expect((await api('GET', `/transaction/${txn.id}`)).body.data).toMatchObject({ status: 'refunded', refunded_amount: 150_000 });

    const ledger = await api('GET', `/settlements?transaction_id=${txn.id}`);
    expect(ledger.status).toBe(200);
    const common = { transaction_id: txn.id, order_id: txn.order_id, payment_method: 'bank_transfer', payment_channel: 'bca_va', currency: 'IDR' };
    expect(ledger.body.data).toEqual([
      expect.objectContaining({ ...common, type: 'refund', refund_id: rest.body.data.id, gross_amount: -100_000, fee: 0, net_amount: -100_000 }),
      expect.objectContaining({ ...common, type: 'refund', refund_id: partial.body.data.id, gross_amount: -50_000, fee: 0, net_amount: -50_000 }),
      expect.objectContaining({ ...common, type: 'payment', refund_id: null, gross_amount: 150_000, fee: 4_000, net_amount: 146_000 }),
    ]);
    // The fee is not given back: the transaction's net effect on the balance is minus the fee.
    expect(ledger.body.data.reduce((sum: number, e: any) => sum + e.net_amount, 0)).toBe(-4_000);

    const refundsOnly = await api('GET', `/settlements?transaction_id=${txn.id}&type=refund`);
    expect(refundsOnly.body.data).toHaveLength(2);
  });

  it('refuses to refund a payment that is still pending with 409 INVALID_STATE', async () => {
    const txn = await createPayment('pending-refund');
    const res = await api('POST', '/refund', { body: { transaction_id: txn.id } });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'INVALID_STATE', message: 'Cannot refund a transaction whose status is pending' });
  });
});
