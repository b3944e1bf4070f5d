import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { systemClock, type Clock } from '../clock';
import { delaySecondsUntil, timerMessage, type DeliveryTimer, type DueAttempt } from './delivery-timer';

/**
 * The deployed delivery timer (decision 0267): one SQS message per attempt, delayed until it falls
 * due (DelaySeconds, whole seconds rounded up, so never early), sent in batches of ten; the
 * stack's function for due attempts (functions/deliver-due-attempts.ts) receives it then.
 */

/** SendMessageBatch takes at most ten messages. */
const BATCH = 10;

/** A timer on the queue at `queueUrl`, with its own SQS client. */
export function queueTimer(queueUrl: string, clock: Clock = systemClock, sqs: SQSClient = new SQSClient({})): DeliveryTimer {
  return {
    async wake(attempts: readonly DueAttempt[]) {
      for (let start = 0; start < attempts.length; start += BATCH) {
        const batch = attempts.slice(start, start + BATCH);
        const now = clock.now();
        const { Failed = [] } = await sqs.send(
          new SendMessageBatchCommand({
            QueueUrl: queueUrl,
            Entries: batch.map((attempt, i) => ({ Id: String(i), MessageBody: timerMessage(attempt), DelaySeconds: delaySecondsUntil(attempt.dueAt, now) })),
          }),
        );
        if (Failed.length > 0) throw new Error(`SQS refused ${Failed.length} timer message(s): ${Failed.map((f) => f.Code).join(', ')}`);
      }
    },
  };
}
