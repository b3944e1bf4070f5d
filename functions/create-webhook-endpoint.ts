import { config } from '../lib/config';
import { createWebhookEndpointContract } from '../lib/contracts/create-webhook-endpoint';
import { endpoint } from '../lib/http/endpoint';
import { created } from '../lib/http/envelope';
import { createWebhookEndpoint } from '../lib/webhooks/create-endpoint';

export const handler = endpoint(createWebhookEndpointContract, async ({ db, principal, body, clock, idempotency }) =>
  created(await createWebhookEndpoint(db, principal.clientId, body, clock, { policy: config.webhookUrlPolicy }, idempotency)),
);
