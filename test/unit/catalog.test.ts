import { describe, expect, it } from 'vitest';
import { catalog, computeFee, findChannel } from '../../lib/catalog';

describe('catalog', () => {
  it('holds every channel of the contract table, all in IDR', () => {
    const pairs = catalog.flatMap((m) => m.channels.map((c) => `${m.payment_method}/${c.payment_channel}`));
    expect(pairs).toEqual([
      'bank_transfer/bca_va',
      'bank_transfer/bni_va',
      'bank_transfer/bri_va',
      'bank_transfer/mandiri_va',
      'bank_transfer/permata_va',
      'ewallet/gopay',
      'ewallet/ovo',
      'ewallet/dana',
      'ewallet/shopeepay',
      'qris/qris',
      'card/credit_card',
      'retail/alfamart',
      'retail/indomaret',
    ]);
    expect(new Set(catalog.flatMap((m) => m.channels.map((c) => c.currency)))).toEqual(new Set(['IDR']));
  });

  it('finds a channel only under its own method', () => {
    expect(findChannel('ewallet', 'gopay')?.fee).toEqual({ flat: 0, percent: 2 });
    expect(findChannel('bank_transfer', 'gopay')).toBeUndefined();
    expect(findChannel('crypto', 'btc')).toBeUndefined();
  });
});

describe('computeFee', () => {
  it.each([
    // [amount, flat, percent, fee]
    [150_000, 4_000, 0, 4_000],
    [100_000, 0, 2, 2_000],
    [1_025, 0, 2, 21], // 20.5 rounds half up to 21
    [1_075, 0, 2, 22], // 21.5 → 22
    [1_000, 0, 0.7, 7],
    [1_500, 0, 0.7, 11], // 10.5 → 11
    [1_499, 0, 0.7, 10], // 10.493 → 10
    [10_000, 2_000, 2.9, 2_290],
    [12_345, 2_000, 2.9, 2_358], // 358.005 → 358
    [200_000_000, 2_000, 2.9, 5_802_000],
  ])('charges %i at flat %i + %s%% as %i', (amount, flat, percent, fee) => {
    expect(computeFee(amount, { flat, percent })).toBe(fee);
  });

  it('rounds 0.7% of 5_500 (exactly 38.5) up to 39, where floating point would give 38', () => {
    expect((5_500 * 0.7) / 100).toBe(38.49999999999999);
    expect(computeFee(5_500, { flat: 0, percent: 0.7 })).toBe(39);
  });
});
