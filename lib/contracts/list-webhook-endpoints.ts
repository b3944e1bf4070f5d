import { contract } from '../http/contract';
import { listEnvelope } from '../http/envelope-schemas';
import { listWebhookEndpointsRoute } from '../routes';
import { ListWebhookEndpointsQuery, WebhookEndpoint } from '../objects/webhook-endpoint';
import { lastPage, webhookEndpointExample } from '../objects/examples';

export const listWebhookEndpointsContract = contract({
  route: listWebhookEndpointsRoute,
  tag: 'Webhooks',
  description: "The client's webhook endpoints, newest first, without their secrets.",
  query: ListWebhookEndpointsQuery,
  response: {
    status: 200,
    description: 'A page of webhook endpoints, newest first',
    schema: listEnvelope(WebhookEndpoint),
    example: { success: true, data: [webhookEndpointExample], pagination: lastPage },
  },
});
