import {
  IdempotencyAlreadyInProgressError,
  IdempotencyConfig,
  IdempotencyValidationError,
  makeIdempotent,
} from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { Context } from 'aws-lambda';
import type { Db } from '../db/db';
import { clientPartition, keys } from '../db/keys';
import { tableDefinition } from '../db/table';
import type { ApiResult } from './envelope';
import { IdempotencyKeyInUseError, IdempotencyKeyReusedError } from './errors';

/** Idempotency-Key: 1–255 printable ASCII characters (API.md §8). */
export const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,255}$/;

/** A stored response is replayed for 24 h; DynamoDB's TTL then deletes the record. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** True when the header value is an acceptable Idempotency-Key. */
export function isIdempotencyKey(value: string): boolean {
  return IDEMPOTENCY_KEY.test(value);
}

interface StoredResult {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface IdempotentRequest {
  readonly clientId: string;
  readonly routeId: string;
  readonly key: string;
  /** What must be identical for a replay: the path parameters and the JSON body as sent. */
  readonly request: { readonly params: unknown; readonly body: unknown };
}

/**
 * Runs `execute` at most once per (client, route, key) within 24 h, using Powertools' idempotency
 * utility with its DynamoDB persistence layer on our table. Each client's records live in that
 * client's partition (`staticPkValue`), so keys never collide across clients. Only successful
 * results are stored: a thrown error (validation never gets here; domain errors such as 409 do)
 * deletes the in-progress record, so the request may be retried.
 */
export async function runIdempotently(
  db: Db,
  context: Context,
  input: IdempotentRequest,
  execute: () => Promise<ApiResult>,
): Promise<ApiResult & { readonly replayed?: boolean }> {
  const persistenceStore = new DynamoDBPersistenceLayer({
    tableName: db.tableName,
    awsSdkV3Client: db.client,
    keyAttr: tableDefinition.partitionKey,
    sortKeyAttr: tableDefinition.sortKey,
    staticPkValue: clientPartition(input.clientId),
    expiryAttr: tableDefinition.timeToLiveAttribute,
  });
  const config = new IdempotencyConfig({
    eventKeyJmesPath: 'key',
    payloadValidationJmesPath: 'request',
    expiresAfterSeconds: IDEMPOTENCY_TTL_SECONDS,
    hashFunction: 'sha256',
    lambdaContext: context,
    responseHook: (response) => ({ ...(response as object), replayed: true }),
  });
  // The body is stored as its JSON text so that a replay is byte-for-byte the first response.
  const once = makeIdempotent(async (_payload: { key: string; request: unknown }): Promise<StoredResult> => {
    const result = await execute();
    return { statusCode: result.statusCode, headers: result.headers ?? {}, body: JSON.stringify(result.body) };
  }, {
    persistenceStore,
    config,
    keyPrefix: keys.idempotencyPrefix(input.routeId),
  });
  try {
    const stored = (await once({ key: input.key, request: input.request })) as StoredResult & { replayed?: boolean };
    return { statusCode: stored.statusCode, headers: stored.headers, body: JSON.parse(stored.body), replayed: stored.replayed };
  } catch (error) {
    if (error instanceof IdempotencyAlreadyInProgressError) throw new IdempotencyKeyInUseError();
    if (error instanceof IdempotencyValidationError) throw new IdempotencyKeyReusedError();
    throw error;
  }
}
