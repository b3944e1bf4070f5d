import * as z from 'zod/mini';
import { contract } from '../http/contract';
import { meta } from '../meta';
import { getPaymentPageRoute } from '../routes';
import { PaymentPageParams } from './payment-page-params';

const Page = meta(z.string(), { description: 'The payment page (HTML), or its receipt once the transaction left `pending` and has no `return_url`' });

export const getPaymentPageContract = contract({
  route: getPaymentPageRoute,
  tag: 'Payment page',
  description:
    "The customer's page of one transaction (docs/api.md §16): the merchant, order, amount, channel, status and time left on " +
    "the client's sandbox clock, the method's instructions (the virtual account number, the QR code drawn from `qr_string`, " +
    "the retail code, the e-wallet's approve screen, a card form with the test cards) and the sandbox actions. Never the " +
    "customer's e-mail or phone, nor the metadata. A transaction that is no longer `pending` sends the browser to its " +
    '`return_url` (303, with `transaction_id`, `order_id` and `status` added to its query), or shows a receipt without one. ' +
    'Served with a strict `Content-Security-Policy`, `Referrer-Policy: no-referrer`, `Cache-Control: no-store` and ' +
    '`X-Robots-Tag: noindex`. Counts against the client’s requests per second.',
  params: PaymentPageParams,
  // A link a shop or a mail tool has added tracking parameters to still opens: the page reads no query.
  query: meta(z.object({}), { description: 'Any query parameter is ignored' }),
  redirects:
    'See Other: the transaction is no longer `pending` and has a `return_url`; `Location` is that URL with `transaction_id`, `order_id` and `status` added to its query',
  response: {
    status: 200,
    description: 'The page, or the receipt',
    schema: Page,
    example: '<!doctype html><html lang="en"><head><title>Pay Toko Budi · Payment Sandbox</title>…</head><body>…</body></html>',
    mediaTypes: ['text/html'],
  },
});
