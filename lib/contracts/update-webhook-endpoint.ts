import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { updateWebhookEndpointRoute } from '../routes';
import { UpdateWebhookEndpointBody } from '../webhooks/endpoint-bodies';
import { WebhookEndpoint, WebhookEndpointIdParams } from '../objects/webhook-endpoint';
import { webhookEndpointExample } from '../objects/examples';

export const updateWebhookEndpointContract = contract({
  route: updateWebhookEndpointRoute,
  tag: 'Webhooks',
  description:
    'Changes the fields given and leaves the others: `url` (checked as on a create), `enabled_events`, ' +
    '`description`, `status` (`disabled`: the endpoint receives nothing, no first attempt and no retry, until ' +
    '`enabled` again) and `chaos` (a chaos field left out stays as it is). Recorded as `webhook_endpoint.updated` ' +
    "with the changed fields' old values; a PATCH that changes nothing records nothing. Another client's endpoint is 404.",
  params: WebhookEndpointIdParams,
  body: UpdateWebhookEndpointBody,
  response: {
    status: 200,
    description: 'The endpoint as it now is, without its secret',
    schema: successEnvelope(WebhookEndpoint),
    example: { success: true, data: { ...webhookEndpointExample, status: 'disabled' } },
  },
  errors: ['NOT_FOUND'],
});
