import type { Status } from '../objects/statuses';

/** A transaction's transitions between its statuses (lib/objects/statuses.ts, docs/api.md §5), as data. */

/** The operations that move a transaction, what they need, where they lead and which timestamp they stamp. */
export const transitions = {
  cancel: { verb: 'cancel', from: ['pending'], to: 'cancelled', stamp: 'cancelled_at' },
  settle: { verb: 'settle', from: ['pending'], to: 'settled', stamp: 'settled_at' },
  fail: { verb: 'fail', from: ['pending'], to: 'failed', stamp: 'failed_at' },
  expire: { verb: 'expire', from: ['pending'], to: 'expired', stamp: 'expired_at' },
  refund: { verb: 'refund', from: ['settled'], to: 'settled', stamp: null },
} as const satisfies Record<string, { verb: string; from: readonly Status[]; to: Status; stamp: string | null }>;

export type Operation = keyof typeof transitions;

/** What POST /transaction/{id}/simulate can make of a pending transaction. */
export const simulateOutcomes = ['settle', 'fail', 'expire'] as const satisfies readonly Operation[];
export type SimulateOutcome = (typeof simulateOutcomes)[number];

/** True when the operation may start from this status. */
export function allows(operation: Operation, status: Status): boolean {
  return (transitions[operation].from as readonly Status[]).includes(status);
}
