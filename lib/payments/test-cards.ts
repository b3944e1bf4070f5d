import type { FailureCode } from '../objects/failures';
import type { CardDetails } from '../objects/transaction';

/**
 * The payment page's card form (docs/api.md §16): what it checks of a card, what it keeps of one
 * (brand, last four digits, expiry: never the number or the CVC), and what each test card does.
 */

/** A card as the page keeps it: `payment_details.card`. */
export type Card = CardDetails;

/** What a card's number makes of the payment: settled, failed with a code, or a 3-D Secure challenge first. */
export type CardOutcome = { readonly kind: 'settle' } | { readonly kind: 'fail'; readonly code: FailureCode } | { readonly kind: 'challenge' };

/** The test cards of the contract, in its order: a number, the brand the page names for it, and what it does. */
const CARDS: readonly { readonly digits: string; readonly brand?: string; readonly outcome: CardOutcome }[] = [
  { digits: '4111111111111111', brand: 'Visa', outcome: { kind: 'settle' } },
  { digits: '5555555555554444', brand: 'Mastercard', outcome: { kind: 'settle' } },
  { digits: '4000000000000002', outcome: { kind: 'fail', code: 'card_declined' } },
  { digits: '4000000000009995', outcome: { kind: 'fail', code: 'insufficient_funds' } },
  { digits: '4000000000003220', outcome: { kind: 'challenge' } },
];

/** The test cards whose outcome is not `settled`; any other Luhn-valid number settles. */
const SPECIAL_CARDS: ReadonlyMap<string, CardOutcome> = new Map(CARDS.filter((c) => c.outcome.kind !== 'settle').map((c) => [c.digits, c.outcome]));

/** What a card does, in the page's words. */
function outcomeWords(card: (typeof CARDS)[number]): string {
  const { outcome } = card;
  if (outcome.kind === 'settle') return card.brand ? `settled (${card.brand})` : 'settled';
  if (outcome.kind === 'fail') return `failed: ${outcome.code}`;
  return 'a 3-D Secure challenge: Complete → settled, Fail → failed: authentication_failed';
}

/** A card number as printed on a card: groups of four digits. */
const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The test cards the page lists, with what each does, in the contract's order (from CARDS, the one table). */
export const TEST_CARDS: readonly { readonly number: string; readonly outcome: string }[] = [
  ...CARDS.filter((c) => c.outcome.kind === 'settle').map((c) => ({ number: grouped(c.digits), outcome: outcomeWords(c) })),
  { number: 'any other Luhn-valid number', outcome: 'settled' },
  ...CARDS.filter((c) => c.outcome.kind !== 'settle').map((c) => ({ number: grouped(c.digits), outcome: outcomeWords(c) })),
];

/** The card form's fields as sent (each may be missing). */
export interface CardForm {
  readonly card_number?: string | undefined;
  readonly card_expiry?: string | undefined;
  readonly card_cvc?: string | undefined;
  readonly card_name?: string | undefined;
}

/** The form's field names, in the form's order. */
export type CardField = keyof CardForm;

/** A checked card: what is kept of it, and what its number does. */
export interface CheckedCard {
  readonly card: Card;
  readonly outcome: CardOutcome;
}

/** What is wrong with a card form: one sentence per field, for the field's inline error. */
export type CardProblems = Partial<Record<CardField, string>>;

/** Whether a string of digits passes the Luhn check. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand a card number's first digits name (the scheme's published ranges), or `unknown`. */
export function brandOf(digits: string): string {
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'visa';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (four >= 3528 && four <= 3589) return 'jcb';
  if (digits.startsWith('6011') || digits.startsWith('65')) return 'discover';
  return 'unknown';
}

const EXPIRY = /^(\d{1,2}) ?\/ ?(\d{2})$/;

/**
 * Checks a card form on the client's clock `now`: a number of 12–19 digits (spaces and dashes
 * between them allowed) that passes the Luhn check, an expiry `MM/YY` whose month has not ended, a
 * CVC of 3 or 4 digits, and a name. Returns the card and its outcome, or what is wrong with each
 * field. Nothing here keeps or logs the number.
 */
export function checkCard(form: CardForm, now: Date): CheckedCard | { readonly problems: CardProblems } {
  const problems: CardProblems = {};
  const digits = (form.card_number ?? '').replace(/[ -]/g, '');
  if (digits === '') problems.card_number = 'Enter the card number.';
  else if (!/^\d{12,19}$/.test(digits)) problems.card_number = 'A card number is 12 to 19 digits.';
  else if (!luhnValid(digits)) problems.card_number = 'This card number is not valid: check its digits.';

  const expiry = EXPIRY.exec((form.card_expiry ?? '').trim());
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? 2000 + Number(expiry[2]) : 0;
  if ((form.card_expiry ?? '').trim() === '') problems.card_expiry = 'Enter the expiry date as MM/YY.';
  else if (!expiry || month < 1 || month > 12) problems.card_expiry = 'Enter the expiry date as MM/YY, e.g. 12/30.';
  // A card is good through the last day of its month (UTC, on the client's clock).
  else if (Date.UTC(year, month) <= now.getTime()) problems.card_expiry = 'This card has expired.';

  const cvc = (form.card_cvc ?? '').trim();
  if (cvc === '') problems.card_cvc = 'Enter the security code (CVC).';
  else if (!/^\d{3,4}$/.test(cvc)) problems.card_cvc = 'The security code is 3 or 4 digits.';

  if ((form.card_name ?? '').trim() === '') problems.card_name = 'Enter the name on the card.';

  if (Object.keys(problems).length > 0) return { problems };
  return {
    card: { brand: brandOf(digits), last4: digits.slice(-4), exp_month: month, exp_year: year },
    outcome: SPECIAL_CARDS.get(digits) ?? { kind: 'settle' },
  };
}
