import { realClockOf } from '../clock';
import { keys } from '../db/keys';
import { listNewestFirst } from '../db/paging';
import type { Pagination } from '../db/pagination';
import { NotFoundError } from '../errors';
import type { ReadContext } from '../use-case';
import { CHECK_KEPT_SECONDS, webhookCheckEntity } from './check-items';
import { findWebhookEndpoint } from './endpoint-repository';
import type { ListWebhookChecksInput, WebhookCheck } from './webhook-check';

/**
 * The list of an endpoint's receiver checks (docs/api.md §17); making one is check-endpoint.ts, so
 * only that function bundles the URL policy and the sender.
 */

/** The checks of one of the client's endpoints, newest first, kept 30 days; another client's endpoint is 404. */
export async function listWebhookChecks(
  context: ReadContext,
  endpointId: string,
  query: ListWebhookChecksInput,
  readUnits: number,
): Promise<{ data: WebhookCheck[]; pagination: Pagination }> {
  const { db, clientId, clock } = context;
  if (!(await findWebhookEndpoint(db, clientId, endpointId))) throw new NotFoundError('Webhook endpoint not found');
  const { items, pagination } = await listNewestFirst(db, {
    clientId,
    kind: 'webhookCheck',
    sortKeyPrefix: keys.webhookCheckSortKeyPrefix(endpointId),
    limit: query.limit,
    cursor: query.cursor,
    filters: { endpoint_id: endpointId },
    // DynamoDB's TTL deletes within days of the ttl; until then, a check older than 30 days is not shown.
    from: new Date(realClockOf(clock).now().getTime() - CHECK_KEPT_SECONDS * 1000),
    readUnits,
  });
  return { data: items.map((item) => webhookCheckEntity.fromItem(item).check), pagination };
}
