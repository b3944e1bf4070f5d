import { submitPaymentPageContract } from '../lib/contracts/submit-payment-page';
import { defaultDb } from '../lib/db/default-db';
import { tokenPageEndpoint } from '../lib/http/page/token-page-endpoint';
import { paymentPageResolver, submitPaymentPage } from '../lib/payment-page/payment-page';

export const handler = tokenPageEndpoint(submitPaymentPageContract, paymentPageResolver(defaultDb), (input) => submitPaymentPage(defaultDb, input));
