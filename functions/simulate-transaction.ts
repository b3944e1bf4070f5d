import { simulateTransactionContract } from '../lib/contracts/simulate-transaction';
import { writeEndpoint } from '../lib/http/write-endpoint';
import { ok } from '../lib/http/envelope';
import { simulateOutcome } from '../lib/payments/payments';

export const handler = writeEndpoint(simulateTransactionContract, async ({ context, params, body }) =>
  ok(await simulateOutcome(context, params.id, body.outcome)),
);
