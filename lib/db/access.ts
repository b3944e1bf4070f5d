import { CLIENT_PARTITION_PREFIX, SHARED_PARTITIONS, type SharedPartition } from './keys';
import type { tableDefinition } from './table';

/**
 * What a function does on the table, declared beside it (lib/routes.ts): the one source of its
 * IAM grant (infra/constructs/sandbox-function.ts), and what test/grants compares with the calls the
 * suites record it making (lib/db/call-recorder.ts). Actions are IAM's, without `dynamodb:`.
 */

/**
 * An action on the table's items. TransactWriteItems has no action of its own: IAM authorizes each
 * of its items as PutItem, UpdateItem, DeleteItem or ConditionCheckItem (and TransactGetItems as
 * GetItem); a BatchWriteItem is declared with its items' PutItem/DeleteItem too.
 */
export type TableAction = 'GetItem' | 'BatchGetItem' | 'Query' | 'Scan' | 'ConditionCheckItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'BatchWriteItem';

/** The actions on the table's stream, as Lambda's event source mapping reads it with the function's role. */
const STREAM_ACTIONS = ['DescribeStream', 'GetShardIterator', 'GetRecords', 'ListStreams'] as const;

/** An action on the table's stream (STREAM_ACTIONS). */
export type StreamAction = (typeof STREAM_ACTIONS)[number];

export type IndexName = (typeof tableDefinition.indexes)[number]['name'];

/** An index the function queries, as its `because` names it. */
export type IndexQuery = `index/${IndexName}`;

export interface DynamoAccess {
  /** On the table's items: granted on the table's ARN. */
  readonly actions: readonly TableAction[];
  /** The global secondary indexes it queries: Query granted on each one's ARN, and on no other index. */
  readonly indexes?: readonly IndexName[];
  /** On the table's stream (only a function the stream invokes). */
  readonly stream?: readonly StreamAction[];
  /**
   * Why a declared action never shows in the suites' recording of the function's calls
   * (test/grants): one sentence per action. Anything declared and neither used nor explained
   * fails the grant check, so no grant stays "just in case".
   */
  readonly because?: { readonly [A in TableAction | StreamAction | IndexQuery]?: string };
  /**
   * The partitions that are no client's (lib/db/keys.ts, SHARED_PARTITIONS) the function reaches,
   * each with the actions it takes there and why. The table actions are granted on client
   * partitions (`C#*`) and, for each action, on the shared partitions named for it here: nowhere
   * else (test/grants evaluates each recorded call re-aimed at every other one).
   */
  readonly sharedPartitions?: { readonly [P in SharedPartition]?: SharedPartitionAccess };
}

/** What a function does in one partition that is no client's, and why it must. */
export interface SharedPartitionAccess {
  /** Among the declaration's actions. */
  readonly actions: readonly TableAction[];
  readonly because: string;
}

/** A function that never touches the table. */
export const NO_TABLE: DynamoAccess = { actions: [] };

/** Actions that change no item: granted on any partition (authentication reads the key-hash records). */
export const READ_ACTIONS: ReadonlySet<TableAction> = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan', 'ConditionCheckItem']);

/**
 * One permission as the grant check compares them: `dynamodb:<action> on <resource>`, the resource
 * being `table`, `index/<name>`, `stream` or `*` (ListStreams has no resource-level form).
 */
export type Grant = string;

export const grant = (action: string, resource: string): Grant => `dynamodb:${action} on ${resource}`;

/** Where a stream action is granted: ListStreams only on `*`, the others on the table's stream. */
const streamResource = (action: StreamAction) => (action === 'ListStreams' ? '*' : 'stream');

/** Every permission a declaration asks for. */
export function declaredGrants(access: DynamoAccess): Set<Grant> {
  return new Set([
    ...access.actions.map((action) => grant(action, 'table')),
    ...(access.indexes ?? []).map((name) => grant('Query', `index/${name}`)),
    ...(access.stream ?? []).map((action) => grant(action, streamResource(action))),
  ]);
}

/**
 * The partitions (as `dynamodb:LeadingKeys` StringLike patterns) an action of this declaration is
 * granted on: every client's, and the shared ones its `sharedPartitions` name for the action.
 */
export function partitionsOf(access: DynamoAccess, action: TableAction): string[] {
  const shared = Object.entries(access.sharedPartitions ?? {}) as [SharedPartition, SharedPartitionAccess][];
  return [`${CLIENT_PARTITION_PREFIX}*`, ...shared.filter(([, s]) => s.actions.includes(action)).map(([name]) => SHARED_PARTITIONS[name])];
}

/** The permission a `because` key explains, or undefined when the declaration does not ask for it. */
export function explainedGrant(access: DynamoAccess, key: string): Grant | undefined {
  const index = /^index\/(.+)$/.exec(key)?.[1];
  if (index !== undefined) return access.indexes?.includes(index as IndexName) ? grant('Query', `index/${index}`) : undefined;
  if (access.actions.includes(key as TableAction)) return grant(key, 'table');
  if (access.stream?.includes(key as StreamAction)) return grant(key, streamResource(key as StreamAction));
  return undefined;
}

/** The document client's command names, for the raw ones they send. */
const DOCUMENT_COMMANDS: Record<string, string> = {
  Get: 'GetItem',
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  BatchGet: 'BatchGetItem',
  BatchWrite: 'BatchWriteItem',
  TransactGet: 'TransactGetItems',
  TransactWrite: 'TransactWriteItems',
};

/** The item action of each kind of TransactWriteItems element. */
const TRANSACT_ITEM_ACTIONS: Record<string, TableAction> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
};

/** The item action of each kind of BatchWriteItem request. */
const BATCH_WRITE_ACTIONS: Record<string, TableAction> = { PutRequest: 'PutItem', DeleteRequest: 'DeleteItem' };

const STREAM_COMMANDS = new Set<string>(STREAM_ACTIONS);

/** `TransactWriteItemsCommand` or the document client's `TransactWriteCommand` → `TransactWriteItems`. */
export function operationOf(commandName: string): string {
  const name = commandName.replace(/Command$/, '');
  return DOCUMENT_COMMANDS[name] ?? name;
}

/**
 * The permissions one SDK call needs, from its operation and input: a Query or Scan with an
 * IndexName on that index, a TransactWriteItems one item action per kind of item, a
 * BatchWriteItem itself and its items' actions, a TransactGetItems GetItem, a stream call on the
 * stream; anything else its own action on the table.
 */
export function grantsOfCall(operation: string, input: unknown): Grant[] {
  const request = (input ?? {}) as Record<string, unknown>;
  if (STREAM_COMMANDS.has(operation)) return [grant(operation, streamResource(operation as StreamAction))];
  if (operation === 'Query' || operation === 'Scan') {
    return [grant(operation, typeof request.IndexName === 'string' ? `index/${request.IndexName}` : 'table')];
  }
  if (operation === 'TransactWriteItems') {
    const items = (request.TransactItems ?? []) as Record<string, unknown>[];
    return unique(
      items.flatMap((item) =>
        Object.keys(item)
          .filter((kind) => kind in TRANSACT_ITEM_ACTIONS)
          .map((kind) => grant(TRANSACT_ITEM_ACTIONS[kind]!, 'table')),
      ),
    );
  }
  if (operation === 'TransactGetItems') return [grant('GetItem', 'table')];
  if (operation === 'BatchWriteItem') {
    const tables = Object.values((request.RequestItems ?? {}) as Record<string, Record<string, unknown>[]>);
    const kinds = tables.flat().flatMap((item) => Object.keys(item).filter((kind) => kind in BATCH_WRITE_ACTIONS));
    return unique([grant('BatchWriteItem', 'table'), ...kinds.map((kind) => grant(BATCH_WRITE_ACTIONS[kind]!, 'table'))]);
  }
  return [grant(operation, 'table')];
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];

/**
 * One authorization request IAM makes for a call, with the request context its DynamoDB condition
 * keys read (test/grants evaluates each against the function's policy): the item action, the
 * table or index, `dynamodb:LeadingKeys` (the partition keys it touches), `dynamodb:Attributes`
 * (the attributes an update, put or projection names, keys included), `dynamodb:ReturnValues`
 * and `dynamodb:Select`. Ids and hashes in partition keys are folded (`C#cli_•`), so one recording
 * line stands for every client.
 */
export interface IamRequest {
  readonly action: string;
  /** `table`, `index/<name>` or `stream`. */
  readonly resource: string;
  readonly leadingKeys?: readonly string[];
  readonly attributes?: readonly string[];
  readonly returnValues?: string;
  readonly select?: string;
}

type Input = Record<string, unknown>;

/** A string attribute as the document client has it, or as the raw client marshals it (`{ S: … }`). */
const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof value === 'object' && value !== null && typeof (value as { S?: unknown }).S === 'string'
      ? (value as { S: string }).S
      : undefined;

/** A partition key with its ids and hashes folded: what IAM's `C#*`-style conditions see of it. */
export const foldedKey = (key: string): string =>
  key
    .replace(/\b([a-z]{3})_[0-9A-HJKMNP-TV-Z]{26}\b/g, '$1_•')
    .replace(/[0-9a-f]{64}/g, '•')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '•');

/** The attribute names an expression mentions: `#name` placeholders resolved, plain names as written. */
function namesIn(expression: unknown, names: unknown): string[] {
  if (typeof expression !== 'string') return [];
  const placeholders = (names ?? {}) as Record<string, string>;
  const withoutValues = expression.replace(/:[A-Za-z0-9_]+/g, ' ');
  const words = withoutValues.match(/#?[A-Za-z_][A-Za-z0-9_]*/g) ?? [];
  const keywords =
    /^(SET|REMOVE|ADD|DELETE|AND|OR|NOT|BETWEEN|IN|if_not_exists|list_append|attribute_exists|attribute_not_exists|attribute_type|begins_with|contains|size)$/i;
  return words
    .filter((w) => !keywords.test(w))
    .map((w) => (w.startsWith('#') ? (placeholders[w] ?? w) : w))
    .map((w) => w.split('.')[0]!);
}

const sorted = (values: Iterable<string>): string[] => [...new Set(values)].sort();

/** The request of one item action on a key or an item. */
function itemRequest(action: string, item: Input, shape: { key?: unknown; item?: unknown }): IamRequest {
  const record = (shape.key ?? shape.item ?? {}) as Input;
  const pk = stringOf(record.pk);
  const attributes =
    action === 'UpdateItem'
      ? // The condition's names too: whether IAM counts them or not, the request stays within the list.
        sorted([
          ...Object.keys(record),
          ...namesIn(item.UpdateExpression, item.ExpressionAttributeNames),
          ...namesIn(item.ConditionExpression, item.ExpressionAttributeNames),
        ])
      : action === 'PutItem'
        ? sorted(Object.keys(record))
        : typeof item.ProjectionExpression === 'string'
          ? sorted([...Object.keys(record), ...namesIn(item.ProjectionExpression, item.ExpressionAttributeNames)])
          : undefined;
  return {
    action,
    resource: 'table',
    ...(pk !== undefined && { leadingKeys: [foldedKey(pk)] }),
    ...(attributes && { attributes }),
    ...(typeof item.ReturnValues === 'string' && { returnValues: item.ReturnValues }),
  };
}

/** The partition key value a Query's key condition names (the table's `pk`, or the index's). */
function queriedPartition(request: Input): string | undefined {
  const condition = typeof request.KeyConditionExpression === 'string' ? request.KeyConditionExpression : '';
  const [first] = condition.split(/\s+AND\s+/i);
  const match = /^\s*(#?\w+)\s*=\s*(:\w+)\s*$/.exec(first ?? '');
  if (!match) return undefined;
  return stringOf(((request.ExpressionAttributeValues ?? {}) as Input)[match[2]!]);
}

/** The IAM requests one SDK call makes (see IamRequest): a transaction or batch one per item. */
export function iamRequestsOfCall(operation: string, input: unknown): IamRequest[] {
  const request = (input ?? {}) as Input;
  if (STREAM_COMMANDS.has(operation)) return [{ action: operation, resource: streamResource(operation as StreamAction) }];
  if (operation === 'Query' || operation === 'Scan') {
    const pk = queriedPartition(request);
    return [
      {
        action: operation,
        resource: typeof request.IndexName === 'string' ? `index/${request.IndexName}` : 'table',
        ...(pk !== undefined && { leadingKeys: [foldedKey(pk)] }),
        ...(typeof request.Select === 'string' && { select: request.Select }),
        ...(typeof request.ProjectionExpression === 'string' && {
          attributes: sorted(namesIn(request.ProjectionExpression, request.ExpressionAttributeNames)),
        }),
      },
    ];
  }
  if (operation === 'TransactWriteItems') {
    return ((request.TransactItems ?? []) as Input[]).flatMap((element) =>
      Object.entries(element)
        .filter(([kind]) => kind in TRANSACT_ITEM_ACTIONS)
        .map(([kind, item]) => itemRequest(TRANSACT_ITEM_ACTIONS[kind]!, item as Input, { key: (item as Input).Key, item: (item as Input).Item })),
    );
  }
  if (operation === 'TransactGetItems') {
    return ((request.TransactItems ?? []) as Input[]).map((element) => itemRequest('GetItem', element.Get as Input, { key: (element.Get as Input)?.Key }));
  }
  if (operation === 'BatchWriteItem' || operation === 'BatchGetItem') {
    const perTable = Object.values((request.RequestItems ?? {}) as Record<string, unknown>);
    const items =
      operation === 'BatchWriteItem'
        ? (perTable.flat() as Input[]).flatMap((entry) =>
            Object.entries(entry)
              .filter(([kind]) => kind in BATCH_WRITE_ACTIONS)
              .map(([kind, body]) => itemRequest(BATCH_WRITE_ACTIONS[kind]!, body as Input, { key: (body as Input).Key, item: (body as Input).Item })),
          )
        : (perTable as Input[]).flatMap((table) => ((table.Keys ?? []) as Input[]).map((key) => itemRequest('GetItem', table, { key })));
    const leadingKeys = sorted(items.flatMap((item) => item.leadingKeys ?? []));
    return [{ action: operation, resource: 'table', leadingKeys }, ...(operation === 'BatchWriteItem' ? items : [])];
  }
  return [itemRequest(operation, request, { key: request.Key, item: request.Item })];
}
