import { createPaymentContract } from '../lib/contracts/create-payment';
import { writeEndpoint } from '../lib/http/write-endpoint';
import { created } from '../lib/http/envelope';
import { createPayment } from '../lib/payments/payments';

export const handler = writeEndpoint(createPaymentContract, async ({ context, body }) => created(await createPayment(context, body)));
