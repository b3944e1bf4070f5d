import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { setLogKeys } from '../lib/logger';
import { defaultDeliveryDeps } from '../lib/webhooks/default-delivery';
import { makeDueAttempts } from '../lib/webhooks/due-attempts';

/**
 * Webhook attempts planned for later (a chaos delay or reverse-order window, docs/api.md §17), made
 * when they fall due: deployed, the timer queue's messages, delayed until then, invoke it; under
 * `npm start` the in-process timer does, with the same event shape (decision 0267).
 */
export const handler = (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
  setLogKeys({ job: 'deliverDueAttempts', batch: context.awsRequestId });
  return makeDueAttempts(defaultDeliveryDeps, event);
};
