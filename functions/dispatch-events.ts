import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { ENV, readEnv } from '../lib/config/env';
import { setLogKeys } from '../lib/logger';
import { defaultDeliveryDeps } from '../lib/webhooks/default-delivery';
import { inProcessTimer } from '../lib/webhooks/delivery-timer';
import { dispatchStreamEvent } from '../lib/webhooks/dispatch';
import { queueTimer } from '../lib/webhooks/queue-timer';

/** Deployed, the stack's timer queue; under `npm start`, its in-process timer (decision 0267). */
const queueUrl = readEnv(ENV.timerQueueUrl);
const deps = { ...defaultDeliveryDeps, timer: queueUrl ? queueTimer(queueUrl) : inProcessTimer };

/**
 * The table's stream, filtered to inserted events and resend attempts (lib/events/stream-filter.ts):
 * each event's webhook deliveries are created and attempted at once, and those its plan makes due
 * later are handed to the timer. Deployed, Lambda's event source mapping invokes it; under
 * `npm start` the local stream poller does, with the same event shape. Every line it logs names
 * the job and its batch (the invocation's request id).
 */
export const handler = (event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> => {
  setLogKeys({ job: 'dispatchEvents', batch: context.awsRequestId });
  return dispatchStreamEvent(deps, event, () => context.getRemainingTimeInMillis());
};
