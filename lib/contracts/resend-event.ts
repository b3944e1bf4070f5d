import * as z from 'zod/mini';
import { EventIdParams } from '../events/event-queries';
import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { resendEventRoute } from '../routes';
import { DeliveryAttempt, ResendEventBody } from '../objects/delivery-attempt';
import { deliveryAttemptExample } from '../objects/examples';

export const resendEventContract = contract({
  route: resendEventRoute,
  tag: 'Webhooks',
  description:
    'Starts a fresh delivery of the event now, with its own retries: to `endpoint_id`, or (no body, or no ' +
    '`endpoint_id`) to every endpoint enabled for its type. The answer lists the new attempts, pending; an empty ' +
    "list when no endpoint is subscribed. Another client's event or endpoint id is 404, like an unknown one.",
  params: EventIdParams,
  body: ResendEventBody,
  bodyOptional: true,
  response: {
    status: 202,
    description: 'The attempts that will be made now, one per endpoint',
    schema: successEnvelope(z.array(DeliveryAttempt)),
    example: {
      success: true,
      data: [{ ...deliveryAttemptExample, status: 'pending', response_status: null, response_time_ms: null, error: null, attempted_at: null }],
    },
  },
  errors: ['NOT_FOUND'],
});
