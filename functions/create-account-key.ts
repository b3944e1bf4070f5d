import { createAccountKeyContract } from '../lib/contracts/create-account-key';
import { writeEndpoint } from '../lib/http/write-endpoint';
import { created } from '../lib/http/envelope';
import { createAccountKey } from '../lib/auth/account';

export const handler = writeEndpoint(createAccountKeyContract, async ({ context, session, body }) => created(await createAccountKey(context, session(), body)));
