import { createAccountKeyContract } from '../lib/contracts/create-account-key';
import { endpoint } from '../lib/http/endpoint';
import { created } from '../lib/http/envelope';
import { createAccountKey } from '../lib/identity/account';

export const handler = endpoint(createAccountKeyContract, async ({ context, session, body }) => created(await createAccountKey(context, session(), body)));
