import { clientOf, defineEntity } from '../db/entity';
import { keys } from '../db/keys';
import type { Item } from '../db/requests';
import { asApiObject } from '../objects/fields';
import { WebhookCheck } from './webhook-check';

/**
 * The stored check of a webhook receiver (docs/data-model.md): `C#<client>` /
 * `WHC#<endpoint id>#<check id>`, the check as answered and its `ttl` (30 days).
 */

/** How long a check is kept: 30 days (docs/api.md §17). */
export const CHECK_KEPT_SECONDS = 30 * 24 * 60 * 60;

export interface StoredWebhookCheck {
  readonly clientId: string;
  readonly check: WebhookCheck;
  /** Epoch seconds: DynamoDB's TTL deletes the check some time after. */
  readonly ttl: number;
}

export const webhookCheckEntity = defineEntity({
  name: 'webhook_check',
  key: keys.webhookCheck,
  keyOf: (value: StoredWebhookCheck) => keys.webhookCheck(value.clientId, value.check.endpoint_id, value.check.id),
  attributes: (value: StoredWebhookCheck): Item => ({ ...value.check, ttl: value.ttl }),
  fromItem: (item): StoredWebhookCheck => ({ clientId: clientOf(item), check: asApiObject(WebhookCheck, item), ttl: Number(item.ttl) }),
});
