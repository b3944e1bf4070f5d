import { CreateApiKeyBody, CreatedApiKey, MAX_LIVE_KEYS } from '../objects/api-key-object';
import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { createAccountKeyRoute } from '../routes';
import { apiKeyExample, serverKeyExample } from '../objects/examples';

export const createAccountKeyContract = contract({
  route: createAccountKeyRoute,
  tag: 'Account',
  description:
    "Makes a server key of the signed-in person's client. The answer holds the `key`, shown only here: keep it in an " +
    'environment variable, never in browser code. Recorded as `api_key.created`. At most ' +
    `${MAX_LIVE_KEYS} keys that are neither revoked nor expired per client: 409 LIMIT_EXCEEDED. A session token only; a server key is 403.`,
  body: CreateApiKeyBody,
  bodyOptional: true,
  shownOnce: ['key'],
  response: {
    status: 201,
    description: 'The new key, shown once',
    schema: successEnvelope(CreatedApiKey),
    example: { success: true, data: { ...apiKeyExample, key: serverKeyExample } },
  },
  errors: ['LIMIT_EXCEEDED'],
});
