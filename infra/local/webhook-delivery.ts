import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../lib/db/db';
import type { DueHandlers } from '../../lib/sweep/sweep';
import { abandonPostsInFlight } from '../../lib/webhooks/send-webhook';
import { DISPATCH_FILTERS, DISPATCHER_TIMEOUT_SECONDS } from '../../lib/webhooks/stream-filter';
import { lambdaContext } from './lambda-event';
import type { StreamPoller } from './stream-poller';
import type { SweepLoop } from './sweep-loop';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The dispatcher's Lambda timeout, which the local invocations get as their remaining time. */
const DISPATCHER_TIMEOUT_MS = DISPATCHER_TIMEOUT_SECONDS * 1000;

/**
 * Webhook delivery for `npm start`, as it runs deployed: the table's stream feeds the very
 * dispatcher handler (functions/dispatch-events.ts) through the local stream poller, and the sweep
 * runs every second with the handlers of lib/sweep/handlers.ts (due retries, events the stream
 * did not bring). Stopping ends both and abandons the POSTs under way, as a crash would: they
 * are made again after a restart (at least once).
 */
export interface WebhookDelivery {
  stop(): Promise<void>;
}

type StreamLambda = (event: DynamoDBStreamEvent, context: ReturnType<typeof lambdaContext>) => Promise<DynamoDBBatchResponse>;

/**
 * Starts the stream poller and the sweep loop on the table. The handlers are imported here, after
 * the caller has set TABLE_NAME and the rest of the configuration they read at load, as on Lambda.
 */
export async function startWebhookDelivery(options: { db: Db; dynamoEndpoint: string; tableName: string }): Promise<WebhookDelivery> {
  const { handler } = (await import(join(projectRoot, 'functions/dispatch-events.ts'))) as { handler: StreamLambda };
  const { dueHandlers } = (await import(join(projectRoot, 'lib/sweep/handlers.ts'))) as { dueHandlers: DueHandlers };
  // Imported late too: the logger reads its level (POWERTOOLS_LOG_LEVEL) when first loaded.
  const { startStreamPoller } = await import('./stream-poller');
  const { startSweepLoop } = await import('./sweep-loop');
  const poller: StreamPoller = await startStreamPoller({
    endpoint: options.dynamoEndpoint,
    tableName: options.tableName,
    filters: DISPATCH_FILTERS,
    handler: (event) => handler(event, lambdaContext(randomUUID(), 'dispatch-events', DISPATCHER_TIMEOUT_MS)),
  });
  const sweeping: SweepLoop = startSweepLoop({ db: options.db, handlers: dueHandlers });
  return {
    stop: async () => {
      let stopped = false;
      const both = Promise.all([poller.stop(), sweeping.stop()]).finally(() => {
        stopped = true;
      });
      // Work under way may still start a POST while it winds down: abandon until nothing is left.
      while (!stopped) {
        await abandonPostsInFlight();
        await Promise.race([both, sleep(20)]);
      }
      await both;
    },
  };
}
