import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { defaultDb } from '../lib/db/default-db';
import { registerMember } from '../lib/auth/members';
import { CLIENT_NAME_ATTRIBUTE, CLIENT_NAME_METADATA, clientNameOf } from '../lib/identity/pool-settings';
import { findUserClient } from '../lib/identity/user-client';
import { logger, setLogKeys } from '../lib/logger';

/**
 * The user pool's post-authentication trigger (docs/api.md §14, decision 0215): a person becomes
 * the owner of a new client once they have signed in — the first time with the password they chose
 * in place of the temporary one the identity service e-mailed, so only the mailbox's owner ever gets
 * there. The client is named as they say then (the page sends `client_name` in the ClientMetadata of
 * that answer), else as the sign-up said, so whoever typed the address first cannot name it. The client, its registry entry, the person's user→client
 * mapping and member item are written in one TransactWriteItems (lib/auth/members.ts). Every
 * later sign-in finds the mapping and writes nothing; so does a person an operator added
 * (`admin users add`, registered then). A throw fails the sign-in, which the person may repeat.
 */
export async function handler(event: PostAuthenticationTriggerEvent): Promise<PostAuthenticationTriggerEvent> {
  setLogKeys({ job: 'identityPostAuthentication' });
  const attributes = event.request.userAttributes;
  const userId = attributes.sub;
  const email = attributes.email;
  if (!userId || !email) throw new Error('The signed-in person has no sub or e-mail attribute');
  if (await findUserClient(defaultDb, userId)) return event;
  // The name chosen at the first sign-in (the page sends it with the new password), else the sign-up's.
  const name = clientNameOf(event.request.clientMetadata?.[CLIENT_NAME_METADATA]) ?? clientNameOf(attributes[CLIENT_NAME_ATTRIBUTE]) ?? email;
  const registration = await registerMember(defaultDb, { userId, email, client: { name } });
  logger.info('identity: a person registered', { clientId: registration.client.id, created: registration.created });
  return event;
}
