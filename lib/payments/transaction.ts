import type { Status } from './states';

export interface Customer {
  readonly name: string;
  readonly email: string;
  readonly phone?: string;
}

export type MetadataValue = string | number | boolean | null;

/** The transaction object of API.md §5, as stored and as returned. */
export interface Transaction {
  readonly id: string;
  readonly order_id: string;
  readonly status: Status;
  readonly amount: number;
  readonly currency: string;
  readonly payment_method: string;
  readonly payment_channel: string;
  readonly customer: Customer;
  readonly description: string | null;
  readonly metadata: Readonly<Record<string, MetadataValue>>;
  readonly fee: number;
  readonly net_amount: number;
  readonly refunded_amount: number;
  readonly payment_details: Readonly<Record<string, string>>;
  readonly expires_at: string;
  readonly created_at: string;
  readonly updated_at: string;
  readonly settled_at: string | null;
  readonly cancelled_at: string | null;
  readonly expired_at: string | null;
  readonly failed_at: string | null;
  readonly cancellation_reason: string | null;
  readonly failure_reason: string | null;
}

const fields = [
  'id', 'order_id', 'status', 'amount', 'currency', 'payment_method', 'payment_channel', 'customer',
  'description', 'metadata', 'fee', 'net_amount', 'refunded_amount', 'payment_details', 'expires_at',
  'created_at', 'updated_at', 'settled_at', 'cancelled_at', 'expired_at', 'failed_at',
  'cancellation_reason', 'failure_reason',
] as const satisfies readonly (keyof Transaction)[];

/**
 * The transaction as the client sees it at `now`: a pending one whose `expires_at` has passed is
 * `expired` (with `expired_at = expires_at`) everywhere, whether or not the table says so yet.
 */
export function viewTransaction(item: Record<string, unknown>, now: Date): Transaction {
  const stored = Object.fromEntries(fields.map((f) => [f, item[f] ?? null])) as unknown as Transaction;
  const { name, email, phone } = stored.customer;
  Object.assign(stored, { customer: phone === undefined ? { name, email } : { name, email, phone } });
  if (stored.status === 'pending' && stored.expires_at <= now.toISOString()) {
    const updated = stored.updated_at > stored.expires_at ? stored.updated_at : stored.expires_at;
    return { ...stored, status: 'expired', expired_at: stored.expires_at, updated_at: updated };
  }
  return stored;
}

/** The status the client would see at `now`. */
export function effectiveStatus(item: Record<string, unknown>, now: Date): Status {
  return viewTransaction(item, now).status;
}
