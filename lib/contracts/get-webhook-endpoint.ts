import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { getWebhookEndpointRoute } from '../routes';
import { WebhookEndpoint, WebhookEndpointIdParams } from '../objects/webhook-endpoint';
import { webhookEndpointExample } from '../objects/examples';

export const getWebhookEndpointContract = contract({
  route: getWebhookEndpointRoute,
  tag: 'Webhooks',
  description: "One webhook endpoint, without its secret. Another client's id is 404, like an unknown one.",
  params: WebhookEndpointIdParams,
  response: {
    status: 200,
    description: 'The webhook endpoint',
    schema: successEnvelope(WebhookEndpoint),
    example: { success: true, data: webhookEndpointExample },
  },
  errors: ['NOT_FOUND'],
});
