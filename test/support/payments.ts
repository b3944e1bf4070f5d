import { randomUUID } from 'node:crypto';
import { getItem, putItem } from '../../lib/db/requests';
import { transactionEntity } from '../../lib/payments/items';
import { call, testDb, type ApiResponse } from './fixtures';

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

/** A transaction's stored item, read strongly consistent. */
export async function storedItem(clientId: string, transactionId: string): Promise<Record<string, unknown>> {
  return (await getItem(testDb(), { Key: transactionEntity.key(clientId, transactionId), ConsistentRead: true }))!;
}

/**
 * Fixture: the payment expires now, as if its expiry_minutes had just run out (the API cannot set
 * an expiry shorter than a minute): its expires_at and its due attributes, written in the table.
 * Returns the new expires_at.
 */
export async function expireNow(clientId: string, transactionId: string): Promise<string> {
  const stored = transactionEntity.fromItem(await storedItem(clientId, transactionId));
  const expiresAt = new Date(Math.max(Date.now(), Date.parse(stored.transaction.created_at) + 1)).toISOString();
  await putItem(testDb(), { Item: transactionEntity.toItem({ ...stored, transaction: { ...stored.transaction, expires_at: expiresAt }, dueAt: expiresAt }) });
  return expiresAt;
}
