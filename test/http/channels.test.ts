import { beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../lib/catalog';
import { call, newClient, type TestClient } from '../support/fixtures';

describe('GET /payment/channels', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await newClient(['channels:read']);
  });

  it('lists the whole catalog to a key holding only channels:read', async () => {
    const res = await call('GET', '/payment/channels', { key: client.key });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.map((m: { payment_method: string }) => m.payment_method)).toEqual(['bank_transfer', 'ewallet', 'qris', 'card', 'retail']);
    const bca = res.body.data[0].channels[0];
    expect(bca).toEqual({
      payment_channel: 'bca_va',
      name: 'BCA Virtual Account',
      currency: 'IDR',
      min_amount: 10000,
      max_amount: 100000000,
      fee: { flat: 4000, percent: 0 },
      expiry_minutes: 1440,
      enabled: true,
    });
    expect(res.body.data).toEqual(JSON.parse(JSON.stringify(catalog)));
  });

  it('narrows the list to one payment method', async () => {
    const res = await call('GET', '/payment/channels?payment_method=ewallet', { key: client.key });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].channels.map((c: { payment_channel: string }) => c.payment_channel)).toEqual(['gopay', 'ovo', 'dana', 'shopeepay']);
  });

  it('rejects an unknown payment method with 400 VALIDATION_ERROR naming the parameter', async () => {
    const res = await call('GET', '/payment/channels?payment_method=crypto', { key: client.key });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([{ field: 'payment_method', message: 'must be one of bank_transfer, ewallet, qris, card, retail' }]);
  });

  it('rejects an unknown query parameter with 400', async () => {
    const res = await call('GET', '/payment/channels?paymentmethod=qris', { key: client.key });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'paymentmethod', message: 'is not a recognized query parameter' }]);
  });
});
