import { ApiKeyIdParams, CreatedApiKey, RollApiKeyBody } from '../objects/api-key-object';
import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { rollAccountKeyRoute } from '../routes';
import { apiKeyExample, serverKeyExample } from '../objects/examples';

export const rollAccountKeyContract = contract({
  route: rollAccountKeyRoute,
  tag: 'Account',
  description:
    'Makes a new key with the same label, scopes and lifetime, shown only in this answer. The old key keeps working for ' +
    '`expire_old_in_seconds` (default an hour; status `expiring`), then is refused with 401. Rolling a revoked or expired ' +
    'key is 409 INVALID_STATE. Recorded as `api_key.rolled` (the old key) and `api_key.created` (the new one). ' +
    "Another client's key is 404. A session token only; a server key is 403.",
  params: ApiKeyIdParams,
  body: RollApiKeyBody,
  bodyOptional: true,
  shownOnce: ['key'],
  response: {
    status: 201,
    description: 'The new key, shown once',
    schema: successEnvelope(CreatedApiKey),
    example: { success: true, data: { ...apiKeyExample, key: serverKeyExample } },
  },
  errors: ['NOT_FOUND', 'INVALID_STATE', 'LIMIT_EXCEEDED'],
});
