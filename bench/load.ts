import { json, type HttpApi } from './client';
import type { LoadConfig, LoadOutput } from './load-worker';
import { mapLimit, round } from './stats';
import { runWorker } from './worker-process';

/**
 * Part 4: autocannon (bench/load-worker.ts, its own process) drives a create/get/list mix for a
 * fixed time; then every transaction it created is read back through the API and the client's
 * ledger invariant is checked over all of its transactions and settlement entries (which include
 * the settles and refunds of the endpoint measurements).
 */

const EXPECTED: Record<keyof LoadOutput['statuses'], string> = { create: '201', get: '200', list: '200' };

export interface LoadResult {
  readonly connections: number;
  readonly durationSeconds: number;
  readonly mix: string;
  readonly requests: number;
  readonly requestsPerSecond: number;
  readonly latencyMs: LoadOutput['latencyMs'];
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  readonly statuses: LoadOutput['statuses'];
  readonly created: number;
  readonly readBack: { readonly checked: number; readonly failures: string[] };
  readonly ledger: LedgerCheck;
  /** Why the load test failed (errors, non-2xx, a failed read-back or a broken invariant); empty when it passed. */
  readonly failures: string[];
}

export interface LedgerCheck {
  readonly transactions: number;
  readonly entries: number;
  /** Σ net_amount over the ledger. */
  readonly balance: number;
  /** Σ (amount − fee − refunded_amount) over settled and refunded transactions. */
  readonly expected: number;
  readonly holds: boolean;
  readonly problems: string[];
}

function runLoadWorker(config: LoadConfig): Promise<LoadOutput> {
  return runWorker<LoadOutput>('load-worker.ts', config, { timeoutMs: (config.durationSeconds + 60) * 1000, stopSignal: 'SIGKILL' });
}

/** Every page of a list through the API, following next_cursor. */
async function allPages(api: HttpApi, path: string): Promise<Record<string, any>[]> {
  const items: Record<string, any>[] = [];
  let cursor: string | null = null;
  for (let page = 0; ; page++) {
    if (page > 10_000) throw new Error(`${path}: more than 10 000 pages`);
    const res = await api.send({ method: 'GET', path: `${path}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}` });
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
    const body = json(res);
    items.push(...(body.data as Record<string, any>[]));
    cursor = body.pagination.next_cursor as string | null;
    if (!cursor) return items;
  }
}

/** Σ net over the ledger = Σ (amount − fee − refunded) over settled/refunded transactions; every entry is the client's; no over-refund. */
export async function checkLedger(api: HttpApi, mustContain: readonly string[]): Promise<LedgerCheck> {
  const transactions = await allPages(api, '/transactions');
  const entries = await allPages(api, '/settlements');
  const problems: string[] = [];
  const ids = new Set(transactions.map((t) => String(t.id)));
  if (ids.size !== transactions.length) problems.push(`${transactions.length - ids.size} transactions listed twice`);
  const missing = mustContain.filter((id) => !ids.has(id));
  if (missing.length > 0) problems.push(`${missing.length} created transactions missing from the list, e.g. ${missing[0]}`);
  const foreign = entries.filter((e) => !ids.has(String(e.transaction_id)));
  if (foreign.length > 0) problems.push(`${foreign.length} ledger entries of unknown transactions`);
  const overRefunded = transactions.filter((t) => t.refunded_amount > t.amount);
  if (overRefunded.length > 0) problems.push(`${overRefunded.length} transactions refunded beyond their amount`);
  const balance = entries.reduce((total, e) => total + Number(e.net_amount), 0);
  const expected = transactions
    .filter((t) => t.status === 'settled' || t.status === 'refunded')
    .reduce((total, t) => total + t.amount - t.fee - t.refunded_amount, 0);
  if (balance !== expected) problems.push(`ledger balance ${balance} ≠ ${expected} from the transactions`);
  return { transactions: transactions.length, entries: entries.length, balance, expected, holds: problems.length === 0, problems };
}

export interface LoadOptions {
  readonly baseUrl: string;
  readonly connections: number;
  readonly durationSeconds: number;
  readonly seedId: string;
  readonly workFile: string;
}

/** Runs the load test and its checks. */
export async function runLoad(api: HttpApi, options: LoadOptions): Promise<LoadResult> {
  const output = await runLoadWorker({
    baseUrl: options.baseUrl,
    key: api.key,
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    seedId: options.seedId,
    out: options.workFile,
  });

  const failures: string[] = [];
  if (output.errors > 0) failures.push(`${output.errors} connection errors (${output.timeouts} timeouts)`);
  if (output.non2xx > 0) failures.push(`${output.non2xx} non-2xx responses`);
  for (const [kind, byStatus] of Object.entries(output.statuses) as [keyof LoadOutput['statuses'], Record<string, number>][]) {
    const unexpected = Object.entries(byStatus).filter(([status]) => status !== EXPECTED[kind]);
    if (unexpected.length > 0) failures.push(`${kind}: unexpected statuses ${JSON.stringify(Object.fromEntries(unexpected))}`);
  }
  if (output.created.length === 0) failures.push('no transaction was created');

  const readBackFailures: string[] = [];
  await mapLimit(output.created, 16, async (t) => {
    const res = await api.send({ method: 'GET', path: `/transaction/${t.id}` });
    const data = res.status === 200 ? json(res).data : undefined;
    if (!data || data.order_id !== t.order_id || data.amount !== t.amount) readBackFailures.push(`${t.id}: HTTP ${res.status}`);
  });
  if (readBackFailures.length > 0) failures.push(`${readBackFailures.length} created transactions could not be read back, e.g. ${readBackFailures[0]}`);

  const ledger = await checkLedger(
    api,
    output.created.map((t) => t.id),
  );
  if (!ledger.holds) failures.push(...ledger.problems.map((p) => `ledger: ${p}`));

  return {
    connections: options.connections,
    durationSeconds: round(output.durationSeconds, 2),
    mix: 'per connection: POST /payment/create → GET /transaction/{the id just created} → GET /transactions',
    requests: output.requests,
    requestsPerSecond: round(output.requests / output.durationSeconds, 1),
    latencyMs: output.latencyMs,
    errors: output.errors,
    timeouts: output.timeouts,
    non2xx: output.non2xx,
    statuses: output.statuses,
    created: output.created.length,
    readBack: { checked: output.created.length, failures: readBackFailures.slice(0, 10) },
    ledger,
    failures,
  };
}
