import * as z from 'zod/mini';
import { meta } from './meta';

/** The catalog's entries as GET /payment/channels answers them (docs/api.md §4); lib/list-channels.ts lists them. */

export const Fee = meta(
  z.strictObject({
    flat: meta(z.int().check(z.nonnegative()), { description: "Flat part, in the currency's charged unit" }),
    percent: meta(z.number().check(z.nonnegative()), {
      description: 'Percentage of the amount, such as 2.9 (at most 4 decimal places)',
    }),
  }),
  { description: 'fee = flat + round_half_up(amount × percent / 100), computed in integers' },
);
export type Fee = Readonly<z.infer<typeof Fee>>;

export const Channel = meta(
  z.strictObject({
    payment_channel: meta(z.string(), { examples: ['bca_va'] }),
    name: meta(z.string(), { examples: ['BCA Virtual Account'] }),
    currency: meta(z.string(), { description: 'ISO 4217 code', examples: ['IDR'] }),
    min_amount: z.int().check(z.positive()),
    max_amount: z.int().check(z.positive()),
    fee: Fee,
    expiry_minutes: meta(z.int().check(z.positive()), { description: 'Default lifetime of a pending transaction' }),
    enabled: z.boolean(),
  }),
  { description: 'A payment channel and its limits and fee' },
);
export type Channel = Readonly<z.infer<typeof Channel>>;

export const PaymentMethod = meta(
  z.strictObject({
    payment_method: meta(z.string(), { examples: ['bank_transfer'] }),
    name: meta(z.string(), { examples: ['Bank Transfer'] }),
    channels: z.array(Channel),
  }),
  { description: 'A payment method and its channels' },
);
export type PaymentMethod = Readonly<z.infer<typeof PaymentMethod>>;
