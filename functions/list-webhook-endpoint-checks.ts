import { listWebhookEndpointChecksContract } from '../lib/contracts/list-webhook-endpoint-checks';
import { readEndpoint } from '../lib/http/read-endpoint';
import { page } from '../lib/http/envelope';
import { listWebhookChecks } from '../lib/webhooks/check-list';

export const handler = readEndpoint(listWebhookEndpointChecksContract, async ({ context, params, query, limits }) => {
  const { data, pagination } = await listWebhookChecks(context, params.id, query, limits.readUnitsPerRequest);
  return page(data, pagination);
});
