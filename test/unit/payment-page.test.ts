import { describe, expect, it } from 'vitest';
import { pageCsp } from '../../lib/http/page/page-face';
import { formTargetOf, returnLocation } from '../../lib/payment-page/return-url';
import { brandOf, checkCard, luhnValid } from '../../lib/payments/test-cards';
import { routes } from '../../lib/routes';

/** The payment page's rules that need no server: the card form's checks, the way back to the shop, and its policy (docs/api.md §16). */

const outcome = { id: 'txn_01JZ0000000000000000000000', order_id: 'ORDER 1/2', status: 'settled' } as const;

describe('the way back to the shop', () => {
  it.each([
    ['https://shop.example.com/return', 'https://shop.example.com/return?'],
    ['https://shop.example.com/return?cart=42&lang=id', 'https://shop.example.com/return?cart=42&lang=id&'],
    ['https://shop.example.com/return?', 'https://shop.example.com/return?'],
    ['https://shop.example.com/return?a=1&', 'https://shop.example.com/return?a=1&'],
    ['https://shop.example.com/r?q=a%20b+c#done', 'https://shop.example.com/r?q=a%20b+c&'],
  ])('adds transaction_id, order_id and status to %s, keeping its own query as written and its fragment last', (returnUrl, start) => {
    const location = returnLocation(returnUrl, outcome);
    expect(location).toBe(`${start}transaction_id=${outcome.id}&order_id=ORDER%201%2F2&status=settled${returnUrl.includes('#') ? '#done' : ''}`);
  });

  it("lets a form's redirect reach the shop's origin, and a loopback IPv6 shop by its scheme (a policy cannot name an IPv6 address)", () => {
    expect(formTargetOf('https://shop.example.com:8443/return?x=1')).toBe('https://shop.example.com:8443');
    expect(formTargetOf('http://127.0.0.1:4999/back')).toBe('http://127.0.0.1:4999');
    expect(formTargetOf('http://localhost/back')).toBe('http://localhost');
    expect(formTargetOf('http://[::1]:8080/back')).toBe('http:');
  });

  it("names the shop in the page's form-action and its style sheet's hash in style-src, and nowhere on a page whose forms post nowhere", () => {
    const face = routes.getPaymentPage.face;
    expect(pageCsp(face, undefined, { formTargets: ['https://shop.example.com'], styleHashes: ['sha256-abc='] })).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self' 'sha256-abc='; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self' https://shop.example.com; frame-ancestors 'none'",
    );
    expect(pageCsp(face)).toContain("form-action 'self';");
    expect(() => pageCsp(routes.getDashboard.face, undefined, { formTargets: ['https://shop.example.com'] })).toThrow();
  });
});

describe("the card form's checks", () => {
  const now = new Date('2026-11-26T12:00:00.000Z');
  const form = (overrides: Record<string, string>) => ({
    card_number: '4111 1111 1111 1111',
    card_expiry: '12/30',
    card_cvc: '123',
    card_name: 'Budi',
    ...overrides,
  });

  it('passes the Luhn check for the test cards and fails it for a changed digit', () => {
    for (const number of ['4111111111111111', '5555555555554444', '4000000000000002', '4000000000009995', '4000000000003220'])
      expect(luhnValid(number), number).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
  });

  it('names the brand by the number', () => {
    expect([
      brandOf('4111111111111111'),
      brandOf('5555555555554444'),
      brandOf('2223000048400011'),
      brandOf('378282246310005'),
      brandOf('9999999999999995'),
    ]).toEqual(['visa', 'mastercard', 'mastercard', 'amex', 'unknown']);
  });

  it.each([
    ['4111 1111 1111 1111', { kind: 'settle' }],
    ['4111-1111-1111-1111', { kind: 'settle' }],
    ['4000 0000 0000 0002', { kind: 'fail', code: 'card_declined' }],
    ['4000000000009995', { kind: 'fail', code: 'insufficient_funds' }],
    ['4000000000003220', { kind: 'challenge' }],
  ])('makes %s %j, keeping brand, last four and expiry only', (number, expected) => {
    expect(checkCard(form({ card_number: number }), now)).toEqual({
      card: { brand: 'visa', last4: number.slice(-4), exp_month: 12, exp_year: 2030 },
      outcome: expected,
    });
  });

  it("takes a card through the last day of its month on the client's clock, and not a day after", () => {
    expect(checkCard(form({ card_expiry: '11/26' }), now)).toHaveProperty('card');
    expect(checkCard(form({ card_expiry: '11/26' }), new Date('2026-12-01T00:00:00.000Z'))).toEqual({ problems: { card_expiry: 'This card has expired.' } });
    expect(checkCard(form({ card_expiry: '10/26' }), now)).toEqual({ problems: { card_expiry: 'This card has expired.' } });
  });

  it('says what is wrong with each field at once', () => {
    expect(checkCard({ card_number: '4111 1111 1111 1112', card_expiry: '13/30', card_cvc: '12', card_name: '' }, now)).toEqual({
      problems: {
        card_number: 'This card number is not valid: check its digits.',
        card_expiry: 'Enter the expiry date as MM/YY, e.g. 12/30.',
        card_cvc: 'The security code is 3 or 4 digits.',
        card_name: 'Enter the name on the card.',
      },
    });
    expect(checkCard({}, now)).toEqual({
      problems: {
        card_number: 'Enter the card number.',
        card_expiry: 'Enter the expiry date as MM/YY.',
        card_cvc: 'Enter the security code (CVC).',
        card_name: 'Enter the name on the card.',
      },
    });
    expect(checkCard(form({ card_number: '4111 1111' }), now)).toEqual({ problems: { card_number: 'A card number is 12 to 19 digits.' } });
  });
});
