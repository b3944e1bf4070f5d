/**
 * Why a transaction failed (docs/api.md §5): its `failure_code`, and the sentence its
 * `failure_reason` says for each. `simulated` is every failure a sandbox control makes (simulate
 * `fail`, a scheduled `fail`, the payment page's Fail); the card codes are the payment page's test
 * cards. An expiry or a cancel is no failure: the code stays null (decision 0248).
 */

export const failureCodes = ['simulated', 'card_declined', 'insufficient_funds', 'authentication_failed'] as const;
export type FailureCode = (typeof failureCodes)[number];

const reasons: { readonly [C in FailureCode]: string } = {
  simulated: 'Payment failed (simulated)',
  card_declined: 'The card was declined',
  insufficient_funds: 'The card has insufficient funds',
  authentication_failed: 'The 3-D Secure authentication failed',
};

/** What a failure of this kind sets on the transaction: its code and its sentence. */
export function failureOf(code: FailureCode): { readonly failure_code: FailureCode; readonly failure_reason: string } {
  return { failure_code: code, failure_reason: reasons[code] };
}
