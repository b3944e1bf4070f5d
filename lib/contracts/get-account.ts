import { Account } from '../objects/api-key-object';
import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { getAccountRoute } from '../routes';
import { accountExample } from '../objects/examples';

export const getAccountContract = contract({
  route: getAccountRoute,
  tag: 'Account',
  description:
    'Who is signed in: the person (their e-mail, when they joined) and the client they act for. For a ' +
    "signed-in person's session token only; a server key is refused with 403.",
  response: {
    status: 200,
    description: 'The person and their client',
    schema: successEnvelope(Account),
    example: { success: true, data: accountExample },
  },
});
