import { cancelTransactionContract } from '../lib/contracts/cancel-transaction';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';
import { cancelTransaction } from '../lib/payments/payments';

export const handler = endpoint(cancelTransactionContract, async ({ context, params, body }) => ok(await cancelTransaction(context, params.id, body.reason)));
