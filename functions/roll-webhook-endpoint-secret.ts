import { rollWebhookEndpointSecretContract } from '../lib/contracts/roll-webhook-endpoint-secret';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';
import { rollWebhookSecret } from '../lib/webhooks/webhook-endpoints';

export const handler = endpoint(rollWebhookEndpointSecretContract, async ({ db, principal, params, body, clock, cause, idempotency }) =>
  ok(await rollWebhookSecret(db, principal.clientId, params.id, body, clock, cause, idempotency)),
);
