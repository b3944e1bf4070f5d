import * as z from 'zod/mini';
import { contract } from '../http/contract';
import { meta } from '../meta';
import { pageActions } from './page-actions';
import { submitPaymentPageRoute } from '../routes';
import { PaymentPageParams } from './payment-page-params';

const cardField = (description: string) => meta(z.optional(z.string().check(z.maxLength(100))), { description });

/** The form the page's buttons and card form post (application/x-www-form-urlencoded). */
const PaymentPageForm = z.strictObject({
  action: meta(z.enum(pageActions), {
    description:
      '`pay` or `fail` (every method but card); `card` (a card payment: the card fields); `3ds-complete` or `3ds-fail` (a waiting 3-D Secure challenge)',
  }),
  card_number: cardField('card: the number, spaces allowed'),
  card_expiry: cardField('card: the expiry, MM/YY'),
  card_cvc: cardField('card: the security code, 3 or 4 digits'),
  card_name: cardField('card: the name on the card'),
});

export const submitPaymentPageContract = contract({
  route: submitPaymentPageRoute,
  tag: 'Payment page',
  description:
    'A sandbox action of the payment page (docs/api.md §16), the same transition as `simulate`: `pay` settles, `fail` fails ' +
    "(`failure_code: simulated`); `card` checks the card (Luhn, an expiry that has not passed on the client's clock, a CVC) " +
    'and does what its test card says, or shows a 3-D Secure challenge whose `3ds-complete` settles and `3ds-fail` fails ' +
    '(`authentication_failed`). Its event names the payment page in `request.source`. Answers 303 See Other: to the ' +
    "transaction's `return_url` with `transaction_id`, `order_id` and `status` added to its query, else back to the page " +
    '(its receipt, or the challenge). A transaction that already left `pending` (a cancel or another outcome won) is ' +
    'answered the same way, showing the winner. A bad card field is 400 with the page and the field’s error, nothing changed.',
  params: PaymentPageParams,
  body: PaymentPageForm,
  response: {
    status: 303,
    description: 'See Other: where the browser goes next (`Location`)',
    schema: meta(z.string(), { description: 'Empty: the browser follows `Location`' }),
    example: '',
    mediaTypes: ['text/plain'],
  },
  errors: ['NOT_FOUND'],
});
