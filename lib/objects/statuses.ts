/**
 * A transaction's statuses (docs/api.md §5): what its `status` holds and a list may filter by. The
 * transitions between them, and which operation may start from which, are lib/payments/states.ts.
 */
export const statuses = ['pending', 'settled', 'failed', 'expired', 'cancelled', 'refunded'] as const;
export type Status = (typeof statuses)[number];
