import { getPaymentPageContract } from '../lib/contracts/get-payment-page';
import { defaultDb } from '../lib/db/default-db';
import { tokenPageEndpoint } from '../lib/http/page/token-page-endpoint';
import { paymentPageResolver, showPaymentPage } from '../lib/payment-page/payment-page';

export const handler = tokenPageEndpoint(getPaymentPageContract, paymentPageResolver(defaultDb), showPaymentPage);
