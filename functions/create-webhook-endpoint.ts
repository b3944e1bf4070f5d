import { config } from '../lib/config/config';
import { createWebhookEndpointContract } from '../lib/contracts/create-webhook-endpoint';
import { writeEndpoint } from '../lib/http/write-endpoint';
import { created } from '../lib/http/envelope';
import { createWebhookEndpoint } from '../lib/webhooks/create-endpoint';

export const handler = writeEndpoint(createWebhookEndpointContract, async ({ context, body }) =>
  created(await createWebhookEndpoint(context, body, { policy: config.webhookUrlPolicy })),
);
