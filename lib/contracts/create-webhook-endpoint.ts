import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { createWebhookEndpointRoute } from '../routes';
import { CreateWebhookEndpointBody } from '../webhooks/endpoint-bodies';
import { CreatedWebhookEndpoint } from '../objects/webhook-endpoint';
import { webhookEndpointExample, webhookSecretExample } from '../objects/examples';

export const createWebhookEndpointContract = contract({
  route: createWebhookEndpointRoute,
  tag: 'Webhooks',
  description:
    "Registers a URL to receive events. The answer holds the endpoint's signing `secret`, shown only here. " +
    'Deployed, the URL must be `https://` with a host name whose every address is public (no IP literal, ' +
    'no loopback, private, link-local, CGNAT or metadata address); locally, `http://` and loopback are ' +
    'accepted too. At most 10 endpoints per client: 409 LIMIT_EXCEEDED.',
  body: CreateWebhookEndpointBody,
  response: {
    status: 201,
    description: 'The new endpoint, with its secret',
    schema: successEnvelope(CreatedWebhookEndpoint),
    example: { success: true, data: { ...webhookEndpointExample, secret: webhookSecretExample } },
  },
  errors: ['LIMIT_EXCEEDED'],
});
