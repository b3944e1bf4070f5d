import type { Transaction } from '../objects/transaction';

/**
 * Where the payment page sends the browser back to the shop (docs/api.md §16): the transaction's
 * `return_url` with `transaction_id`, `order_id` and `status` added to its query. Its own query is
 * kept exactly as written (appended to, never re-encoded), and a fragment stays last.
 */
export function returnLocation(returnUrl: string, transaction: Pick<Transaction, 'id' | 'order_id' | 'status'>): string {
  const hash = returnUrl.indexOf('#');
  const base = hash < 0 ? returnUrl : returnUrl.slice(0, hash);
  const fragment = hash < 0 ? '' : returnUrl.slice(hash);
  const added = [
    ['transaction_id', transaction.id],
    ['order_id', transaction.order_id],
    ['status', transaction.status],
  ]
    .map(([name, value]) => `${name}=${encodeURIComponent(value!)}`)
    .join('&');
  const joiner = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${joiner}${added}${fragment}`;
}

/**
 * The Content-Security-Policy source that lets a form's post be redirected to `returnUrl` (a browser
 * checks `form-action` on each redirect of a form's post): its origin. A policy cannot name an IPv6
 * address, so a shop on `http://[::1]` is allowed by its scheme (decision 0251). A return URL is
 * always https, or http on loopback (decision 0247), so the origin is plain ASCII without spaces.
 */
export function formTargetOf(returnUrl: string): string {
  const url = new URL(returnUrl);
  return url.hostname.startsWith('[') ? url.protocol : url.origin;
}
