import { defineEntity, requiredText } from '../db/entity';
import { keys } from '../db/keys';
import type { Item } from '../db/requests';

/**
 * The stored items of people (docs/api.md §14, docs/data-model.md): each person of the user pool
 * who may sign in has a user→client mapping (`USER#<sub>`, outside every client partition:
 * admission reads it before it knows the client) and a member item in the client's partition.
 * Both hold the same member and never change.
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

export const userClientEntity = defineEntity({
  name: 'user_client',
  key: keys.userClient,
  keyOf: (member: Member) => keys.userClient(member.user_id),
  attributes: (member: Member): Item => ({ ...member }),
  fromItem: memberOfItem,
});

export const memberEntity = defineEntity({
  name: 'member',
  key: keys.member,
  keyOf: (member: Member) => keys.member(member.client_id, member.user_id),
  attributes: (member: Member): Item => ({ ...member }),
  fromItem: memberOfItem,
});
