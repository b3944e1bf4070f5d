import { config } from '../lib/config/config';
import { updateWebhookEndpointContract } from '../lib/contracts/update-webhook-endpoint';
import { writeEndpoint } from '../lib/http/write-endpoint';
import { ok } from '../lib/http/envelope';
import { updateWebhookEndpoint } from '../lib/webhooks/update-endpoint';

export const handler = writeEndpoint(updateWebhookEndpointContract, async ({ context, params, body }) =>
  ok(await updateWebhookEndpoint(context, params.id, body, { policy: config.webhookUrlPolicy })),
);
