import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { checkWebhookEndpointRoute } from '../routes';
import { WebhookCheck } from '../webhooks/webhook-check';
import { WebhookEndpointIdParams } from '../objects/webhook-endpoint';
import { webhookCheckExample } from '../objects/examples';

export const checkWebhookEndpointContract = contract({
  route: checkWebhookEndpointRoute,
  tag: 'Webhooks',
  description:
    "Sends nine probes to the endpoint's URL, under the URL and connection rules of a delivery, and answers within 15 s " +
    'how the receiver answered each: signed as a delivery is (2xx within 3 s), the same `webhook-id` again (2xx), an ' +
    'unknown type (2xx), two signatures of which only the second is valid (2xx); a tampered body, a wrong secret, no ' +
    'signature, a timestamp 10 minutes old or ahead (each 4xx: a 5xx would make a sender retry a forgery). Every probe is ' +
    'a `webhook_endpoint.check` event (the unknown type aside), not recorded in `GET /events`. Kept 30 days. One check ' +
    "at a time per endpoint: 409 INVALID_STATE while one runs. Another client's endpoint is 404.",
  params: WebhookEndpointIdParams,
  response: {
    status: 200,
    description: 'The check, with one result per probe',
    schema: successEnvelope(WebhookCheck),
    example: { success: true, data: webhookCheckExample },
  },
  errors: ['NOT_FOUND', 'INVALID_STATE'],
});
