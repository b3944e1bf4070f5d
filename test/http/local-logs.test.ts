import { once } from 'node:events';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { loadFunction, type LocalFunction } from '../../infra/local/load-function';
import { startLocalServer, type LocalServer } from '../../infra/local/server';
import { createClient, createKey } from '../../lib/auth/key-repository';
import type { Db } from '../../lib/db/db';
import { logger } from '../../lib/logger';
import { backgroundFunctions } from '../../lib/routes';
import { call } from '../support/fixtures';
import { isolatedTable } from '../support/isolated-table';
import { captureLogLines, type LogLine } from '../support/log-lines';
import { paymentBody } from '../support/payments';

/**
 * The logs of the local sandbox tell the truth (decision 0225): it runs every invocation in one
 * process — requests, however they interleave, the sweep's passes, webhook delivery's batches — and
 * each logs with its own keys. This file serves the very handlers, and invokes the sweep and the
 * dispatcher as `npm start` does, in its own worker on a table of its own, so their lines can be
 * read here (the run's shared sandbox logs in another process, at CRITICAL) and no other file's
 * data is swept.
 */

let table: Awaited<ReturnType<typeof isolatedTable>>;
let server: LocalServer;
let handlersDb: Db;
let sweep: LocalFunction<unknown, unknown>;
let dispatch: LocalFunction<DynamoDBStreamEvent, DynamoDBBatchResponse>;
let lines: LogLine[];

beforeAll(async () => {
  table = await isolatedTable('local-logs');
  vi.stubEnv('TABLE_NAME', table.tableName);
  vi.stubEnv('DYNAMODB_ENDPOINT', inject('dynamoEndpoint'));
  server = await startLocalServer({ port: 0 });
  sweep = await loadFunction(backgroundFunctions.sweep);
  dispatch = await loadFunction(backgroundFunctions.dispatchEvents);
  // The handlers' own DynamoDB client (one per container), where a test holds a request up.
  ({ defaultDb: handlersDb } = await import('../../lib/db/default-db'));
  // The run logs at CRITICAL; the sweep's idle pass is a DEBUG line.
  logger.setLogLevel('DEBUG');
  lines = captureLogLines();
});

afterAll(async () => {
  vi.restoreAllMocks();
  logger.setLogLevel('CRITICAL');
  await server?.close();
  await table?.drop();
  vi.unstubAllEnvs();
});

async function newClientHere(): Promise<{ clientId: string; key: string }> {
  const client = await createClient(table.db, 'local logs');
  return { clientId: client.id, key: (await createKey(table.db, { clientId: client.id })).key };
}

const createPayment = (key: string) => call('POST', '/payment/create', { key, body: paymentBody(), baseUrl: server.baseUrl });
/** An audited request: its success writes an audit line naming its request and client (lib/http/audit.ts). */
const registerEndpoint = (key: string) => call('POST', '/webhook/endpoints', { key, body: { url: 'http://127.0.0.1:4242/hooks' }, baseUrl: server.baseUrl });

/**
 * Holds the handlers' next TransactWriteItems (an endpoint's registration: no send window bounds it)
 * until `release`: `reached` settles once a request waits there, admitted, its keys appended, its
 * audit line not yet written.
 */
function holdNextWrite() {
  let reached!: () => void;
  let release!: () => void;
  const held = {
    reached: new Promise<void>((resolve) => {
      reached = resolve;
    }),
    released: new Promise<void>((resolve) => {
      release = resolve;
    }),
  };
  handlersDb.client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'TransactWriteItemsCommand' && handlersDb.client.middlewareStack.remove('holdNextWrite')) {
        reached();
        await held.released;
      }
      return next(args);
    },
    { step: 'initialize', name: 'holdNextWrite' },
  );
  return { reached: held.reached, release };
}

type Audit = { requestId: string; clientId: string };
/** The audit line of the client's request, and what it names in its own `audit` attribute. */
function auditOf(clientId: string): { line: LogLine | undefined; audit: Partial<Audit> } {
  const line = lines.find((l) => l.message === 'audit' && (l.audit as Audit).clientId === clientId);
  return { line, audit: (line?.audit ?? {}) as Partial<Audit> };
}

/** What a line says of who logged it: the keys a request (requestId, route, clientId) or a job (job, pass, batch) appends. */
const contextOf = (line: LogLine | undefined) =>
  Object.fromEntries(Object.entries(line ?? {}).filter(([name]) => ['requestId', 'route', 'clientId', 'job', 'pass', 'batch'].includes(name)));

describe("the local sandbox's logs", () => {
  it('give two requests that interleave each their own requestId, route and clientId', async () => {
    const first = await newClientHere();
    const second = await newClientHere();
    const held = holdNextWrite();
    const firstAnswer = registerEndpoint(first.key);
    await held.reached;

    expect((await registerEndpoint(second.key)).status).toBe(201);
    held.release();
    expect((await firstAnswer).status).toBe(201);

    for (const { clientId } of [first, second]) {
      const { line, audit } = auditOf(clientId);
      expect(contextOf(line), clientId).toEqual({ requestId: audit.requestId, route: 'createWebhookEndpoint', clientId });
    }
  });

  it("log a sweep pass after a request with the job and its pass, and none of the request's keys", async () => {
    const { key } = await newClientHere();
    expect((await createPayment(key)).status).toBe(201);

    await sweep(undefined, 'pass-after-a-request');

    expect(contextOf(lines.findLast((l) => l.message === 'sweep'))).toEqual({ job: 'sweep', pass: 'pass-after-a-request' });
  });

  it("log a webhook delivery batch after a request with the job and its batch, and none of the request's keys", async () => {
    const { key } = await newClientHere();
    expect((await createPayment(key)).status).toBe(201);

    // A stream record of an event item the dispatcher cannot read: it logs that the record failed.
    const record = {
      eventName: 'INSERT',
      dynamodb: { SequenceNumber: '1', NewImage: { entity: { S: 'event' }, pk: { S: 'not-a-client' }, sk: { S: 'EVT#x' } } },
    };
    const answer = await dispatch({ Records: [record] } as DynamoDBStreamEvent, 'batch-after-a-request');

    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: '1' }]);
    const failed = lines.findLast((l) => l.message === 'webhook: a stream record failed; it is retried');
    expect(contextOf(failed)).toEqual({ job: 'dispatchEvents', batch: 'batch-after-a-request' });
  });
});

describe('a request while the sandbox starts', () => {
  it("is answered the contract's 500 and logged nowhere when the start fails: npm start says why once, as its only output", async () => {
    let fail!: (error: Error) => void;
    const handlers = new Promise<never>((_, reject) => {
      fail = reject;
    });
    const starting = await startLocalServer({ port: 0, handlers });
    const errors = vi.spyOn(console, 'error');
    try {
      const arrived = once(starting.server, 'request');
      const answer = call('GET', '/payment/channels', { key: 'sk_sbx_any', baseUrl: starting.baseUrl });
      // The request has arrived and waits for the handlers when the start fails (no Java, say).
      await arrived;
      fail(new Error('Java not found'));
      // The contract's 500 (call checks it against openapi.json too): INTERNAL_ERROR and the request id.
      const { status, body, headers } = await answer;
      expect(status).toBe(500);
      expect(body).toEqual({
        success: false,
        error: { code: 'INTERNAL_ERROR', message: `An internal error occurred; request id ${headers.get('x-request-id')}` },
      });
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      await starting.close();
    }
  });
});
