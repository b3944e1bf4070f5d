import { deleteWebhookEndpointContract } from '../lib/contracts/delete-webhook-endpoint';
import { writeEndpoint } from '../lib/http/write-endpoint';
import { ok } from '../lib/http/envelope';
import { deleteWebhookEndpoint } from '../lib/webhooks/webhook-endpoints';

export const handler = writeEndpoint(deleteWebhookEndpointContract, async ({ context, params }) => ok(await deleteWebhookEndpoint(context, params.id)));
