import * as z from 'zod/mini';
import { meta } from '../meta';
import { cursor, limit, oneOrSeveral, rangeInOrder, timestamp } from '../objects/list-queries';
import { idField } from '../objects/schemas';
import { eventTypes } from '../objects/event-types';

/** The path and query of the event routes (docs/api.md §10). */

export const EventIdParams = z.object({
  id: meta(idField('event', 'event'), { description: 'The event id (evt_ followed by a ULID)', examples: ['evt_01M80CWEM1X2Y3Z4A5B6C7D8E9'] }),
});

export const eventOrders = ['desc', 'asc'] as const;

export const ListEventsQuery = z
  .strictObject({
    type: oneOrSeveral(eventTypes, 'One event type, or several separated by commas (`type=payment.settled,refund.created`)'),
    transaction_id: meta(z.optional(idField('transaction', 'transaction')), { description: "Only this transaction's events (its refunds' included)" }),
    created_from: meta(z.optional(timestamp), { description: '`created_at` at or after this instant' }),
    created_to: meta(z.optional(timestamp), { description: '`created_at` before this instant' }),
    order: meta(
      z.pipe(
        z.optional(z.enum(eventOrders, { error: 'must be desc or asc' })),
        z.transform((o) => o ?? 'desc'),
      ),
      {
        description:
          '`desc` (default): newest first. `asc`: oldest first, for polling — `next_cursor` is never null; keep it and ask again later for the events recorded since',
        override: ({ jsonSchema }: { jsonSchema: z.core.JSONSchema.BaseSchema }) => {
          for (const key of Object.keys(jsonSchema)) delete jsonSchema[key as keyof typeof jsonSchema];
          Object.assign(jsonSchema, { type: 'string', enum: [...eventOrders], default: 'desc' });
        },
      },
    ),
    limit,
    cursor,
  })
  .check(rangeInOrder('created_from', 'created_to'));
export type ListEventsInput = z.output<typeof ListEventsQuery>;
