import { resendEventContract } from '../lib/contracts/resend-event';
import { writeEndpoint } from '../lib/http/write-endpoint';
import { accepted } from '../lib/http/envelope';
import { resendEvent } from '../lib/webhooks/deliveries';

export const handler = writeEndpoint(resendEventContract, async ({ context, params, body }) => accepted(await resendEvent(context, params.id, body)));
