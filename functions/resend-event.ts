import { resendEventContract } from '../lib/contracts/resend-event';
import { endpoint } from '../lib/http/endpoint';
import { accepted } from '../lib/http/envelope';
import { resendEvent } from '../lib/webhooks/deliveries';

export const handler = endpoint(resendEventContract, async ({ context, params, body }) => accepted(await resendEvent(context, params.id, body)));
