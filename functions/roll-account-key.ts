import { rollAccountKeyContract } from '../lib/contracts/roll-account-key';
import { endpoint } from '../lib/http/endpoint';
import { created } from '../lib/http/envelope';
import { rollAccountKey } from '../lib/identity/account';

export const handler = endpoint(rollAccountKeyContract, async ({ context, session, params, body }) =>
  created(await rollAccountKey(context, session(), params.id, body)),
);
