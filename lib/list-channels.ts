import * as z from 'zod/mini';
import { catalog, paymentMethodNames } from './catalog';
import type { PaymentMethod } from './channels';

/** GET /payment/channels: its query and its use case, apart from lib/channels.ts, whose schemas type the catalog. */

export const ListChannelsQuery = z.strictObject({
  payment_method: z.optional(z.enum(paymentMethodNames, { error: `must be one of ${paymentMethodNames.join(', ')}` })),
});

/** The catalog, optionally narrowed to one payment method. */
export function listChannels(query: z.output<typeof ListChannelsQuery>): readonly PaymentMethod[] {
  return query.payment_method ? catalog.filter((m) => m.payment_method === query.payment_method) : catalog;
}
