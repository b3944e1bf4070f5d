import { randomUUID } from 'node:crypto';

/** A valid create-payment body (bca_va, 150 000 IDR) with a unique order_id. */
export function paymentBody(): { order_id: string; amount: number } & Record<string, unknown> {
  return {
    order_id: `BENCH-${randomUUID()}`,
    amount: 150_000,
    payment_method: 'bank_transfer',
    payment_channel: 'bca_va',
    customer: { name: 'Budi Santoso', email: 'budi@example.com', phone: '+628123456789' },
  };
}
