import type { ReadContext, UseCaseContext } from '../use-case';
import { keys } from '../db/keys';
import { listNewestFirst } from '../db/paging';
import { retryingCollisions } from '../db/transact';
import type { Pagination } from '../db/pagination';
import { ConcurrentWriteError, NotFoundError } from '../errors';
import { realClockOf } from '../clock';
import { endpointSecretRolled } from '../events/event';
import { recordEvents } from '../events/event-recorder';
import { newWebhookSecret } from './signature';
import { deleteWebhookEndpointItem, findWebhookEndpoint, replaceWebhookSecret } from './endpoint-repository';
import { webhookEndpointEntity } from './items';
import {
  DEFAULT_SECRET_GRACE_SECONDS,
  type WebhookEndpoint,
  type CreatedWebhookEndpoint,
  type ListWebhookEndpointsInput,
  type RollWebhookSecretInput,
} from '../objects/webhook-endpoint';

/**
 * The webhook endpoint use cases that read, delete and roll a secret (docs/api.md §11, §15);
 * registering, which needs the URL policy and its address library, is create-endpoint.ts, so only
 * that function bundles them.
 */

const notFound = () => new NotFoundError('Webhook endpoint not found');

/** One endpoint of this client, without its secret; another client's id is 404 like an unknown one. */
export async function getWebhookEndpoint({ db, clientId }: ReadContext, endpointId: string): Promise<WebhookEndpoint> {
  const stored = await findWebhookEndpoint(db, clientId, endpointId);
  if (!stored) throw notFound();
  return stored.endpoint;
}

/** The client's endpoints, newest first, a page at a time; never their secrets. */
export async function listWebhookEndpoints(
  { db, clientId }: ReadContext,
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
  return { data: items.map((item) => webhookEndpointEntity.fromItem(item).endpoint), pagination };
}

/**
 * Deletes an endpoint and answers it as it was (without its secret). The endpoint is read first,
 * since the answer (stored with the write when the request carries a key) is the deleted endpoint;
 * a second delete is 404, unless it repeats the first's Idempotency-Key, which replays the first answer.
 */
export async function deleteWebhookEndpoint(context: UseCaseContext, endpointId: string): Promise<WebhookEndpoint> {
  const { db, clientId, idempotency: claim } = context;
  return retryingCollisions(async () => {
    const endpoint = await getWebhookEndpoint(context, endpointId);
    if (!(await deleteWebhookEndpointItem(db, clientId, endpointId, claim?.complete(endpoint)))) throw notFound();
    return endpoint;
  });
}

/**
 * Rolls an endpoint's signing secret (docs/api.md §15): a new secret, shown only in this answer; the
 * old one keeps signing every delivery beside it for `expire_old_in_seconds` of real time (the
 * infrastructure's time, like webhook retries: a client's sandbox clock does not hurry it), then
 * only the new one does. One TransactWriteItems makes the change and records
 * webhook_endpoint.secret_rolled (the endpoint, no secret). A roll during another's grace drops the
 * secret that one kept: at most two secrets sign at once. Two racing rolls: one wins, the other is
 * read again and rolls after it.
 */
export async function rollWebhookSecret(context: UseCaseContext, endpointId: string, input: RollWebhookSecretInput): Promise<CreatedWebhookEndpoint> {
  const { db, clientId, clock, cause, idempotency: claim } = context;
  for (let attempt = 1; ; attempt++) {
    const stored = await findWebhookEndpoint(db, clientId, endpointId);
    if (!stored) throw notFound();
    const { endpoint } = stored;
    const secret = newWebhookSecret();
    const grace = input.expire_old_in_seconds ?? DEFAULT_SECRET_GRACE_SECONDS;
    const previousUntil = grace > 0 ? new Date(realClockOf(clock).now().getTime() + grace * 1000).toISOString() : undefined;
    const answer: CreatedWebhookEndpoint = { ...endpoint, secret };
    const recorded = recordEvents(clientId, [endpointSecretRolled(endpoint, clock.now().toISOString())], { cause, clock });
    const rolled = await replaceWebhookSecret(
      db,
      clientId,
      endpointId,
      { from: stored.secret, to: secret, previousUntil },
      { items: recorded.puts, completion: claim?.complete(answer), window: recorded.window },
    );
    if (rolled) return answer;
    if (attempt >= ROLL_ATTEMPTS) throw new ConcurrentWriteError();
  }
}

/** How often a roll that lost to another is read and tried again before 429. */
const ROLL_ATTEMPTS = 3;
