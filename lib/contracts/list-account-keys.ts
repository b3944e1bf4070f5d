import { ApiKey, ListApiKeysQuery } from '../objects/api-key-object';
import { contract } from '../http/contract';
import { listEnvelope } from '../http/envelope-schemas';
import { listAccountKeysRoute } from '../routes';
import { apiKeyExample, lastPage } from '../objects/examples';

export const listAccountKeysContract = contract({
  route: listAccountKeysRoute,
  tag: 'Account',
  description:
    "The client's server keys, newest first — those made on the API Keys page or with this API, and those the admin CLI made " +
    '(`created_by: "admin"`) — with their status and last use, never the keys themselves. A session token only; a server key is 403.',
  query: ListApiKeysQuery,
  response: {
    status: 200,
    description: 'A page of keys, newest first',
    schema: listEnvelope(ApiKey),
    example: { success: true, data: [apiKeyExample], pagination: lastPage },
  },
});
