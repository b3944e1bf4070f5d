import * as z from 'zod/mini';
import { idPattern, isId } from '../ids';
import { meta } from '../meta';
import { simulateOutcomes } from './states';
import { prose } from '../objects/schemas';

/** The path and bodies of the routes that act on one transaction (docs/api.md §5). */

export const TransactionIdParams = z.object({
  id: meta(z.string().check(z.refine((id) => isId('transaction', id), { error: 'must be a transaction id (txn_ followed by a ULID)' })), {
    description: 'The transaction id (txn_ followed by a ULID)',
    override: { pattern: idPattern('transaction').source },
    examples: ['txn_01M80CCH60Q4X8V3K9T2B7N5RD'],
  }),
});

export const CancelBody = meta(
  z.strictObject({ reason: meta(z.optional(prose(255)), { description: 'Recorded as the cancellation_reason' }) }, { error: 'must be an object' }),
  { examples: [{ reason: 'Customer changed their mind' }] },
);

export const SimulateBody = meta(
  z.strictObject({
    outcome: meta(z.enum(simulateOutcomes, { error: `must be one of ${simulateOutcomes.join(', ')}` }), {
      description: '`settle` (writes the settlement entry), `fail` or `expire` the pending transaction',
    }),
  }),
  { examples: [{ outcome: 'settle' }] },
);
