import { describe, expect, it } from 'vitest';
import { forEachLimited } from '../../lib/concurrency';
import { batchWriteAll } from '../../lib/db/batch-write';
import type { Db } from '../../lib/db/db';
import { keys } from '../../lib/db/keys';
import { transactWrite } from '../../lib/db/transact';
import { newId } from '../../lib/ids';
import { resetClientData, resetFollowUpPut, RESET_TIME_MARGIN_MS } from '../../lib/sandbox/reset';
import { config } from '../../lib/config/config';
import { claimLeaseMs } from '../../lib/webhooks/dispatch';
import { followUpReset } from '../../lib/webhooks/reset-follow-up';
import { attemptPut, claimAttempt, pendingAttempt, readItem, recordAttempt } from '../../lib/webhooks/delivery-repository';
import { call, newClient, testDb } from '../support/fixtures';
import { kindOf, partitionItems } from '../support/partition';

/**
 * The reset on DynamoDB Local: a partition of several pages, the time bound, and a delivery
 * attempt removed while it is being made.
 */

/** Writes `count` items of the client's data kinds straight into its partition, with BatchWriteItem (fast, no HTTP). */
async function fillPartition(db: Db, clientId: string, count: number): Promise<void> {
  const makers = [
    (i: number) => keys.transaction(clientId, `txn_fill${i}`),
    (i: number) => keys.order(clientId, `FILL-${i}`),
    (i: number) => keys.event(clientId, `evt_fill${i}`),
    (i: number) => keys.deliveryAttempt(clientId, `evt_fill${i}`, `dlv_fill${i}`),
    (i: number) => keys.settlement(clientId, `stl_fill${i}`),
    (i: number) => keys.idempotency(clientId, `fill${i}`),
  ];
  const items = Array.from({ length: count }, (_, i) => ({ ...makers[i % makers.length]!(i), entity: 'fill', payload: 'x'.repeat(200) }));
  const batches: (typeof items)[] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  await forEachLimited(batches, 8, (batch) =>
    batchWriteAll(
      db,
      batch.map((Item) => ({ PutRequest: { Item } })),
    ),
  );
}

describe('resetting a large partition', () => {
  // "10 000 items in one call" locally (docs/api.md §12) is a speed, which the bench measures and
  // fails on (bench/reset.ts); here the calls that follow has_more delete a partition of several
  // query pages (1 000 keys each), however many calls a slow machine needs: 2 000 items and the
  // client's own make three pages, the last one short. Filling it takes most of the time this takes.
  it('deletes every item of a partition three query pages large through POST /sandbox/reset, calling again while has_more', { timeout: 120_000 }, async () => {
    const { clientId, key } = await newClient();
    await fillPartition(testDb(), clientId, 2_000);

    let deleted = 0;
    for (let more = true; more; ) {
      const res = await call('POST', '/sandbox/reset', { key });
      expect(res.status).toBe(200);
      deleted += res.body.data.deleted;
      more = res.body.data.has_more;
    }

    expect(deleted).toBe(2_000);
    // The reset's follow-up waits for the sweep (lib/webhooks/reset-follow-up.ts).
    expect((await partitionItems(clientId)).map(kindOf).filter((kind) => kind !== 'RATE')).toEqual(['CLIENT', 'KEY', 'RESETFOLLOWUP']);
  });

  it('stops when its time runs out, answering has_more, and the next call finishes the work', async () => {
    const { clientId } = await newClient();
    // A page (1 000 keys) and some more.
    await fillPartition(testDb(), clientId, 1_100);
    // Time for one page and no more.
    let looks = 0;
    const remainingMs = () => (looks++ === 0 ? 10_000 : RESET_TIME_MARGIN_MS - 1);

    const first = await resetClientData(testDb(), clientId, { webhookEndpoints: false, remainingMs });
    // The page's 1 000 keys include the client record and its key, which stay.
    expect(first).toEqual({ deleted: 998, has_more: true });
    const second = await resetClientData(testDb(), clientId, { webhookEndpoints: false });
    expect(second).toEqual({ deleted: 102, has_more: false });
    expect((await partitionItems(clientId)).map(kindOf)).toEqual(['CLIENT', 'KEY', 'RESETFOLLOWUP']);
  });
});

describe('a reset right after another', () => {
  it("deletes nothing on a client with nothing to delete, and says deleted: 0: the earlier reset's follow-up is not the client's data", async () => {
    const db = testDb();
    const { clientId } = await newClient();
    const firstAt = new Date();
    await resetClientData(db, clientId, { webhookEndpoints: false, now: firstAt });
    const secondAt = new Date(firstAt.getTime() + 1_000);

    const second = await resetClientData(db, clientId, { webhookEndpoints: false, now: secondAt });

    expect(second).toEqual({ deleted: 0, has_more: false });
    const items = await partitionItems(clientId);
    expect(items.map(kindOf)).toEqual(['CLIENT', 'KEY', 'RESETFOLLOWUP']);
    // One follow-up, the later reset's: it waits out the claims of both.
    expect(items.find((item) => kindOf(item) === 'RESETFOLLOWUP')!.due_sk).toBe(secondAt.toISOString());
  });

  it("counts only the client's data it removed when there was some", async () => {
    const db = testDb();
    const { clientId } = await newClient();
    await resetClientData(db, clientId, { webhookEndpoints: false });
    await fillPartition(db, clientId, 12);

    expect(await resetClientData(db, clientId, { webhookEndpoints: false })).toEqual({ deleted: 12, has_more: false });
    expect((await partitionItems(clientId)).map(kindOf)).toEqual(['CLIENT', 'KEY', 'RESETFOLLOWUP']);
  });
});

describe('a delivery attempt removed by a reset while it is being made', () => {
  it("is not written back by the attempt's outcome, nor is its retry", async () => {
    const db = testDb();
    const { clientId } = await newClient();
    const now = new Date();
    // Due a minute ahead, so the suite's background sweep (same table) cannot claim it before this worker does.
    const dueAt = new Date(now.getTime() + 60_000);
    const attempt = pendingAttempt(newId('event', now), newId('webhookEndpoint', now), 1, dueAt, 'event');
    await transactWrite(db, [attemptPut(clientId, attempt, Math.floor(now.getTime() / 1000) + 3600)]);
    const key = keys.deliveryAttempt(clientId, attempt.event_id, attempt.id);
    expect(await claimAttempt(db, key, 'worker-1', dueAt, new Date(now.getTime() + 120_000))).toBeDefined();

    await resetClientData(db, clientId, { webhookEndpoints: false });
    const retry = pendingAttempt(attempt.event_id, attempt.endpoint_id, 2, new Date(now.getTime() + 10_000), 'retry');
    const recorded = await recordAttempt(
      db,
      key,
      'worker-1',
      {
        status: 'failed',
        response_status: 500,
        response_time_ms: 12,
        error: 'The endpoint answered 500',
        attempted_at: now.toISOString(),
        next_attempt_at: retry.next_attempt_at,
      },
      { attempt: retry, clientId, ttl: Math.floor(now.getTime() / 1000) + 3600 },
    );

    expect(recorded).toBe(false);
    expect(await readItem(db, key)).toBeUndefined();
    expect((await partitionItems(clientId)).map(kindOf)).toEqual(['CLIENT', 'KEY', 'RESETFOLLOWUP']);
  });

  it('is no longer due: a worker that finds it gone claims nothing', async () => {
    const db = testDb();
    const { clientId } = await newClient();
    const now = new Date();
    const attempt = pendingAttempt(newId('event', now), newId('webhookEndpoint', now), 1, now, 'event');
    await transactWrite(db, [attemptPut(clientId, attempt, Math.floor(now.getTime() / 1000) + 3600)]);
    await resetClientData(db, clientId, { webhookEndpoints: false });
    const key = keys.deliveryAttempt(clientId, attempt.event_id, attempt.id);
    expect(await claimAttempt(db, key, 'worker-2', new Date(now.getTime() + 1000), new Date(now.getTime() + 60_000))).toBeUndefined();
    expect(await readItem(db, key)).toBeUndefined();
  });
});

describe("a reset's follow-up", () => {
  it('waits out a claim taken before the reset, then deletes the attempts whose events are gone, and only those', async () => {
    const db = testDb();
    const { clientId } = await newClient();
    const resetAt = new Date();
    const ttl = Math.floor(resetAt.getTime() / 1000) + 3600;
    // What attempts under way at the reset left: a made attempt of a removed event and its retry.
    const removedEvent = newId('event', resetAt);
    const made = { ...pendingAttempt(removedEvent, newId('webhookEndpoint', resetAt), 1, resetAt, 'event'), status: 'failed' as const };
    const retry = pendingAttempt(removedEvent, made.endpoint_id, 2, new Date(resetAt.getTime() + 3_600_000), 'retry');
    // And an event recorded since, with its attempt: the client goes on using the sandbox.
    const liveEvent = newId('event', resetAt);
    const live = pendingAttempt(liveEvent, made.endpoint_id, 1, new Date(resetAt.getTime() + 3_600_000), 'event');
    await transactWrite(db, [
      attemptPut(clientId, made, ttl),
      attemptPut(clientId, retry, ttl),
      attemptPut(clientId, live, ttl),
      { Put: { Item: { ...keys.event(clientId, liveEvent), entity: 'event', ttl } } },
      resetFollowUpPut(clientId, resetAt),
    ]);
    const item = { ...keys.resetFollowUp(clientId), dueAt: resetAt.toISOString() };
    const lease = claimLeaseMs(config.webhookDelivery);

    expect(await followUpReset(db, item, new Date(resetAt.getTime() + lease - 1), config.webhookDelivery)).toBe(0);
    expect((await partitionItems(clientId)).map(kindOf)).toEqual(['CLIENT', 'DLV', 'DLV', 'DLV', 'EVT', 'KEY', 'RESETFOLLOWUP']);

    expect(await followUpReset(db, item, new Date(resetAt.getTime() + lease), config.webhookDelivery)).toBe(2);
    const left = await partitionItems(clientId);
    expect(left.map(kindOf)).toEqual(['CLIENT', 'DLV', 'EVT', 'KEY']);
    expect(left.find((i) => kindOf(i) === 'DLV')!.sk).toBe(keys.deliveryAttempt(clientId, liveEvent, live.id).sk);
  });
});
