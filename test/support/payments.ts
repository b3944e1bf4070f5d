import { randomUUID } from 'node:crypto';
import { call, type ApiResponse } from './fixtures';

/** A unique order_id, so tests never depend on an empty table. */
export const uniqueOrderId = (prefix = 'ORDER') => `${prefix}-${randomUUID()}`;

/** A valid create-payment body (bca_va, 150 000 IDR) with overrides. */
export function paymentBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    order_id: uniqueOrderId(),
    amount: 150_000,
    payment_method: 'bank_transfer',
    payment_channel: 'bca_va',
    customer: { name: 'Budi', email: 'budi@example.com', phone: '+628123456789' },
    ...overrides,
  };
}

/** Creates a payment through the API and returns the transaction (fails the test on anything but 201). */
export async function createPaymentVia(key: string, overrides: Record<string, unknown> = {}): Promise<any> {
  const res = await call('POST', '/payment/create', { key, body: paymentBody(overrides) });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Moves a transaction with the simulate control endpoint. */
export function simulate(key: string, id: string, outcome: 'settle' | 'fail' | 'expire'): Promise<ApiResponse> {
  return call('POST', `/transaction/${id}/simulate`, { key, body: { outcome } });
}
