import { rollWebhookEndpointSecretContract } from '../lib/contracts/roll-webhook-endpoint-secret';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';
import { rollWebhookSecret } from '../lib/webhooks/webhook-endpoints';

export const handler = endpoint(rollWebhookEndpointSecretContract, async ({ context, params, body }) => ok(await rollWebhookSecret(context, params.id, body)));
