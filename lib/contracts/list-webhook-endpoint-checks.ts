import { contract } from '../http/contract';
import { listEnvelope } from '../http/envelope-schemas';
import { listWebhookEndpointChecksRoute } from '../routes';
import { ListWebhookChecksQuery, WebhookCheck } from '../webhooks/webhook-check';
import { WebhookEndpointIdParams } from '../objects/webhook-endpoint';
import { lastPage, webhookCheckExample } from '../objects/examples';

export const listWebhookEndpointChecksContract = contract({
  route: listWebhookEndpointChecksRoute,
  tag: 'Webhooks',
  description: "The endpoint's receiver checks of the last 30 days, newest first. Another client's endpoint is 404.",
  params: WebhookEndpointIdParams,
  query: ListWebhookChecksQuery,
  response: {
    status: 200,
    description: 'A page of checks, newest first',
    schema: listEnvelope(WebhookCheck),
    example: { success: true, data: [webhookCheckExample], pagination: lastPage },
  },
  errors: ['NOT_FOUND'],
});
