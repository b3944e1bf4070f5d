import { clientOf, defineEntity, requiredText } from '../db/entity';
import { DUE_PARTITION, keys } from '../db/keys';
import type { Item } from '../db/requests';
import { EVENT_ENTITY } from './stream-filter';
import { eventOfItem, transactionIdOf, type Event } from './event';

/**
 * An event as stored (`C#<client>` / `EVT#evt_<ULID>`, docs/data-model.md): the event object, the
 * transaction it names (a copy, for filtering), its TTL and, until its deliveries are created, when
 * it falls due for them.
 */
export interface StoredEvent {
  readonly clientId: string;
  readonly event: Event;
  /** Epoch seconds: DynamoDB's TTL deletes the event some time after (docs/api.md §10: 30 days). */
  readonly ttl: number;
  /** While its deliveries are still to be created: when it is due for them (real time, the `due` index). */
  readonly dueAt?: string;
}

export const eventEntity = defineEntity({
  name: EVENT_ENTITY,
  key: keys.event,
  keyOf: (value: StoredEvent) => keys.event(value.clientId, value.event.id),
  attributes: ({ event, ttl, dueAt }: StoredEvent): Item => {
    const transactionId = transactionIdOf(event);
    return {
      ...event,
      // `type` and `created_at` are the event's own; the transaction is named for filtering.
      ...(transactionId !== undefined && { transaction_id: transactionId }),
      ttl,
      ...(dueAt !== undefined && keys.due(dueAt)),
    };
  },
  fromItem: (item): StoredEvent => ({
    clientId: clientOf(item),
    event: eventOfItem(item),
    ttl: Number(item.ttl),
    ...(item.due_pk === DUE_PARTITION && { dueAt: requiredText(item, 'due_sk') }),
  }),
});
