import { beforeAll, describe, expect, inject, it } from 'vitest';
import { systemClock } from '../../lib/clock';
import { createDb } from '../../lib/db/client';
import type { Db } from '../../lib/db/db';
import { NO_CAUSE } from '../../lib/events/event';
import { DEFAULT_LIMITS } from '../../lib/limits';
import { CreatePaymentBody } from '../../lib/payments/create-payment-body';
import { ListTransactionsQuery } from '../../lib/objects/list-queries';
import { createPayment, listTransactions } from '../../lib/payments/payments';
import { newClient } from '../support/fixtures';
import { paymentBody } from '../support/payments';

// One filtered list over many large transactions: without a budget a single request reads up
// to five queries of 100 items (about 10 KB each, ~1.25 read units apiece); with the default
// budget it stops near 256 read units, answers what it found with a cursor, and the cursors
// lead to every match exactly once. Read units are what DynamoDB Local reports, summed by a
// middleware on this file's own client.

const BUDGET = DEFAULT_LIMITS.readUnitsPerRequest;
const TRANSACTIONS = 320;
/** Every 40th transaction is a QRIS payment: the matches sit far apart, as in the issue. */
const isQris = (i: number) => i % 40 === 7;

/** The largest metadata the contract allows: 20 keys of 40 characters, 500-character values. */
const largeMetadata = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${String(i).padStart(39, '0')}`, 'v'.repeat(500)]));

let db: Db;
let clientId: string;
let qrisIds: string[];
/** Read units of the Query calls since the last reset. */
let readUnits = 0;

beforeAll(async () => {
  db = createDb(inject('tableName'), { endpoint: inject('dynamoEndpoint') });
  db.client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: { CapacityUnits?: number } }).ConsumedCapacity;
      if (context.commandName === 'QueryCommand') readUnits += consumed?.CapacityUnits ?? 0;
      return result;
    },
    { step: 'initialize', name: 'readUnitsOfQueries' },
  );
  ({ clientId } = await newClient());
  const bodies = Array.from({ length: TRANSACTIONS }, (_, i) =>
    CreatePaymentBody.parse(
      paymentBody({
        metadata: largeMetadata,
        ...(isQris(i) ? { payment_method: 'qris', payment_channel: 'qris' } : {}),
      }),
    ),
  );
  const created: { id: string; payment_channel: string }[] = [];
  for (let i = 0; i < bodies.length; i += 8) {
    created.push(...(await Promise.all(bodies.slice(i, i + 8).map((body) => createPayment({ db, clientId, clock: systemClock, cause: NO_CAUSE }, body)))));
  }
  // Newest first, as the list answers.
  qrisIds = created
    .filter((t) => t.payment_channel === 'qris')
    .map((t) => t.id)
    .sort()
    .reverse();
}, 180_000);

async function page(cursor: string | undefined, budget: number) {
  readUnits = 0;
  const query = ListTransactionsQuery.parse({ payment_channel: 'qris', limit: '100', ...(cursor ? { cursor } : {}) });
  const result = await listTransactions({ db, clientId, clock: systemClock }, query, budget);
  return { ...result, readUnits };
}

describe('GET /transactions filtered over many large transactions', () => {
  it('stops reading at the read budget and answers the matches found so far with has_more and a next_cursor', async () => {
    const first = await page(undefined, BUDGET);
    expect(first.readUnits).toBeGreaterThan(BUDGET / 2);
    expect(first.readUnits).toBeLessThanOrEqual(BUDGET);
    expect(first.data.length).toBeGreaterThan(0);
    expect(first.data.length).toBeLessThan(qrisIds.length);
    expect(first.data.every((t) => t.payment_channel === 'qris')).toBe(true);
    expect(first.pagination).toMatchObject({ limit: 100, has_more: true, next_cursor: expect.any(String) });
  });

  it('leads through its cursors to every match exactly once, newest first, each request within the budget', async () => {
    const seen: string[] = [];
    const costs: number[] = [];
    let cursor: string | undefined;
    do {
      const next = await page(cursor, BUDGET);
      seen.push(...next.data.map((t) => t.id));
      costs.push(next.readUnits);
      cursor = next.pagination.next_cursor ?? undefined;
    } while (cursor && costs.length < 10);
    expect(seen).toEqual(qrisIds);
    expect(costs.length).toBeGreaterThan(1);
    for (const cost of costs) expect(cost).toBeLessThanOrEqual(BUDGET);
  });

  it('would read far more in one request without the budget', async () => {
    const unbounded = await page(undefined, Number.MAX_SAFE_INTEGER);
    expect(unbounded.readUnits).toBeGreaterThan(BUDGET * 1.3);
    expect(unbounded.data.map((t) => t.id)).toEqual(qrisIds);
  });

  it('always makes progress: even a budget smaller than one query reads one query and answers with a cursor', async () => {
    const tiny = await page(undefined, 1);
    expect(tiny.pagination.has_more).toBe(true);
    const next = await page(tiny.pagination.next_cursor!, 1);
    expect(next.pagination.next_cursor).not.toBe(tiny.pagination.next_cursor);
  });
});
