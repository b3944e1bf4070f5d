import { contract } from '../http/contract';
import { listEnvelope } from '../http/envelope-schemas';
import { SettlementEntry } from '../objects/settlement-entry';
import { ListSettlementsQuery } from '../objects/list-queries';
import { listSettlementsRoute } from '../routes';
import { lastPage, refundExample, settlementEntryExample } from '../objects/examples';

export const listSettlementsContract = contract({
  route: listSettlementsRoute,
  tag: 'Settlements',
  description:
    'The ledger, newest first: one entry when a payment settles, one negative entry per refund. The sum ' +
    "of `net_amount` over all entries is the client's balance. A page may hold fewer than `limit` entries " +
    '(even none) with `has_more: true` when filters discard many: one request reads a bounded amount; follow `next_cursor`.',
  query: ListSettlementsQuery,
  response: {
    status: 200,
    description: 'A page of settlement entries, newest first',
    schema: listEnvelope(SettlementEntry),
    example: {
      success: true,
      data: [
        {
          ...settlementEntryExample,
          id: 'stl_01M83VVAE0K7N3Q8T1W5Y9B2D4',
          type: 'refund',
          refund_id: refundExample.id,
          gross_amount: -refundExample.amount,
          fee: 0,
          net_amount: -refundExample.amount,
          settled_at: refundExample.created_at,
        },
        settlementEntryExample,
      ],
      pagination: lastPage,
    },
  },
});
