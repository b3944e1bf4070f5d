import * as z from 'zod/mini';
import { meta } from '../meta';
import { text } from '../objects/schemas';
import { CLIENT_NAME_LIMITS } from './pool-settings';

/** What sign-up takes and answers (docs/api.md §14, lib/identity/sign-up.ts): its schemas, as requested and as answered. */

export const SignUpBody = z.strictObject({
  email: meta(z.email({ error: 'must be an e-mail address' }).check(z.maxLength(254, { error: 'must be at most 254 characters' })), {
    description: 'Your e-mail address: the identity service e-mails your temporary password there, and you sign in with it',
  }),
  client_name: meta(text(CLIENT_NAME_LIMITS.maxLength, CLIENT_NAME_LIMITS.minLength), {
    description: 'The name of the sandbox client made for you at your first sign-in',
  }),
});

export const SignUpAnswer = meta(
  z.strictObject({
    email: meta(z.string(), { description: 'The address, as given' }),
    temporary_password_valid_days: meta(z.number(), { description: 'How long the e-mailed temporary password can be used to sign in' }),
  }),
  { description: 'Sign-up taken: the same answer whether or not the address has an account' },
);
