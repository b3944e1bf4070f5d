import { config } from '../lib/config/config';
import { checkWebhookEndpointContract } from '../lib/contracts/check-webhook-endpoint';
import { writeEndpoint } from '../lib/http/write-endpoint';
import { ok } from '../lib/http/envelope';
import { checkWebhookEndpoint } from '../lib/webhooks/check-endpoint';

export const handler = writeEndpoint(checkWebhookEndpointContract, async ({ context, params }) =>
  ok(await checkWebhookEndpoint(context, params.id, { policy: config.webhookUrlPolicy, probeTimeoutMs: config.webhookProbeTimeoutMs })),
);
