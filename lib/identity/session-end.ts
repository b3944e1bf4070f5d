import type { Db } from '../db/db';
import { isConditionFailed } from '../db/errors';
import { updateItem } from '../db/requests';
import { SESSIONS_ENDED_AT, userClientEntity } from './items';

/**
 * Ends every session of a person that began before `at` (docs/api.md §14 amended in v1.3): the
 * time goes on their user→client mapping, and admission refuses a token whose `auth_time` is
 * earlier — on the account routes at once, on the others once a container's cached mapping is
 * renewed (lib/auth/session.ts). A later time never moves back. Returns false when the person has
 * no mapping (never registered: they have no session of ours to end).
 */
export async function endSessions(db: Db, userId: string, at: Date): Promise<boolean> {
  try {
    await updateItem(db, {
      Key: userClientEntity.key(userId),
      UpdateExpression: 'SET #ended = :at',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#ended) OR #ended < :at)',
      ExpressionAttributeNames: { '#ended': SESSIONS_ENDED_AT },
      ExpressionAttributeValues: { ':at': at.toISOString() },
      // A mapping whose sessions were ended later already comes back with the failure: no read to tell the two apart.
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
    return true;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return (error as { Item?: unknown }).Item !== undefined;
  }
}
