import type { UseCaseContext } from '../use-case';
import { retryingCollisions } from '../db/transact';
import { ValidationError } from '../errors';
import { newId } from '../ids';
import { ALL_EVENTS } from '../objects/event-types';
import { insertWebhookEndpoint } from './endpoint-repository';
import type { UrlPolicy } from '../config/webhook-url-policy';
import { newWebhookSecret } from './signature';
import { resolveWebhookTarget, UnsafeWebhookUrlError, type HostResolver } from './url-policy';
import type { CreateWebhookEndpointInput } from './endpoint-bodies';
import { NO_CHAOS, type CreatedWebhookEndpoint } from '../objects/webhook-endpoint';

/** How a create checks the URL: the policy in force, and the resolver (the system's unless a test fakes it). */
export interface UrlChecking {
  readonly policy: UrlPolicy;
  readonly resolve?: HostResolver;
}

/**
 * Registers an endpoint: checks its URL under the policy (DNS included), then writes it and counts
 * it atomically, at most MAX_WEBHOOK_ENDPOINTS per client (409 LIMIT_EXCEEDED). The answer carries
 * the secret; nothing else ever shows it again.
 */
export async function createWebhookEndpoint(context: UseCaseContext, input: CreateWebhookEndpointInput, urls: UrlChecking): Promise<CreatedWebhookEndpoint> {
  const { db, clientId, clock, idempotency: claim } = context;
  try {
    await resolveWebhookTarget(input.url, urls.policy, urls.resolve);
  } catch (error) {
    if (error instanceof UnsafeWebhookUrlError) throw new ValidationError([{ field: 'url', message: error.problem }]);
    throw error;
  }
  const now = clock.now();
  const created: CreatedWebhookEndpoint = {
    id: newId('webhookEndpoint', now),
    url: input.url,
    enabled_events: input.enabled_events ?? [ALL_EVENTS],
    description: input.description ?? null,
    status: 'enabled',
    chaos: { ...NO_CHAOS, ...input.chaos },
    secret: newWebhookSecret(),
    created_at: now.toISOString(),
  };
  const { secret, ...endpoint } = created;
  await retryingCollisions(() => insertWebhookEndpoint(db, { clientId, endpoint, secret }, claim?.complete(created)));
  return created;
}
