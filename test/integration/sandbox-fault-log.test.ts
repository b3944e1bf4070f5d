import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { httpApiEvent, lambdaContext } from '../../infra/local/lambda-event';
import { routes } from '../../lib/routes';
import { newClient } from '../support/fixtures';
import { createPaymentVia } from '../support/payments';

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
type LogLine = { level: string; message: string; requestId?: string; sandboxFault?: string; audit?: { requestId: string }; error?: unknown };

/**
 * What an operator reads in the log when a client asks for a fault (docs/api.md §12): the real
 * simulate handler in this process, so its log lines can be read (the run's server logs in
 * another process, at CRITICAL; here at INFO, for the audit lines).
 */
let handler: Handler;
const lines: LogLine[] = [];

beforeAll(async () => {
  vi.stubEnv('TABLE_NAME', inject('tableName'));
  vi.stubEnv('DYNAMODB_ENDPOINT', inject('dynamoEndpoint'));
  vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'INFO');
  ({ handler } = (await import(`../../${routes.simulateTransaction.handler}`)) as { handler: Handler });
  // Powertools writes INFO to stdout, WARN and ERROR to stderr: both are read.
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = String(chunk);
      if (!text.includes('"level"')) return write(chunk, ...(rest as []));
      lines.push(
        ...text
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as LogLine),
      );
      return true;
    });
  }
});

afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

async function settle(key: string, id: string, fault: string) {
  const requestId = randomUUID();
  const event = httpApiEvent({
    method: 'POST',
    url: new URL(`http://127.0.0.1/api/v1/transaction/${id}/simulate`),
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'sandbox-fault': fault },
    body: Buffer.from(JSON.stringify({ outcome: 'settle' })),
    requestId,
    route: routes.simulateTransaction,
    pathParameters: { id },
  });
  const response = await handler(event, lambdaContext(requestId, 'simulateTransaction'));
  const logged = lines.filter((l) => l.requestId === requestId || l.audit?.requestId === requestId);
  return { status: response.statusCode, body: response.body ?? '', logged };
}

describe('an injected fault in the log', () => {
  it.each([
    ['error_500', 500],
    ['error_503', 503],
    ['rate_limit', 429],
  ])('%s: one line saying it was injected, no error line, no stack and no audit line', async (fault, status) => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key);
    const { status: answered, body, logged } = await settle(key, txn.id, fault);
    expect(answered).toBe(status);
    expect(body).not.toMatch(/stack|\bat \S+ \(/);
    expect(logged).toEqual([expect.objectContaining({ level: 'WARN', message: 'Sandbox-Fault injected', sandboxFault: fault })]);
    expect(JSON.stringify(logged)).not.toContain('stack');
  });

  it('error_after_commit: the change is audited like any change, and the lost answer is logged as injected', async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key);
    const { status, logged } = await settle(key, txn.id, 'error_after_commit');
    expect(status).toBe(500);
    expect(logged).toEqual([
      expect.objectContaining({ message: 'audit' }),
      expect.objectContaining({ level: 'WARN', message: 'Sandbox-Fault injected', sandboxFault: 'error_after_commit' }),
    ]);
    expect(logged.some((l) => l.level === 'ERROR')).toBe(false);
  });
});
