import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { setInProcessTimer, timerMessage, type DueAttempt } from '../../lib/webhooks/delivery-timer';
import { invokedAs } from '../../lib/db/call-recorder';
import { backgroundFunctions } from '../../lib/routes';
import { abandonPostsInFlight } from '../../lib/webhooks/send-webhook';
import { DISPATCH_FILTERS, DISPATCHER_TIMEOUT_SECONDS } from '../../lib/events/stream-filter';
import type { BackgroundLoop } from './background';
import { loadFunction } from './load-function';

/** The dispatcher's Lambda timeout, which the local invocations get as their remaining time. */
const DISPATCHER_TIMEOUT_MS = DISPATCHER_TIMEOUT_SECONDS * 1000;

/**
 * Webhook delivery from the table's stream for `npm start`, as the event source mapping does it
 * deployed: the local stream poller hands the very dispatcher handler (functions/dispatch-events.ts)
 * the records the mapping's filters let through. The handler is imported here, after the caller
 * has set TABLE_NAME and the rest of the configuration it reads at load, as on Lambda.
 */
export async function startStreamDelivery(options: { dynamoEndpoint: string; tableName: string }): Promise<BackgroundLoop> {
  const { dispatchEvents } = backgroundFunctions;
  const dispatch = await loadFunction<DynamoDBStreamEvent, DynamoDBBatchResponse>(dispatchEvents, DISPATCHER_TIMEOUT_MS);
  const timer = await startInProcessTimer();
  // Imported late too: the logger reads its level (POWERTOOLS_LOG_LEVEL) when first loaded.
  const { startStreamPoller } = await import('./stream-poller');
  const { setLogKeys, withOwnLogKeys } = await import('../../lib/logger');
  // The poller's stream reads are the event source mapping's, made with the dispatcher's role
  // deployed: the grant check counts them, and the handler's calls, as the dispatcher's. Its own
  // lines name it; each batch it hands on is an invocation with keys of its own (load-function.ts).
  const polling = await withOwnLogKeys(() => {
    setLogKeys({ job: 'streamPoller' });
    return invokedAs(dispatchEvents.id, () =>
      startStreamPoller({
        endpoint: options.dynamoEndpoint,
        tableName: options.tableName,
        filters: DISPATCH_FILTERS,
        handler: (event) => dispatch(event),
      }),
    );
  }).catch(async (error: unknown) => {
    await timer.stop();
    throw error;
  });
  return {
    stop: () => Promise.all([polling.stop(), timer.stop()]).then(() => undefined),
    nudge: () => polling.nudge?.(),
  };
}

/**
 * The delivery timer of `npm start` (decision 0267), in place of the stack's SQS queue: each
 * attempt the dispatcher plans for later is handed, when it falls due, to the very handler the
 * queue invokes deployed (functions/deliver-due-attempts.ts), as a message of the queue's shape.
 * Stopping clears what is still waiting (the attempts stay due in the table: the sweep makes them
 * after a restart) and waits for what is running.
 */
async function startInProcessTimer(): Promise<BackgroundLoop> {
  const deliver = await loadFunction<SQSEvent, SQSBatchResponse>(backgroundFunctions.deliverDueAttempts, DISPATCHER_TIMEOUT_MS);
  const waiting = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  const fire = (attempt: DueAttempt) => {
    if (stopped) return;
    const message = { messageId: randomUUID(), body: timerMessage(attempt) } as SQSRecord;
    const run = deliver({ Records: [message] }).catch((error: unknown) => console.error('local sandbox: a delayed webhook attempt failed', error));
    running.add(run);
    void run.finally(() => running.delete(run));
  };
  setInProcessTimer({
    async wake(attempts) {
      for (const attempt of attempts) {
        const timeout = setTimeout(
          () => {
            waiting.delete(timeout);
            fire(attempt);
          },
          Math.max(0, Date.parse(attempt.dueAt) - Date.now()),
        );
        timeout.unref();
        waiting.add(timeout);
      }
    },
  });
  return {
    async stop() {
      stopped = true;
      setInProcessTimer(undefined);
      for (const timeout of waiting) clearTimeout(timeout);
      waiting.clear();
      await Promise.allSettled([...running]);
    },
  };
}

/**
 * Stops background loops that may be making webhook attempts, abandoning the POSTs under way as a
 * crash would (they are made again once their claim runs out: at least once), so that stopping
 * never waits for a receiver's timeout. Work winding down may still start a POST: abandoned too.
 */
export async function stopAbandoningPosts(loops: readonly BackgroundLoop[]): Promise<void> {
  let stopped = false;
  const all = Promise.all(loops.map((loop) => loop.stop())).finally(() => {
    stopped = true;
  });
  while (!stopped) {
    await abandonPostsInFlight();
    await Promise.race([all, sleep(20)]);
  }
  await all;
}
