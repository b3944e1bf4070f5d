import type { UseCaseContext } from '../use-case';
import type { Db } from '../db/db';
import { cancellationReasons } from '../db/errors';
import type { SendWindow } from '../db/transact';
import { transactWrite } from '../db/transact';
import type { TransactItem } from '../db/requests';
import { ConcurrentWriteError, NotFoundError, ValidationError } from '../errors';
import { endpointUpdated } from '../events/event';
import { recordEvents } from '../events/event-recorder';
import type { UrlChecking } from './create-endpoint';
import { findWebhookEndpoint } from './endpoint-repository';
import { ENDPOINT_REVISION, webhookEndpointEntity, type StoredWebhookEndpoint } from './items';
import { resolveWebhookTarget, UnsafeWebhookUrlError } from './url-policy';
import type { UpdateWebhookEndpointInput } from './endpoint-bodies';
import type { WebhookEndpoint } from '../objects/webhook-endpoint';

/**
 * PATCH /webhook/endpoints/{id} (docs/api.md §17, decision 0265): changes the fields given — `url`
 * (checked under the URL policy exactly as on a create), `enabled_events`, `description`, `status`,
 * `chaos` (merged: a chaos field left out stays as it is) — and records webhook_endpoint.updated
 * with the changed fields' old values, in one TransactWriteItems conditioned on the endpoint's
 * revision as it was read: two racing updates never lose one another's change (the loser is read
 * again and applied after the winner). A PATCH that changes nothing writes nothing and records no
 * event. Another client's id is 404 like an unknown one.
 */
export async function updateWebhookEndpoint(
  context: UseCaseContext,
  endpointId: string,
  input: UpdateWebhookEndpointInput,
  urls: UrlChecking,
): Promise<WebhookEndpoint> {
  const { db, clientId, clock, cause, idempotency: claim } = context;
  if (input.url !== undefined) {
    try {
      await resolveWebhookTarget(input.url, urls.policy, urls.resolve);
    } catch (error) {
      if (error instanceof UnsafeWebhookUrlError) throw new ValidationError([{ field: 'url', message: error.problem }]);
      throw error;
    }
  }
  for (let attempt = 1; ; attempt++) {
    const stored = await findWebhookEndpoint(db, clientId, endpointId);
    if (!stored) throw notFound();
    const before = stored.endpoint;
    const after: WebhookEndpoint = {
      ...before,
      ...(input.url !== undefined && { url: input.url }),
      ...(input.enabled_events !== undefined && { enabled_events: input.enabled_events }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.status !== undefined && { status: input.status }),
      ...(input.chaos !== undefined && { chaos: { ...before.chaos, ...input.chaos } }),
    };
    const change = endpointUpdated(before, after, clock.now().toISOString());
    if (Object.keys(change.previous ?? {}).length === 0) {
      // Nothing to change: no write, no event; a request with a key still keeps its answer.
      const completion = claim?.complete(after);
      if (completion) await transactWrite(db, [], completion);
      return after;
    }
    const recorded = recordEvents(clientId, [change], { cause, clock });
    const written = await writeEndpointUpdate(db, stored, after, { items: recorded.puts, completion: claim?.complete(after), window: recorded.window });
    if (written === 'gone') throw notFound();
    if (written === 'written') return after;
    if (attempt >= UPDATE_ATTEMPTS) throw new ConcurrentWriteError();
  }
}

/** How often an update that lost to another is read and tried again before 429 (ConcurrentWriteError). */
const UPDATE_ATTEMPTS = 3;

const notFound = () => new NotFoundError('Webhook endpoint not found');

/**
 * Writes the endpoint's new fields with `also` (its event, the idempotency completion) in one
 * TransactWriteItems, conditioned on the endpoint existing at the revision it was read at. The
 * benchmark's floor sends the very same.
 */
export async function writeEndpointUpdate(
  db: Db,
  stored: StoredWebhookEndpoint,
  after: WebhookEndpoint,
  also: { readonly items: readonly TransactItem[]; readonly completion?: TransactItem; readonly window?: SendWindow },
): Promise<'written' | 'gone' | 'changed'> {
  const read = stored.revision;
  const update = webhookEndpointEntity.update(webhookEndpointEntity.key(stored.clientId, after.id), {
    set: {
      url: after.url,
      enabled_events: after.enabled_events,
      description: after.description,
      status: after.status,
      chaos: after.chaos,
      [ENDPOINT_REVISION]: (read ?? 0) + 1,
    },
    when: [{ exists: 'pk' }, read === undefined ? { absent: ENDPOINT_REVISION } : [ENDPOINT_REVISION, '=', read]],
    returnOldOnRefusal: true,
  });
  try {
    await transactWrite(db, [update, ...also.items], also.completion, also.window);
    return 'written';
  } catch (error) {
    const reason = cancellationReasons(error)?.[0];
    if (reason?.Code !== 'ConditionalCheckFailed') throw error;
    return reason.Item === undefined ? 'gone' : 'changed';
  }
}
