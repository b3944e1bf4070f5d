import { rollWebhookEndpointSecretContract } from '../lib/contracts/roll-webhook-endpoint-secret';
import { writeEndpoint } from '../lib/http/write-endpoint';
import { ok } from '../lib/http/envelope';
import { rollWebhookSecret } from '../lib/webhooks/webhook-endpoints';

export const handler = writeEndpoint(rollWebhookEndpointSecretContract, async ({ context, params, body }) =>
  ok(await rollWebhookSecret(context, params.id, body)),
);
