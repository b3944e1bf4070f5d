import { cancelTransactionContract } from '../lib/contracts/cancel-transaction';
import { writeEndpoint } from '../lib/http/write-endpoint';
import { ok } from '../lib/http/envelope';
import { cancelTransaction } from '../lib/payments/payments';

export const handler = writeEndpoint(cancelTransactionContract, async ({ context, params, body }) =>
  ok(await cancelTransaction(context, params.id, body.reason)),
);
