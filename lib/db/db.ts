import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Prefetched } from './prefetch';

/** Where repositories read and write: the table name, the raw client and the document client over it. */
export interface Db {
  readonly client: DynamoDBClient;
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
  /** What this request's admission read ahead of its use case (lib/db/prefetch.ts); only a request's own Db has it. */
  readonly prefetched?: Prefetched;
}
