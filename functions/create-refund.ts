import { createRefundContract } from '../lib/contracts/create-refund';
import { writeEndpoint } from '../lib/http/write-endpoint';
import { created } from '../lib/http/envelope';
import { refundTransaction } from '../lib/payments/refund-transaction';

export const handler = writeEndpoint(createRefundContract, async ({ context, body }) => created(await refundTransaction(context, body)));
