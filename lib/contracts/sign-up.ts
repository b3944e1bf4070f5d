import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { poolSettings } from '../identity/pool-settings';
import { SignUpAnswer, SignUpBody } from '../identity/sign-up-object';
import { signUpRoute } from '../routes';

export const signUpContract = contract({
  route: signUpRoute,
  tag: 'Account',
  description:
    "Signs a person up, as the dashboard's sign-up form does: no key, no session. The stage's identity service e-mails the " +
    `address a temporary password, valid ${poolSettings.temporaryPasswordDays} days; at the first sign-in with it the person ` +
    'chooses their own password, and only then is their client made, named `client_name`. Nobody chooses a password before ' +
    "their mailbox is proven, so signing up with someone else's address gives nothing. The answer is the same whether or not " +
    'the address has an account; an invitation not taken up is sent afresh (at most once a minute), an account in use is ' +
    "left as it is. 403 FORBIDDEN when the stage's sign-up policy does not let the address sign up (`closed`, or another " +
    'e-mail domain), saying who may.',
  body: SignUpBody,
  response: {
    status: 202,
    description: 'Taken: a temporary password is on its way, if the address may have one',
    schema: successEnvelope(SignUpAnswer),
    example: { success: true, data: { email: 'dev@example.com', temporary_password_valid_days: poolSettings.temporaryPasswordDays } },
  },
  errors: ['FORBIDDEN'],
});
