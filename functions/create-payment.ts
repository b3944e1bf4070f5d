import { createPaymentContract } from '../lib/contracts/create-payment';
import { endpoint } from '../lib/http/endpoint';
import { created } from '../lib/http/envelope';
import { createPayment } from '../lib/payments/payments';

export const handler = endpoint(createPaymentContract, async ({ context, body }) => created(await createPayment(context, body)));
