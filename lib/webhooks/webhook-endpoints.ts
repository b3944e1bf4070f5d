import type { Db } from '../db/db';
import { keys } from '../db/keys';
import { listNewestFirst } from '../db/paging';
import { retryingCollisions } from '../db/transact';
import type { Pagination } from '../http/envelope';
import { NotFoundError } from '../http/errors';
import type { IdempotencyClaim } from '../http/idempotency';
import { asApiObject } from '../payments/fields';
import { deleteWebhookEndpointItem, findWebhookEndpointItem } from './endpoint-repository';
import { WebhookEndpoint, type ListWebhookEndpointsInput } from './webhook-endpoint';

/**
 * The webhook endpoint use cases that read and delete (docs/api.md §11); registering, which needs
 * the URL policy and its address library, is create-endpoint.ts, so only that function bundles them.
 */

const notFound = () => new NotFoundError('Webhook endpoint not found');

/** One endpoint of this client, without its secret; another client's id is 404 like an unknown one. */
export async function getWebhookEndpoint(db: Db, clientId: string, endpointId: string): Promise<WebhookEndpoint> {
  const item = await findWebhookEndpointItem(db, clientId, endpointId);
  if (!item) throw notFound();
  return asApiObject(WebhookEndpoint, item);
}

/** The client's endpoints, newest first, a page at a time; never their secrets. */
export async function listWebhookEndpoints(
  db: Db,
  clientId: string,
  query: ListWebhookEndpointsInput,
  readUnits: number,
): Promise<{ data: WebhookEndpoint[]; pagination: Pagination }> {
  const { items, pagination } = await listNewestFirst(db, {
    clientId,
    kind: 'webhookEndpoint',
    sortKeyPrefix: keys.webhookEndpointSortKey(''),
    limit: query.limit,
    cursor: query.cursor,
    filters: {},
    readUnits,
  });
  return { data: items.map((item) => asApiObject(WebhookEndpoint, item)), pagination };
}

/**
 * Deletes an endpoint and answers it as it was (without its secret). The endpoint is read first,
 * since the answer (stored with the write when the request carries a key) is the deleted endpoint;
 * a second delete is 404, unless it repeats the first's Idempotency-Key, which replays the first answer.
 */
export async function deleteWebhookEndpoint(db: Db, clientId: string, endpointId: string, claim?: IdempotencyClaim): Promise<WebhookEndpoint> {
  return retryingCollisions(async () => {
    const endpoint = await getWebhookEndpoint(db, clientId, endpointId);
    if (!(await deleteWebhookEndpointItem(db, clientId, endpointId, claim?.complete(endpoint)))) throw notFound();
    return endpoint;
  });
}
