import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { setLogKeys } from '../lib/logger';
import { defaultDeliveryDeps } from '../lib/webhooks/default-delivery';
import { dispatchStreamEvent } from '../lib/webhooks/dispatch';

/**
 * The table's stream, filtered to inserted events and resend attempts (lib/webhooks/stream-filter.ts):
 * each event's webhook deliveries are created and attempted at once. Deployed, Lambda's event source
 * mapping invokes it; under `npm start` the local stream poller does, with the same event shape.
 * Every line it logs names the job and its batch (the invocation's request id).
 */
export const handler = (event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> => {
  setLogKeys({ job: 'dispatchEvents', batch: context.awsRequestId });
  return dispatchStreamEvent(defaultDeliveryDeps, event, () => context.getRemainingTimeInMillis());
};
