import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENV, readEnv } from '../config/env';
import type { Db } from './db';
import type { Prefetched } from './prefetch';

/** Builds a document client; `endpoint` points it at DynamoDB Local. */
export function createDocumentClient(options: { endpoint?: string; region?: string } = {}): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(createRawClient(options), { marshallOptions: { removeUndefinedValues: true } });
}

/**
 * What DynamoDB Local is sent instead of a signature: it wants an Authorization header naming a key,
 * and checks nothing in it (with `-sharedDb` not even the key). Signing each request for it cost
 * about an eighth of the client's CPU per call (decision 0410).
 */
const LOCAL_AUTHORIZATION = 'AWS4-HMAC-SHA256 Credential=local/20200101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=local';

/** Signs nothing: hands DynamoDB Local its header. */
const localSigner: NonNullable<DynamoDBClientConfig['signer']> = {
  sign: async (request) => {
    request.headers.authorization = LOCAL_AUTHORIZATION;
    return request;
  },
};

/**
 * The configuration of a DynamoDB (or DynamoDB Streams) client; `endpoint` alone points it at DynamoDB
 * Local, with fixed credentials and no signature. With a `region` too it is an emulator of AWS (moto,
 * in the rehearsal), which reads the signature's scope to tell services apart: that client signs.
 * It records nothing: createDb's clients are the ones the grant check records.
 */
export function dynamoClientConfig(options: { endpoint?: string; region?: string } = {}): DynamoDBClientConfig {
  const clientConfig: DynamoDBClientConfig = { maxAttempts: 3 };
  if (options.region) clientConfig.region = options.region;
  if (options.endpoint) {
    // DynamoDB Local accepts any credentials; fixed ones keep a developer's AWS profile out of it.
    clientConfig.endpoint = options.endpoint;
    clientConfig.region = options.region ?? 'local';
    clientConfig.credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
    if (!options.region) clientConfig.signer = localSigner;
  }
  return clientConfig;
}

/**
 * A client of ours without the SDK's logger middleware: it logs to no logger we give it, yet
 * walked every call's input and output through their schemas to hide sensitive fields from that
 * logger — about a seventh of the client's CPU per call (decision 0410).
 */
export function withoutSdkLogging<T extends { middlewareStack: { remove(name: string): boolean } }>(client: T): T {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

/**
 * Where the grant check's recorder (lib/db/call-recorder.ts) puts itself, on globalThis, when it is
 * loaded: each client created while DYNAMODB_CALLS_DIR is set (a test run sets it) hands it every call's operation and input.
 * The recorder is loaded by the local adapters, never by a function, so it and the access
 * declarations it evaluates stay out of every bundle.
 */
export const CALL_OBSERVER = Symbol.for('payment-sandbox.dynamodb-call-observer');

/** What the observer is given: the SDK command's name (e.g. `TransactWriteItemsCommand`) and its input. */
export type CallObserver = (commandName: string, input: unknown) => void;

/** Hands each call of `client` to the observer on globalThis, if any is there when the call is made. */
export function observeCalls(client: { middlewareStack: DynamoDBClient['middlewareStack'] }): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      (globalThis as Record<symbol, CallObserver | undefined>)[CALL_OBSERVER]?.(String(context.commandName ?? 'Unknown'), args.input);
      return next(args);
    },
    { step: 'initialize', name: 'observeDynamoCalls', override: true },
  );
}

function createRawClient(options: { endpoint?: string; region?: string }): DynamoDBClient {
  const client = withoutSdkLogging(new DynamoDBClient(dynamoClientConfig(options)));
  // Only when a test run asks for it: the grant check's record of each function's calls.
  if (readEnv(ENV.callsDir)) observeCalls(client);
  return client;
}

/** A Db for a table: one raw client and the document client over it. */
export function createDb(tableName: string, options: { endpoint?: string; region?: string } = {}): Db {
  const client = createRawClient(options);
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  return { client, doc, tableName };
}

/** `db` for one request, whose first strongly consistent GetItem of each item in `prefetched` is answered from there (lib/db/prefetch.ts). */
export const withPrefetched = (db: Db, prefetched: Prefetched): Db => ({ ...db, prefetched });

/** Releases a Db's sockets (CLI and tests; Lambda keeps its clients for the container's life). */
export function closeDb(db: Db): void {
  db.doc.destroy();
  db.client.destroy();
}
