import { getWebhookEndpointContract } from '../lib/contracts/get-webhook-endpoint';
import { webhookEndpointEntity } from '../lib/webhooks/items';
import { readEndpoint } from '../lib/http/read-endpoint';
import { ok } from '../lib/http/envelope';
import { getWebhookEndpoint } from '../lib/webhooks/webhook-endpoints';

export const handler = readEndpoint(getWebhookEndpointContract, async ({ context, params }) => ok(await getWebhookEndpoint(context, params.id)), {
  readAhead: (clientId, params) => webhookEndpointEntity.key(clientId, params.id),
});
