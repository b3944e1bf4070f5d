import { listWebhookEndpointsContract } from '../lib/contracts/list-webhook-endpoints';
import { readEndpoint } from '../lib/http/read-endpoint';
import { page } from '../lib/http/envelope';
import { listWebhookEndpoints } from '../lib/webhooks/webhook-endpoints';

export const handler = readEndpoint(listWebhookEndpointsContract, async ({ context, query, limits }) => {
  const { data, pagination } = await listWebhookEndpoints(context, query, limits.readUnitsPerRequest);
  return page(data, pagination);
});
