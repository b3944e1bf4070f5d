import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock';
import { NO_CAUSE } from '../../lib/events/event';
import { apiErrorOf } from '../../lib/http/errors';
import { DEFAULT_LIMITS } from '../../lib/limits';
import { cancelTransaction, createPayment, getTransaction, listTransactions, simulateOutcome } from '../../lib/payments/payments';
import { refundTransaction } from '../../lib/payments/refund-transaction';
import { CreatePaymentBody } from '../../lib/payments/create-payment-body';
import { ListSettlementsQuery, ListTransactionsQuery } from '../../lib/objects/list-queries';
import { listSettlements } from '../../lib/payments/settlements';
import { newClient, testDb } from '../support/fixtures';
import { paymentBody } from '../support/payments';

type Op =
  | { kind: 'create'; client: number; channel: number; amount: number }
  | { kind: 'settle' | 'cancel' | 'fail'; client: number; pick: number }
  | { kind: 'refund'; client: number; pick: number; percent: number | null };

const channels = [
  { payment_method: 'bank_transfer', payment_channel: 'bca_va', min: 10_000 },
  { payment_method: 'ewallet', payment_channel: 'gopay', min: 1_000 },
  { payment_method: 'qris', payment_channel: 'qris', min: 1_000 },
  { payment_method: 'card', payment_channel: 'credit_card', min: 10_000 },
  { payment_method: 'retail', payment_channel: 'alfamart', min: 10_000 },
];

// Weighted so that settles and refunds often land on the same few transactions.
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      client: fc.nat(1),
      channel: fc.nat(channels.length - 1),
      amount: fc.integer({ min: 10_000, max: 2_000_000 }),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('settle' as const), client: fc.nat(1), pick: fc.nat(2) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constantFrom('cancel' as const, 'fail' as const), client: fc.nat(1), pick: fc.nat(2) }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('refund' as const), client: fc.nat(1), pick: fc.nat(2), percent: fc.option(fc.integer({ min: 1, max: 120 })) }),
    weight: 4,
  },
);

async function allPages<T>(fetch: (cursor?: string) => Promise<{ data: T[]; pagination: { next_cursor: string | null } }>) {
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetch(cursor);
    all.push(...page.data);
    cursor = page.pagination.next_cursor ?? undefined;
  } while (cursor);
  return all;
}

describe('settlement ledger', () => {
  it('always adds up: Σ net over the ledger = Σ (amount − fee − refunded) over settled and refunded transactions, per client, with nothing mixed', async () => {
    const db = testDb();
    let refunds = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        const clients = [await newClient(), await newClient()];
        const created: string[][] = [[], []];
        // Every run starts with a settled, partly refunded payment per client, so refunds are always exercised.
        const start: Op[] = [0, 1].flatMap((client): Op[] => [
          { kind: 'create', client, channel: client, amount: 100_000 },
          { kind: 'settle', client, pick: 0 },
          { kind: 'refund', client, pick: 0, percent: 30 },
        ]);
        // Each client's operations in their order, the two clients side by side: what one does
        // never waits for the other's, as two merchants' requests never do.
        const apply = async (client: number) => {
          const { clientId } = clients[client]!;
          const context = { db, clientId, clock: systemClock, cause: NO_CAUSE };
          const mine = created[client]!;
          for (const o of [...start, ...ops].filter((next) => next.client === client)) {
            try {
              if (o.kind === 'create') {
                const c = channels[o.channel]!;
                const body = CreatePaymentBody.parse(
                  paymentBody({ payment_method: c.payment_method, payment_channel: c.payment_channel, amount: Math.max(c.min, o.amount % 5_000_000) }),
                );
                mine.push((await createPayment(context, body)).id);
              } else if (mine.length > 0) {
                const id = mine[mine.length - 1 - (o.pick % mine.length)]!;
                if (o.kind === 'cancel') await cancelTransaction(context, id);
                else if (o.kind === 'refund') {
                  const txn = await getTransaction(context, id);
                  const amount = o.percent === null ? undefined : Math.max(1, Math.floor((txn.amount * o.percent) / 100));
                  await refundTransaction(context, { transaction_id: id, amount });
                  refunds++;
                } else await simulateOutcome(context, id, o.kind);
              }
            } catch (error) {
              // Refused operations (409, 422) are part of the game; anything else is a failure.
              const refused = apiErrorOf(error);
              if (!refused || refused.status >= 500) throw error;
            }
          }
        };
        await Promise.all([apply(0), apply(1)]);
        for (const [i, { clientId }] of clients.entries()) {
          const transactions = await allPages((cursor) =>
            listTransactions(
              { db, clientId, clock: systemClock },
              ListTransactionsQuery.parse({ limit: '100', ...(cursor ? { cursor } : {}) }),
              DEFAULT_LIMITS.readUnitsPerRequest,
            ),
          );
          const ledger = await allPages((cursor) =>
            listSettlements(
              { db, clientId, clock: systemClock },
              ListSettlementsQuery.parse({ limit: '100', ...(cursor ? { cursor } : {}) }),
              DEFAULT_LIMITS.readUnitsPerRequest,
            ),
          );
          expect(transactions.map((t) => t.id).sort()).toEqual([...created[i]!].sort());
          expect(ledger.every((e) => created[i]!.includes(e.transaction_id))).toBe(true);
          const expected = transactions
            .filter((t) => t.status === 'settled' || t.status === 'refunded')
            .reduce((sum, t) => sum + t.amount - t.fee - t.refunded_amount, 0);
          expect(ledger.reduce((sum, e) => sum + e.net_amount, 0)).toBe(expected);
          for (const t of transactions) expect(t.refunded_amount).toBeLessThanOrEqual(t.amount);
        }
      }),
      { numRuns: 20 },
    );
    // The property is only as good as the refunds it exercised.
    expect(refunds).toBeGreaterThanOrEqual(2 * 20);
  }, 240_000); // about 15 s alone on 2 idle cores: ample for a machine twice as slow and busy
});
