import { listSettlementsContract } from '../lib/contracts/list-settlements';
import { readEndpoint } from '../lib/http/read-endpoint';
import { page } from '../lib/http/envelope';
import { listSettlements } from '../lib/payments/settlements';

export const handler = readEndpoint(listSettlementsContract, async ({ context, query, limits }) => {
  const { data, pagination } = await listSettlements(context, query, limits.readUnitsPerRequest);
  return page(data, pagination);
});
