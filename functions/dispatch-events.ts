import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { defaultDeliveryDeps } from '../lib/webhooks/default-delivery';
import { dispatchStreamEvent } from '../lib/webhooks/dispatch';

/**
 * The table's stream, filtered to inserted events and resend attempts (lib/webhooks/stream-filter.ts):
 * each event's webhook deliveries are created and attempted at once. Deployed, Lambda's event source
 * mapping invokes it; under `npm start` the local stream poller does, with the same event shape.
 */
export const handler = (event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> =>
  dispatchStreamEvent(defaultDeliveryDeps, event, () => context.getRemainingTimeInMillis());
