import { inject } from 'vitest';
import { createClientWithKey } from '../../lib/auth/key-repository';
import { createDb } from '../../lib/db/client';
import type { Db } from '../../lib/db/db';
import type { Scope } from '../../lib/scopes';
import { assertDocumentedResponse } from './openapi';

let db: Db | undefined;

/** The run's DynamoDB Local table (the same one the local server uses). */
export function testDb(): Db {
  db ??= createDb(inject('tableName'), { endpoint: inject('dynamoEndpoint') });
  return db;
}

export interface TestClient {
  readonly clientId: string;
  readonly keyId: string;
  readonly key: string;
}

/** A fresh client with one key (all scopes unless given), so tests never share data. */
export async function newClient(scopes?: readonly Scope[]): Promise<TestClient> {
  const { client, key } = await createClientWithKey(testDb(), `test ${Math.random().toString(36).slice(2)}`, { scopes });
  return { clientId: client.id, keyId: key.id, key: key.key };
}

export interface ApiResponse<T = any> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

/**
 * Calls the local server (or the stage in SANDBOX_BASE_URL, or `baseUrl`: another server the test
 * started) and parses the JSON body. Every response must be one openapi.json describes (status,
 * headers, body); otherwise this throws.
 */
export async function call(
  method: string,
  path: string,
  options: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string>; baseUrl?: string } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${options.baseUrl ?? inject('baseUrl')}${path}`, { method, headers, body });
  const text = await response.text();
  const result = { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  assertDocumentedResponse({ method, path, ...result });
  return result;
}
