import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { forEachLimited } from '../concurrency';
import { CLIENT_PARTITION_PREFIX, keys } from '../db/keys';
import { logger } from '../logger';
import { makeAttempt, type DeliveryDeps } from './dispatch';

/**
 * The timer's messages (lib/webhooks/delivery-timer.ts): each names an attempt planned for later
 * that has fallen due; it is made as the sweep would make it (claimed, so never twice at once). A
 * message whose work failed is reported in `batchItemFailures`, so only it comes again; one that
 * names no attempt is dropped with a line in the log.
 */
export async function makeDueAttempts(deps: DeliveryDeps, event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: string[] = [];
  await forEachLimited(event.Records, ATTEMPTS_AT_ONCE, async (record) => {
    const key = attemptKeyOf(record.body);
    if (!key) {
      logger.warn('webhook timer: a message names no attempt; dropped', { messageId: record.messageId });
      return;
    }
    try {
      await makeAttempt(deps, key);
    } catch (error) {
      logger.error('webhook timer: an attempt failed; its message comes again', { pk: key.pk, sk: key.sk, error: error as Error });
      failures.push(record.messageId);
    }
  });
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}

const ATTEMPTS_AT_ONCE = 10;

/** The attempt key a message holds, or undefined for anything else: only a client's attempt items may be named. */
function attemptKeyOf(body: string): { pk: string; sk: string } | undefined {
  try {
    const { pk, sk } = JSON.parse(body) as { pk?: unknown; sk?: unknown };
    if (typeof pk === 'string' && typeof sk === 'string' && pk.startsWith(CLIENT_PARTITION_PREFIX) && sk.startsWith(keys.deliveryAttemptPrefix))
      return { pk, sk };
  } catch {
    // not JSON: named nothing
  }
  return undefined;
}
