import { revokeAccountKeyContract } from '../lib/contracts/revoke-account-key';
import { writeEndpoint } from '../lib/http/write-endpoint';
import { ok } from '../lib/http/envelope';
import { revokeAccountKey } from '../lib/auth/account';

export const handler = writeEndpoint(revokeAccountKeyContract, async ({ context, session, params }) =>
  ok(await revokeAccountKey(context, session(), params.id)),
);
