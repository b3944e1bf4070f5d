import { listWebhookEndpointsContract } from '../lib/contracts/list-webhook-endpoints';
import { endpoint } from '../lib/http/endpoint';
import { page } from '../lib/http/envelope';
import { listWebhookEndpoints } from '../lib/webhooks/webhook-endpoints';

export const handler = endpoint(listWebhookEndpointsContract, async ({ db, principal, query, limits }) => {
  const { data, pagination } = await listWebhookEndpoints(db, principal.clientId, query, limits.readUnitsPerRequest);
  return page(data, pagination);
});
