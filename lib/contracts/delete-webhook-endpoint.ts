import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { deleteWebhookEndpointRoute } from '../routes';
import { WebhookEndpoint, WebhookEndpointIdParams } from '../objects/webhook-endpoint';
import { webhookEndpointExample } from '../objects/examples';

export const deleteWebhookEndpointContract = contract({
  route: deleteWebhookEndpointRoute,
  tag: 'Webhooks',
  description:
    'Deletes a webhook endpoint and answers it as it was (without its secret). A second delete is 404, ' +
    "unless it repeats the first one's `Idempotency-Key`, which replays the first answer. A body is ignored.",
  params: WebhookEndpointIdParams,
  response: {
    status: 200,
    description: 'The deleted endpoint',
    schema: successEnvelope(WebhookEndpoint),
    example: { success: true, data: webhookEndpointExample },
  },
  errors: ['NOT_FOUND'],
});
