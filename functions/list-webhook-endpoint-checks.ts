import { listWebhookEndpointChecksContract } from '../lib/contracts/list-webhook-endpoint-checks';
import { readEndpoint } from '../lib/http/read-endpoint';
import { page } from '../lib/http/envelope';
import { listWebhookChecks } from '../lib/webhooks/check-list';

export const handler = readEndpoint(listWebhookEndpointChecksContract, async ({ db, principal, params, query, clock, limits }) => {
  const { data, pagination } = await listWebhookChecks({ db, clientId: principal.clientId, clock }, params.id, query, limits.readUnitsPerRequest);
  return page(data, pagination);
});
