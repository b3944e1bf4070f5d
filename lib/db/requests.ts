import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  BatchWriteCommand,
  type BatchWriteCommandInput,
  DeleteCommand,
  type DeleteCommandInput,
  GetCommand,
  type GetCommandInput,
  PutCommand,
  type PutCommandInput,
  QueryCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
  type UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import type { Item, TableKey } from './item';

/**
 * Every request to the table is built here, and only here does a request name the table: callers
 * give the request without `TableName` and `db` supplies it. Document-client shapes throughout.
 */

export type { Item, TableKey } from './item';

/** A request's input without the table, which `db` names. */
export type OnTable<T> = Omit<T, 'TableName'>;

type TransactElement = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One element of a TransactWriteItems request, without the table (lib/db/transact.ts names it). */
export type TransactItem =
  | { readonly Put: OnTable<NonNullable<TransactElement['Put']>> }
  | { readonly Update: OnTable<NonNullable<TransactElement['Update']>> }
  | { readonly Delete: OnTable<NonNullable<TransactElement['Delete']>> }
  | { readonly ConditionCheck: OnTable<NonNullable<TransactElement['ConditionCheck']>> };

/** One Put or Delete of a BatchWriteItem (document-client shapes). */
export type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/** One item by its key, or undefined; a whole, strongly consistent read of an item the request prefetched is answered without a call. */
export async function getItem(db: Db, input: OnTable<GetCommandInput>): Promise<Item | undefined> {
  if (db.prefetched && input.ConsistentRead && input.ProjectionExpression === undefined && input.Key) {
    const read = db.prefetched.take(input.Key as TableKey);
    if (read) return read.item;
  }
  return (await db.doc.send(new GetCommand({ ...input, TableName: db.tableName }))).Item;
}

/** Writes one item. */
export async function putItem(db: Db, input: OnTable<PutCommandInput>): Promise<void> {
  await db.doc.send(new PutCommand({ ...input, TableName: db.tableName }));
}

/** Updates one item; the answer carries what `ReturnValues` asks for. */
export function updateItem(db: Db, input: OnTable<UpdateCommandInput>): Promise<UpdateCommandOutput> {
  return db.doc.send(new UpdateCommand({ ...input, TableName: db.tableName }));
}

/** Deletes one item. */
export async function deleteItem(db: Db, input: OnTable<DeleteCommandInput>): Promise<void> {
  await db.doc.send(new DeleteCommand({ ...input, TableName: db.tableName }));
}

/** One Query page of the table or one of its indexes. */
export function queryPage(db: Db, input: OnTable<QueryCommandInput>): Promise<QueryCommandOutput> {
  return db.doc.send(new QueryCommand({ ...input, TableName: db.tableName }));
}

/** Up to 100 items by key in one BatchGetItem, sent again for what DynamoDB leaves unprocessed; absent keys are missing from the answer. */
export async function batchGetItems(db: Db, itemKeys: readonly TableKey[], options: { consistent?: boolean } = {}): Promise<Item[]> {
  const found: Item[] = [];
  let pending: Item[] | undefined = itemKeys.map((key) => ({ ...key }));
  while (pending && pending.length > 0) {
    const answer: BatchGetCommandOutput = await db.doc.send(
      new BatchGetCommand({ RequestItems: { [db.tableName]: { Keys: pending, ConsistentRead: options.consistent } } }),
    );
    found.push(...(answer.Responses?.[db.tableName] ?? []));
    pending = answer.UnprocessedKeys?.[db.tableName]?.Keys;
  }
  return found;
}

/** One BatchWriteItem of up to 25 requests; returns the ones DynamoDB left unprocessed. */
export async function batchWrite(db: Db, requests: readonly WriteRequest[]): Promise<WriteRequest[]> {
  const { UnprocessedItems } = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.tableName]: [...requests] } }));
  return UnprocessedItems?.[db.tableName] ?? [];
}

/** The TransactWriteItems command for `items`, each naming the table. */
export function transactWriteCommand(db: Db, items: readonly TransactItem[]): TransactWriteCommand {
  return new TransactWriteCommand({ TransactItems: items.map((item) => onTable(db, item)) });
}

function onTable(db: Db, item: TransactItem): TransactElement {
  const TableName = db.tableName;
  if ('Put' in item) return { Put: { ...item.Put, TableName } };
  if ('Update' in item) return { Update: { ...item.Update, TableName } };
  if ('Delete' in item) return { Delete: { ...item.Delete, TableName } };
  return { ConditionCheck: { ...item.ConditionCheck, TableName } };
}
