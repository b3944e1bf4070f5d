import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { realNow } from '../clock';
import { cancellationReasons, isCancelledBy } from '../db/errors';
import type { Db } from '../db/db';
import { keys } from '../db/keys';
import type { TransactItem } from '../db/transact';
import { ClientNotFoundError, getClient, newClientItems, type Client } from '../auth/key-repository';

/**
 * The people of a client (docs/api.md §14, docs/data-model.md): each person of the user pool who
 * may sign in has a user→client mapping (`USER#<sub>`, outside every client partition: admission
 * reads it before it knows the client) and a member item in the client's partition (their e-mail,
 * when they joined). Both are written in one transaction and never change: a person belongs to
 * one client for good.
 */

/** A person of a client, as the account and the admin CLI show them. */
export interface Member {
  /** The user pool's `sub` of the person. */
  readonly user_id: string;
  readonly client_id: string;
  readonly email: string;
  readonly created_at: string;
}

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
  const { client, items: clientItems } = joining ? await existingClient(db, input.client.id) : newClientItems(db, input.client.name, now);
  const member: Member = { user_id: input.userId, client_id: client.id, email: input.email, created_at: now.toISOString() };
  const put = (key: Record<string, string>, entity: string): TransactItem => ({
    Put: { TableName: db.tableName, Item: { ...key, entity, ...member }, ConditionExpression: 'attribute_not_exists(pk)' },
  });
  const mappingIndex = clientItems.length;
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [...clientItems, put(keys.userClient(input.userId), 'user_client'), put(keys.member(client.id, input.userId), 'member')],
      }),
    );
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
    items: [{ ConditionCheck: { TableName: db.tableName, Key: keys.client(clientId), ConditionExpression: 'attribute_exists(pk)' } }],
  };
}

async function existingRegistration(db: Db, userId: string): Promise<Registration | undefined> {
  const clientId = (await findUserClient(db, userId))?.clientId;
  if (clientId === undefined) return undefined;
  const [member, client] = await Promise.all([getMember(db, clientId, userId), getClient(db, clientId)]);
  if (!member || !client) throw new Error(`The registration of user ${userId} is incomplete: no member item or client ${clientId}`);
  return { member, client, created: false };
}

/** The client of a person (the user pool's `sub`) and their e-mail as registered, or undefined when the person has none. */
export async function findUserClient(db: Db, userId: string): Promise<{ clientId: string; email: string } | undefined> {
  // Strongly consistent: the first request of a person who has just confirmed must see the mapping.
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.userClient(userId), ConsistentRead: true }));
  const mapping = Item as Pick<Member, 'client_id' | 'email'> | undefined;
  return mapping ? { clientId: mapping.client_id, email: mapping.email } : undefined;
}

/** A person of a client, or undefined. */
export async function getMember(db: Db, clientId: string, userId: string): Promise<Member | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.member(clientId, userId) }));
  return Item ? toMember(Item) : undefined;
}

/** A member item's attributes (the item is the member plus its keys and entity). */
function toMember(item: Record<string, unknown>): Member {
  const { user_id, client_id, email, created_at } = item as unknown as Member;
  return { user_id, client_id, email, created_at };
}
