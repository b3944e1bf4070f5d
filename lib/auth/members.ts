import { realNow } from '../clock';
import { cancellationReasons, isCancelledBy } from '../db/errors';
import type { Db } from '../db/db';
import { clientEntity } from './items';
import { transactWrite } from '../db/transact';
import type { Client } from './items';
import { ClientNotFoundError, getClient, newClientItems } from './key-repository';
import { memberEntity, userClientEntity, type Member } from '../identity/items';
import { findUserClient } from '../identity/user-client';
import type { TransactItem } from '../db/requests';

/**
 * The people of a client (docs/api.md §14, docs/data-model.md): each person of the user pool who
 * may sign in has a user→client mapping (`USER#<sub>`, outside every client partition: admission
 * reads it before it knows the client) and a member item in the client's partition (their e-mail,
 * when they joined). Both are written in one transaction and never change: a person belongs to
 * one client for good.
 */

/** What registration wrote, or found written by an earlier attempt. */
export interface Registration {
  readonly member: Member;
  readonly client: Client;
  /** False when the person was registered already (a retried trigger, a second `users add`). */
  readonly created: boolean;
}

/** Who to register: the person, and either a new client's name or an existing client. */
export interface RegistrationInput {
  readonly userId: string;
  readonly email: string;
  readonly client: { readonly name: string } | { readonly id: string };
}

/**
 * Registers a person (docs/api.md §14): a new client named at sign-up, or an existing one, with
 * the person's user→client mapping and member item, in one TransactWriteItems. Idempotent: a
 * person registered already (a retried invocation of the trigger, or one racing it) gets their
 * existing registration back and nothing is written. Throws ClientNotFoundError for an unknown
 * existing client.
 */
export async function registerMember(db: Db, input: RegistrationInput, now = realNow()): Promise<Registration> {
  const existing = await existingRegistration(db, input.userId);
  if (existing) return existing;
  const joining = 'id' in input.client;
  const { client, items: clientItems } = joining ? await existingClient(db, input.client.id) : newClientItems(input.client.name, now);
  const member: Member = { user_id: input.userId, client_id: client.id, email: input.email, created_at: now.toISOString() };
  const mappingIndex = clientItems.length;
  try {
    await transactWrite(db, [...clientItems, userClientEntity.create(member), memberEntity.create(member)]);
  } catch (error) {
    if (joining && isCancelledBy(error, 0)) throw new ClientNotFoundError(client.id);
    // Another attempt registered the person first (its transaction won): theirs is the registration.
    const raced = isCancelledBy(error, mappingIndex) || cancellationReasons(error)?.some((r) => r.Code === 'TransactionConflict');
    const found = raced ? await existingRegistration(db, input.userId) : undefined;
    if (found) return found;
    throw error;
  }
  return { member, client, created: true };
}

/** An existing client to join: checked to exist in the same transaction (ConditionCheck). */
async function existingClient(db: Db, clientId: string): Promise<{ client: Client; items: TransactItem[] }> {
  const client = await getClient(db, clientId);
  if (!client) throw new ClientNotFoundError(clientId);
  return {
    client,
    items: [{ ConditionCheck: { Key: clientEntity.key(clientId), ConditionExpression: 'attribute_exists(pk)' } }],
  };
}

async function existingRegistration(db: Db, userId: string): Promise<Registration | undefined> {
  const clientId = (await findUserClient(db, userId))?.clientId;
  if (clientId === undefined) return undefined;
  const [member, client] = await Promise.all([getMember(db, clientId, userId), getClient(db, clientId)]);
  if (!member || !client) throw new Error(`The registration of user ${userId} is incomplete: no member item or client ${clientId}`);
  return { member, client, created: false };
}

/** A person of a client (eventually consistent: a member never changes), or undefined. */
export function getMember(db: Db, clientId: string, userId: string): Promise<Member | undefined> {
  return memberEntity.find(db, memberEntity.key(clientId, userId), { consistent: false });
}

/** Deletes a person's user→client mapping and member item together (`admin users remove`): admission then knows no client of theirs. */
export async function removeMember(db: Db, userId: string, clientId: string): Promise<void> {
  await transactWrite(db, [{ Delete: { Key: userClientEntity.key(userId) } }, { Delete: { Key: memberEntity.key(clientId, userId) } }]);
}
