import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { realNow } from '../lib/clock';
import { defaultDb } from '../lib/db/default-db';
import { endSessions } from '../lib/identity/session-end';
import { logger, setLogKeys } from '../lib/logger';

/**
 * The user pool's post-confirmation trigger. The pool takes no self sign-up (decision 0215), so
 * Cognito runs it after a password reset (ConfirmForgotPassword): a reset signs every session of
 * the person out (docs/api.md §14 amended in v1.3) — those that began before it are refused from
 * then on (lib/identity/session-end.ts). A throw fails the reset, which the person may repeat.
 */
export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  setLogKeys({ job: 'identityPostConfirmation' });
  if (event.triggerSource !== 'PostConfirmation_ConfirmForgotPassword') return event;
  const userId = event.request.userAttributes.sub;
  if (!userId) throw new Error('The person who reset their password has no sub attribute');
  const ended = await endSessions(defaultDb, userId, realNow());
  logger.info('identity: a password reset ended the sessions before it', { registered: ended });
  return event;
}
