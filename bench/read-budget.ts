import { getItem } from '../lib/db/requests';
import { createClient, createKey } from '../lib/auth/key-repository';
import { systemClock } from '../lib/clock';
import type { Db } from '../lib/db/db';
import { keys } from '../lib/db/keys';
import { ListTransactionsQuery } from '../lib/objects/list-queries';
import { listTransactions } from '../lib/payments/payments';
import { itemSize } from './capacity';
import { HttpApi, json } from './client';
import type { CallCounter, CallRecord } from './counter';
import { paymentBody } from './payloads';
import { mapLimit, round } from './stats';

/**
 * Part 6: the most one list request reads. A client of its own holds many large transactions
 * (the largest metadata the contract allows: 20 keys, 500-character values, ~11 KB an item),
 * one in 40 of them a QRIS payment. `GET /transactions?payment_channel=qris&limit=100` is followed
 * through all its cursors twice: through the API, with the stage's read budget, and through the
 * same use case with the budget lifted (what a list did before it had one). Per request: the read
 * units DynamoDB Local reports for its queries, the queries, the items they read.
 */

/** One in this many transactions matches the filter. */
const MATCH_EVERY = 40;
const QUERY = 'payment_channel=qris&limit=100';
const MAX_REQUESTS = 50;

export interface ListWalk {
  readonly requests: number;
  readonly matchesFound: number;
  /** Every match once, newest first, and nothing else. */
  readonly everyMatchOnce: boolean;
  /** Read units of the costliest request's queries, as DynamoDB Local reports them. */
  readonly worstReadUnits: number;
  readonly meanReadUnits: number;
  readonly worstQueries: number;
  /** Items the costliest request's queries read (before the filter). */
  readonly worstItemsRead: number;
}

export interface ReadBudgetResult {
  readonly query: string;
  readonly transactions: number;
  readonly matches: number;
  /** Size of one stored transaction, as DynamoDB counts it. */
  readonly itemKb: number;
  /** The stage's LIST_READ_UNITS_PER_REQUEST the handlers ran with. */
  readonly budget: number;
  readonly withBudget: ListWalk;
  readonly withoutBudget: ListWalk;
  readonly failures: string[];
}

interface PageCost {
  readonly ids: string[];
  readonly cursor: string | null;
  readonly calls: CallRecord[];
}

function walkOf(pages: readonly PageCost[], expected: readonly string[]): ListWalk {
  const queries = pages.map((p) => p.calls.filter((c) => c.command === 'Query'));
  const units = queries.map((q) => q.reduce((total, c) => total + (c.reportedRcu ?? 0), 0));
  const items = queries.map((q) => q.reduce((total, c) => total + Number((c.output?.ScannedCount as number | undefined) ?? 0), 0));
  const worst = units.indexOf(Math.max(...units));
  const found = pages.flatMap((p) => p.ids);
  return {
    requests: pages.length,
    matchesFound: found.length,
    everyMatchOnce: JSON.stringify(found) === JSON.stringify(expected),
    worstReadUnits: round(units[worst] ?? 0, 1),
    meanReadUnits: round(units.reduce((a, b) => a + b, 0) / Math.max(1, units.length), 1),
    worstQueries: Math.max(0, ...queries.map((q) => q.length)),
    worstItemsRead: items[worst] ?? 0,
  };
}

async function follow(page: (cursor: string | undefined) => Promise<PageCost>): Promise<PageCost[]> {
  const pages: PageCost[] = [];
  let cursor: string | undefined;
  do {
    const next = await page(cursor);
    pages.push(next);
    cursor = next.cursor ?? undefined;
  } while (cursor && pages.length < MAX_REQUESTS);
  return pages;
}

/**
 * Makes the client and its transactions through the API, then walks the filtered list with and
 * without the budget. `db` is the handlers' own client, which `counter` watches.
 */
export async function measureReadBudget(options: {
  readonly baseUrl: string;
  readonly db: Db;
  readonly counter: CallCounter;
  readonly transactions: number;
  readonly budget: number;
}): Promise<ReadBudgetResult> {
  const { db, counter } = options;
  const client = await createClient(db, 'bench read budget');
  const { key } = await createKey(db, { clientId: client.id });
  const api = new HttpApi(options.baseUrl, key, 8);
  const failures: string[] = [];
  try {
    const metadata = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${String(i).padStart(39, '0')}`, 'v'.repeat(500)]));
    const created = await mapLimit(Array.from({ length: options.transactions }), 8, async (_, i) => {
      const qris = i % MATCH_EVERY === MATCH_EVERY - 1;
      const body = { ...paymentBody(), metadata, ...(qris && { payment_method: 'qris', payment_channel: 'qris' }) };
      const res = await api.send({ method: 'POST', path: '/payment/create', body });
      if (res.status !== 201) throw new Error(`read-budget fixture: HTTP ${res.status} ${res.text.slice(0, 200)}`);
      return { id: String(json(res).data.id), qris };
    });
    const expected = created
      .filter((t) => t.qris)
      .map((t) => t.id)
      .sort()
      .reverse();
    const item = await getItem(db, { Key: keys.transaction(client.id, created[0]!.id), ConsistentRead: true });

    const queryString = (cursor: string | undefined) => `${QUERY}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const viaApi = await follow(async (cursor) => {
      const path = `/transactions?${queryString(cursor)}`;
      const { result, calls } = await counter.record(() => api.send({ method: 'GET', path }));
      if (result.status !== 200) throw new Error(`read-budget list: HTTP ${result.status} ${result.text.slice(0, 200)}`);
      const body = json(result);
      return { ids: body.data.map((t: { id: string }) => t.id), cursor: body.pagination.next_cursor, calls };
    });
    const unbounded = await follow(async (cursor) => {
      const query = ListTransactionsQuery.parse(Object.fromEntries(new URLSearchParams(queryString(cursor))));
      const { result, calls } = await counter.record(() => listTransactions({ db, clientId: client.id, clock: systemClock }, query, Number.MAX_SAFE_INTEGER));
      return { ids: result.data.map((t) => t.id), cursor: result.pagination.next_cursor, calls };
    });

    const withBudget = walkOf(viaApi, expected);
    const withoutBudget = walkOf(unbounded, expected);
    for (const [name, walk] of [
      ['with the budget', withBudget],
      ['without the budget', withoutBudget],
    ] as const) {
      if (!walk.everyMatchOnce) {
        failures.push(`read budget: the list ${name} found ${walk.matchesFound} of ${expected.length} matches, not each once in order`);
      }
    }
    return {
      query: `GET /transactions?${QUERY}`,
      transactions: options.transactions,
      matches: expected.length,
      itemKb: round(item ? itemSize(item) / 1024 : 0, 1),
      budget: options.budget,
      withBudget,
      withoutBudget,
      failures,
    };
  } finally {
    api.close();
  }
}
