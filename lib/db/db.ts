import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Where repositories read and write: a document client and the table name. */
export interface Db {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
}
