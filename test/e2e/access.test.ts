import { describe, expect, it } from 'vitest';
import { api } from './client';

const unauthorized = { success: false, error: { code: 'UNAUTHORIZED', message: 'Invalid or missing API key' } };

describe('e2e: channels and access', () => {
  it('lists every payment method of the catalog, as JSON with a request id', async () => {
    const res = await api('GET', '/payment/channels');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.body.success).toBe(true);
    expect(res.body.data.map((m: any) => m.payment_method)).toEqual(['bank_transfer', 'ewallet', 'qris', 'card', 'retail']);
    expect(res.body.data[0].channels[0]).toMatchObject({
      payment_channel: 'bca_va',
      currency: 'IDR',
      min_amount: 10_000,
      fee: { flat: 4_000, percent: 0 },
      enabled: true,
    });
  });

  it('narrows the channels to one payment method', async () => {
    const res = await api('GET', '/payment/channels?payment_method=qris');
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: any) => m.payment_method)).toEqual(['qris']);
  });

  it('answers 401 with the exact body without a key and with a key that was never issued', async () => {
    for (const key of [null, `sk_sbx_${'A'.repeat(43)}`]) {
      const res = await api('GET', '/payment/channels', { key });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(unauthorized);
    }
  });

  it('answers 404 NOT_FOUND for a path the API does not have', async () => {
    const res = await api('GET', '/no/such/path');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });
});
