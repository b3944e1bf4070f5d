import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from './db';
import { batchWrite, type WriteRequest } from './requests';

/** BatchWriteItem's limit. */
export const BATCH_WRITE_SIZE = 25;

/** Retries of a batch's unprocessed items (throttling), with exponential backoff from 50 ms. */
const MAX_RETRIES = 8;
const BACKOFF_BASE_MS = 50;

/**
 * Writes every request to the table: BATCH_WRITE_SIZE per BatchWriteItem, one after another, each
 * one's unprocessed items sent again after a growing pause; throws when some are still left after
 * MAX_RETRIES retries. Callers that want batches in flight at once pass one batch per call.
 */
export async function batchWriteAll(db: Db, requests: readonly WriteRequest[]): Promise<void> {
  for (let i = 0; i < requests.length; i += BATCH_WRITE_SIZE) await writeBatch(db, requests.slice(i, i + BATCH_WRITE_SIZE));
}

async function writeBatch(db: Db, batch: readonly WriteRequest[]): Promise<void> {
  let requests = [...batch];
  for (let retry = 0; ; retry++) {
    requests = await batchWrite(db, requests);
    if (requests.length === 0) return;
    if (retry === MAX_RETRIES) throw new Error(`BatchWriteItem left ${requests.length} writes unprocessed after ${MAX_RETRIES} retries`);
    await sleep(BACKOFF_BASE_MS * 2 ** retry);
  }
}
