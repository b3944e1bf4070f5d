import { simulateTransactionContract } from '../lib/contracts/simulate-transaction';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';
import { simulateOutcome } from '../lib/payments/payments';

export const handler = endpoint(simulateTransactionContract, async ({ context, params, body }) => ok(await simulateOutcome(context, params.id, body.outcome)));
