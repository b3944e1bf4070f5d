import { resendEventContract } from '../lib/contracts/resend-event';
import { endpoint } from '../lib/http/endpoint';
import { accepted } from '../lib/http/envelope';
import { resendEvent } from '../lib/webhooks/deliveries';

export const handler = endpoint(resendEventContract, async ({ db, principal, params, body, clock, idempotency }) =>
  accepted(await resendEvent(db, principal.clientId, params.id, body, clock, idempotency)),
);
