import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Where repositories read and write: the table name, the raw client and the document client over it. */
export interface Db {
  readonly client: DynamoDBClient;
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
}
