import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { rollWebhookEndpointSecretRoute } from '../routes';
import { CreatedWebhookEndpoint, RollWebhookSecretBody, WebhookEndpointIdParams } from '../objects/webhook-endpoint';
import { webhookEndpointExample, webhookSecretExample } from '../objects/examples';

export const rollWebhookEndpointSecretContract = contract({
  route: rollWebhookEndpointSecretRoute,
  tag: 'Webhooks',
  description:
    'Gives the endpoint a new signing `secret`, shown only in this answer. Until the old secret expires ' +
    '(`expire_old_in_seconds`, default a day) every delivery carries two signatures in `webhook-signature`, ' +
    'the new one first, so a receiver that knows either secret verifies it; afterwards only the new one. ' +
    "Recorded as `webhook_endpoint.secret_rolled`. Another client's endpoint is 404.",
  params: WebhookEndpointIdParams,
  body: RollWebhookSecretBody,
  bodyOptional: true,
  response: {
    status: 200,
    description: 'The endpoint with its new secret',
    schema: successEnvelope(CreatedWebhookEndpoint),
    example: { success: true, data: { ...webhookEndpointExample, secret: webhookSecretExample } },
  },
  errors: ['NOT_FOUND'],
});
