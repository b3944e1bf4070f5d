import { rollAccountKeyContract } from '../lib/contracts/roll-account-key';
import { writeEndpoint } from '../lib/http/write-endpoint';
import { created } from '../lib/http/envelope';
import { rollAccountKey } from '../lib/auth/account';

export const handler = writeEndpoint(rollAccountKeyContract, async ({ context, session, params, body }) =>
  created(await rollAccountKey(context, session(), params.id, body)),
);
