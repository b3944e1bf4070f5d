import { stageBaseUrl } from '../base-url';

/**
 * The path of a transaction's payment page below `{base_url}` (docs/api.md §5, `payment_url`): the
 * page's routes serve this path (lib/routes.ts `getPaymentPageRoute`, held to it by
 * test/unit/routes.test.ts; not imported, so a create's bundle holds no page route), and the token in it is the page's only credential
 * (lib/payments/payment-token.ts).
 */
export const PAYMENT_PAGE_PATH = '/pay/{token}';

/** The payment page of a token on this stage: `{base_url}/pay/{token}`. */
export function paymentUrl(token: string): string {
  return stageBaseUrl() + PAYMENT_PAGE_PATH.replace('{token}', token);
}
