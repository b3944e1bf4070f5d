import { ApiKey, ApiKeyIdParams } from '../objects/api-key-object';
import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { revokeAccountKeyRoute } from '../routes';
import { apiKeyExample } from '../objects/examples';

export const revokeAccountKeyContract = contract({
  route: revokeAccountKeyRoute,
  tag: 'Account',
  description:
    'Revokes a key: the very next request with it is refused with 401. Recorded as `api_key.revoked`; revoking a revoked ' +
    "key answers it unchanged. An expired key is 409 INVALID_STATE. Another client's key is 404. A session token only; a server key is 403.",
  params: ApiKeyIdParams,
  response: {
    status: 200,
    description: 'The key, revoked',
    schema: successEnvelope(ApiKey),
    example: { success: true, data: { ...apiKeyExample, status: 'revoked', revoked_at: '2026-11-22T02:00:00.000Z' } },
  },
  errors: ['NOT_FOUND', 'INVALID_STATE'],
});
