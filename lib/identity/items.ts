import { defineEntity, requiredText, text } from '../db/entity';
import { keys } from '../db/keys';
import type { Item } from '../db/requests';

/**
 * The stored items of people (docs/api.md §14, docs/data-model.md): each person of the user pool
 * who may sign in has a user→client mapping (`USER#<sub>`, outside every client partition:
 * admission reads it before it knows the client) and a member item in the client's partition.
 * Both hold the same member; the mapping also holds when the person's sessions were last ended
 * (a password reset, an operator's disable), which admission compares with a token's `auth_time`.
 */

/** A person of a client, as the account and the admin CLI show them. */
export interface Member {
  /** The user pool's `sub` of the person. */
  readonly user_id: string;
  readonly client_id: string;
  readonly email: string;
  readonly created_at: string;
}

function memberOfItem(item: Item): Member {
  return {
    user_id: requiredText(item, 'user_id'),
    client_id: requiredText(item, 'client_id'),
    email: requiredText(item, 'email'),
    created_at: requiredText(item, 'created_at'),
  };
}

/** A person's user→client mapping: the member, and when their sessions were last ended (none yet: absent). */
export interface UserClient extends Member {
  /** Sessions that began before this time (ISO 8601) are refused (lib/auth/session.ts). */
  readonly sessions_ended_at?: string;
}

/** The mapping's attribute that ends a person's sessions (lib/identity/session-end.ts writes it). */
export const SESSIONS_ENDED_AT = 'sessions_ended_at';

export const userClientEntity = defineEntity({
  name: 'user_client',
  key: keys.userClient,
  keyOf: (member: UserClient) => keys.userClient(member.user_id),
  attributes: (member: UserClient): Item => ({ ...member }),
  fromItem: (item: Item): UserClient => {
    const ended = text(item, SESSIONS_ENDED_AT);
    return { ...memberOfItem(item), ...(ended !== undefined && { sessions_ended_at: ended }) };
  },
});

export const memberEntity = defineEntity({
  name: 'member',
  key: keys.member,
  keyOf: (member: Member) => keys.member(member.client_id, member.user_id),
  attributes: (member: Member): Item => ({ ...member }),
  fromItem: memberOfItem,
});
