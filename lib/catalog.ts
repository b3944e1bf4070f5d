import type { Channel, Fee, PaymentMethod } from './channels';

/**
 * The payment catalog (docs/api.md §4): every method, channel, limit and fee lives here and nowhere
 * else. Its schema (what GET /payment/channels answers) is in lib/channels.ts.
 */

const channel = (payment_channel: string, name: string, limits: { min: number; max: number; flat: number; percent: number; expiry: number }): Channel => ({
  payment_channel,
  name,
  currency: 'IDR',
  min_amount: limits.min,
  max_amount: limits.max,
  fee: { flat: limits.flat, percent: limits.percent },
  expiry_minutes: limits.expiry,
  enabled: true,
});

const bank = { min: 10_000, max: 100_000_000, flat: 4_000, percent: 0, expiry: 1_440 };
const ewallet = { min: 1_000, max: 20_000_000, flat: 0, percent: 2, expiry: 15 };
const retail = { min: 10_000, max: 5_000_000, flat: 5_000, percent: 0, expiry: 1_440 };

export const catalog: readonly PaymentMethod[] = [
  {
    payment_method: 'bank_transfer',
    name: 'Bank Transfer',
    channels: [
      channel('bca_va', 'BCA Virtual Account', bank),
      channel('bni_va', 'BNI Virtual Account', bank),
      channel('bri_va', 'BRI Virtual Account', bank),
      channel('mandiri_va', 'Mandiri Virtual Account', bank),
      channel('permata_va', 'Permata Virtual Account', bank),
    ],
  },
  {
    payment_method: 'ewallet',
    name: 'E-Wallet',
    channels: [
      channel('gopay', 'GoPay', ewallet),
      channel('ovo', 'OVO', ewallet),
      channel('dana', 'DANA', ewallet),
      channel('shopeepay', 'ShopeePay', ewallet),
    ],
  },
  {
    payment_method: 'qris',
    name: 'QRIS',
    channels: [channel('qris', 'QRIS', { min: 1_000, max: 10_000_000, flat: 0, percent: 0.7, expiry: 15 })],
  },
  {
    payment_method: 'card',
    name: 'Card',
    channels: [channel('credit_card', 'Credit Card', { min: 10_000, max: 200_000_000, flat: 2_000, percent: 2.9, expiry: 60 })],
  },
  {
    payment_method: 'retail',
    name: 'Retail Outlet',
    channels: [channel('alfamart', 'Alfamart', retail), channel('indomaret', 'Indomaret', retail)],
  },
];

export const paymentMethodNames = catalog.map((m) => m.payment_method) as [string, ...string[]];

/** Finds an enabled channel of a method, or undefined when the pair is not in the catalog. */
export function findChannel(paymentMethod: string, paymentChannel: string): Channel | undefined {
  const method = catalog.find((m) => m.payment_method === paymentMethod);
  const found = method?.channels.find((c) => c.payment_channel === paymentChannel);
  return found?.enabled ? found : undefined;
}

/** Percent values are kept to at most 4 decimal places so fees can be computed in integers. */
const PERCENT_SCALE = 10_000n;

/** fee = flat + round_half_up(amount × percent / 100), in integer arithmetic (docs/api.md §4). */
export function computeFee(amount: number, fee: Fee): number {
  const percentScaled = BigInt(Math.round(fee.percent * Number(PERCENT_SCALE)));
  const denominator = 100n * PERCENT_SCALE;
  const numerator = BigInt(amount) * percentScaled;
  const rounded = (numerator * 2n + denominator) / (denominator * 2n);
  return fee.flat + Number(rounded);
}
