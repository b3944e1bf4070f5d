import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { defaultDb } from '../lib/db/default-db';
import { registerMember } from '../lib/identity/members';
import { CLIENT_NAME_ATTRIBUTE } from '../lib/identity/pool-settings';
import { logger } from '../lib/logger';

/**
 * The user pool's post-confirmation trigger (docs/api.md §14 "Registration creates a client"): a
 * person who signed up and confirmed their e-mail becomes the owner of a new client, named at
 * sign-up — the client, its registry entry, the person's user→client mapping and member item in one
 * TransactWriteItems (lib/identity/members.ts). Idempotent: the identity service may invoke it again
 * (a retry, a confirmed password reset), and a person registered already is left as they are. A
 * throw fails the confirmation, which the person may repeat.
 */
export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attributes = event.request.userAttributes;
  const userId = attributes.sub;
  const email = attributes.email;
  if (!userId || !email) throw new Error('The confirmed person has no sub or e-mail attribute');
  const name = (attributes[CLIENT_NAME_ATTRIBUTE] ?? '').trim() || email;
  const registration = await registerMember(defaultDb, { userId, email, client: { name } });
  logger.info('identity: a person registered', { clientId: registration.client.id, created: registration.created });
  return event;
}
