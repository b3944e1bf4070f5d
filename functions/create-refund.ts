import { createRefundContract } from '../lib/contracts/create-refund';
import { endpoint } from '../lib/http/endpoint';
import { created } from '../lib/http/envelope';
import { refundTransaction } from '../lib/payments/refund-transaction';

export const handler = endpoint(createRefundContract, async ({ context, body }) => created(await refundTransaction(context, body)));
