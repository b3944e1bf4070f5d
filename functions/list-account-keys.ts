import { listAccountKeysContract } from '../lib/contracts/list-account-keys';
import { readEndpoint } from '../lib/http/read-endpoint';
import { page } from '../lib/http/envelope';
import { listAccountKeys } from '../lib/auth/account';

export const handler = readEndpoint(listAccountKeysContract, async ({ context, session, query, limits }) => {
  const { data, pagination } = await listAccountKeys(context, session(), query, limits.readUnitsPerRequest);
  return page(data, pagination);
});
