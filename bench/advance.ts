import { createClient, createKey } from '../lib/auth/key-repository';
import { batchWriteAll } from '../lib/db/batch-write';
import type { Db } from '../lib/db/db';
import { newId } from '../lib/ids';
import { partitionKinds } from './partition';
import { paymentBody } from './payloads';
import { mapLimit } from './stats';
import { dueMarkerEntity, transactionEntity } from '../lib/payments/items';

/**
 * Part 9: how long POST /sandbox/clock/advance takes on the local sandbox to pass the expiry of
 * many pending payments (1 000; `--quick` 100): each is re-read and expired with its event in a
 * write of its own, in due order. The payments are copies of one created through the API, written
 * straight into the table with their due markers (creating them through the API would take longer
 * than the advance), all expiring within the day the advance passes.
 */

export interface AdvanceResult {
  readonly payments: number;
  /** From sending the request to its answer. */
  readonly ms: number;
  readonly paymentsPerSecond: number;
  /** How many calls it took: more than one when a call ran out of its function's time (503) and was sent again. */
  readonly calls: number;
  /** Payments still pending after the advance (0 when it did all that fell due). */
  readonly leftPending: number;
  readonly failures: string[];
}

const DAY_SECONDS = 86_400;

export async function measureAdvance(options: { baseUrl: string; db: Db; payments: number }): Promise<AdvanceResult> {
  const { db } = options;
  const client = await createClient(db, 'bench advance part');
  const key = await createKey(db, { clientId: client.id, scopes: ['sandbox:simulate', 'transactions:write'] });
  const send = (path: string, body: unknown) =>
    fetch(`${options.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const created = (await (await send('/payment/create', paymentBody())).json()) as { data: { id: string } };
  const template = await transactionEntity.find(db, transactionEntity.key(client.id, created.data.id));
  if (!template) throw new Error('advance part: the template payment was not created');
  const expiresAt = template.transaction.expires_at;
  const items = Array.from({ length: options.payments - 1 }, (_, i) => {
    const id = newId('transaction');
    return [
      transactionEntity.toItem({ ...template, transaction: { ...template.transaction, id, order_id: `BENCH-ADVANCE-${i}` }, dueAt: expiresAt }),
      dueMarkerEntity.toItem({ clientId: client.id, dueAt: expiresAt, transactionId: id }),
    ];
  }).flat();
  const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, b) => items.slice(b * 25, b * 25 + 25));
  await mapLimit(batches, 8, (batch) =>
    batchWriteAll(
      db,
      batch.map((Item) => ({ PutRequest: { Item } })),
    ),
  );

  // Sent again while it answers 503 (it ran out of its function's time, having applied part of what
  // fell due), as a client would; the time is the whole, and the calls are counted.
  const target = new Date(Date.parse(template.transaction.created_at) + (DAY_SECONDS + 3_600) * 1000).toISOString();
  const started = performance.now();
  let res = await send('/sandbox/clock/advance', { to: target });
  let calls = 1;
  while (res.status === 503 && calls < 20) {
    res = await send('/sandbox/clock/advance', { to: target });
    calls++;
  }
  const ms = performance.now() - started;
  const failures: string[] = [];
  if (res.status !== 200) failures.push(`advance: POST /sandbox/clock/advance answered HTTP ${res.status} after ${calls} calls`);
  const kinds = await partitionKinds(db, client.id);
  const leftPending = kinds.DUE ?? 0;
  if (leftPending > 0) failures.push(`advance: ${leftPending} of ${options.payments} payments still due after the advance`);
  // One payment.expired each (and the template's payment.created).
  if ((kinds.EVT ?? 0) < options.payments) failures.push(`advance: ${kinds.EVT ?? 0} events for ${options.payments} expiries`);
  return { payments: options.payments, ms: Number(ms.toFixed(1)), paymentsPerSecond: Math.round(options.payments / (ms / 1000)), calls, leftPending, failures };
}
