import { clientOf, defineEntity, requiredText, text } from '../db/entity';
import { keys } from '../db/keys';
import type { Item } from '../db/requests';
import { attemptObjectOf, type DeliveryAttempt } from '../objects/delivery-attempt';
import { ATTEMPT_ENTITY, type RESEND_ORIGIN } from '../events/stream-filter';
import { endpointObjectOf, type WebhookEndpoint } from '../objects/webhook-endpoint';

/**
 * The stored items of webhooks (docs/data-model.md): an endpoint with its signing secrets, and one
 * delivery attempt, each defined once.
 */

/** An endpoint as stored: the object every answer shows, and the secrets delivery signs with. */
export interface StoredWebhookEndpoint {
  readonly clientId: string;
  readonly endpoint: WebhookEndpoint;
  readonly secret: string;
  /** The secret before the last roll, honoured until `previousUntil` (docs/api.md §15). */
  readonly previous?: { readonly secret: string; readonly until: string };
  /** How many times a PATCH changed it (absent: never): what the next PATCH's write is conditioned on, so no update is lost. */
  readonly revision?: number;
}

/** The item attribute that counts an endpoint's updates (lib/webhooks/update-endpoint.ts). */
export const ENDPOINT_REVISION = 'revision';

/** The item attributes that hold the secret before a roll. */
export const PREVIOUS_SECRET = 'previous_secret';
export const PREVIOUS_SECRET_EXPIRES_AT = 'previous_secret_expires_at';

export const webhookEndpointEntity = defineEntity({
  name: 'webhook_endpoint',
  key: keys.webhookEndpoint,
  keyOf: (value: StoredWebhookEndpoint) => keys.webhookEndpoint(value.clientId, value.endpoint.id),
  attributes: (value: StoredWebhookEndpoint) => ({
    ...value.endpoint,
    secret: value.secret,
    ...(value.previous && { [PREVIOUS_SECRET]: value.previous.secret, [PREVIOUS_SECRET_EXPIRES_AT]: value.previous.until }),
    ...(value.revision !== undefined && { [ENDPOINT_REVISION]: value.revision }),
  }),
  fromItem: (item): StoredWebhookEndpoint => {
    const previous = text(item, PREVIOUS_SECRET);
    const until = text(item, PREVIOUS_SECRET_EXPIRES_AT);
    const revision = item[ENDPOINT_REVISION];
    return {
      clientId: clientOf(item),
      endpoint: endpointObjectOf(item),
      ...(typeof revision === 'number' && { revision }),
      secret: requiredText(item, 'secret'),
      ...(previous !== undefined && until !== undefined && { previous: { secret: previous, until } }),
    };
  },
});

/** Why an attempt item was written: decides whether the stream brings it to the dispatcher (lib/events/stream-filter.ts). */
export type AttemptOrigin = 'event' | 'retry' | typeof RESEND_ORIGIN;

/** An attempt as stored: the API object and what delivery needs to make it. */
export interface StoredAttempt extends DeliveryAttempt {
  readonly event_id: string;
  readonly origin: AttemptOrigin;
  /** When it is due in real time (the `due` index's time while pending); `next_attempt_at` shows it on the client's clock. */
  readonly due_at: string;
  /**
   * A first attempt held for a reverse-order window (the endpoint's chaos, lib/webhooks/delivery-plan.ts):
   * whoever makes it sends the window's other held attempts with it, newest event first.
   */
  readonly reorder?: true;
}

/** A delivery attempt item: the attempt, its client, how long it is kept (`ttl`, its event's) and, while claimed, the claim's token. */
export interface AttemptItem {
  readonly clientId: string;
  readonly attempt: StoredAttempt;
  /** Epoch seconds: kept as long as its event. */
  readonly ttl: number;
  /** The token of the worker making it, while one is (lib/webhooks/delivery-repository.ts, claimAttempt). */
  readonly claim?: string;
  /** Written claimed (lib/webhooks/dispatch.ts, dispatchEvent): when the claim runs out, its time in the due index until then. */
  readonly lease?: string;
}

export const deliveryAttemptEntity = defineEntity({
  name: ATTEMPT_ENTITY,
  key: keys.deliveryAttempt,
  keyOf: (value: AttemptItem) => keys.deliveryAttempt(value.clientId, value.attempt.event_id, value.attempt.id),
  // A pending attempt is due at its real `due_at` (the due index), or, written claimed, when the
  // claim runs out, as claimAttempt leaves it; made, it is due no more.
  // `duplicate` and `reorder` are stored only when true: an ordinary attempt's item is as it was.
  attributes: ({ attempt: { duplicate, reorder, ...attempt }, ...value }: AttemptItem): Item => ({
    ...attempt,
    ...(duplicate && { duplicate }),
    ...(reorder && { reorder }),
    ttl: value.ttl,
    ...(value.claim !== undefined && { claim: value.claim }),
    ...(attempt.status === 'pending' && keys.due(value.lease ?? attempt.due_at)),
  }),
  fromItem: (item): AttemptItem => {
    const claim = text(item, 'claim');
    return {
      clientId: clientOf(item),
      attempt: {
        ...attemptObjectOf(item),
        event_id: requiredText(item, 'event_id'),
        origin: requiredText(item, 'origin') as AttemptOrigin,
        due_at: requiredText(item, 'due_at'),
        ...(item.reorder === true && { reorder: true as const }),
      },
      ttl: Number(item.ttl),
      ...(claim !== undefined && { claim }),
    };
  },
});
