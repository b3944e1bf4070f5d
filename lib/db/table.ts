import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/** The sparse index of what falls due (lib/db/due.ts); a sweep may query it and no other. */
export const DUE_INDEX = 'due';

/**
 * The single table's shape: the one source for the CDK table (infra/stack.ts)
 * and the local CreateTable (infra/local). Key layout is in docs/data-model.md.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: 'ALL' },
    /**
     * Sparse: only items with something falling due carry `due_pk`/`due_sk` (lib/db/due.ts), so a
     * sweep queries what is due without a Scan. Keys only: the sweep re-reads each item anyway.
     */
    { name: DUE_INDEX, partitionKey: 'due_pk', sortKey: 'due_sk', projection: 'KEYS_ONLY' },
  ],
  /** Epoch seconds; DynamoDB deletes the item some time after it passes. */
  timeToLiveAttribute: 'ttl',
  stream: 'NEW_AND_OLD_IMAGES',
} as const;

/** The CreateTable request for DynamoDB Local, derived from the definition above. */
export function createTableInput(tableName: string): CreateTableCommandInput {
  const { partitionKey, sortKey, indexes } = tableDefinition;
  const attributes = [partitionKey, sortKey, ...indexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: attributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' },
      { AttributeName: sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: indexes.map((i) => ({
      IndexName: i.name,
      KeySchema: [
        { AttributeName: i.partitionKey, KeyType: 'HASH' },
        { AttributeName: i.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: i.projection },
    })),
    StreamSpecification: { StreamEnabled: true, StreamViewType: tableDefinition.stream },
  };
}
