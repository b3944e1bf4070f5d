import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { httpApiEvent, lambdaContext } from '../../infra/local/lambda-event';
import { routes, type RouteId } from '../../lib/routes';
import { newClient } from '../support/fixtures';
import { createPaymentVia, paymentBody, simulate } from '../support/payments';

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * The real handlers, in this process, so their log lines can be read: the local server of the
 * run logs in another process. The run sets the log level to CRITICAL; audit lines are INFO.
 */
const handlers = new Map<RouteId, Handler>();
const lines: string[] = [];

beforeAll(async () => {
  vi.stubEnv('TABLE_NAME', inject('tableName'));
  vi.stubEnv('DYNAMODB_ENDPOINT', inject('dynamoEndpoint'));
  vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'INFO');
  vi.stubEnv('WEBHOOK_URL_POLICY', 'local');
  for (const id of ['cancelTransaction', 'simulateTransaction', 'createRefund', 'createPayment', 'createWebhookEndpoint', 'deleteWebhookEndpoint'] as const) {
    handlers.set(id, ((await import(`../../${routes[id].handler}`)) as { handler: Handler }).handler);
  }
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = String(chunk);
    if (text.includes('"audit"')) {
      lines.push(...text.trim().split('\n'));
      return true;
    }
    return write(chunk, ...(rest as []));
  });
});

afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

async function invoke(id: RouteId, key: string, body: unknown, pathParameters: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const route = routes[id];
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => pathParameters[name]!);
  const requestId = randomUUID();
  const event = httpApiEvent({
    method: route.method,
    url: new URL(`http://127.0.0.1/api/v1${path}`),
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    body: Buffer.from(JSON.stringify(body)),
    requestId,
    route,
    pathParameters,
  });
  const response = await handlers.get(id)!(event, lambdaContext(requestId, id));
  return { requestId, status: response.statusCode, body: JSON.parse(response.body ?? '{}') };
}

const auditsOf = (requestId: string) =>
  lines.map((line) => JSON.parse(line) as { message: string; audit: Record<string, unknown> }).filter((l) => l.audit.requestId === requestId);

describe('audit lines', () => {
  it('records a cancel, a simulated settle and a refund: request id, client, key id, route and object id', async () => {
    const { clientId, keyId, key } = await newClient();
    const toCancel = await createPaymentVia(key);
    const toSettle = await createPaymentVia(key);

    const cancel = await invoke('cancelTransaction', key, { reason: 'changed mind' }, { id: toCancel.id });
    const settle = await invoke('simulateTransaction', key, { outcome: 'settle' }, { id: toSettle.id });
    const refund = await invoke('createRefund', key, { transaction_id: toSettle.id, amount: 10_000 });

    expect([cancel.status, settle.status, refund.status]).toEqual([200, 200, 201]);
    for (const [request, route, objectId] of [
      [cancel, 'cancelTransaction', toCancel.id],
      [settle, 'simulateTransaction', toSettle.id],
      [refund, 'createRefund', refund.body.data.id],
    ] as const) {
      expect(auditsOf(request.requestId)).toEqual([
        expect.objectContaining({ message: 'audit', audit: { requestId: request.requestId, clientId, keyId, route, objectId } }),
      ]);
    }
  });

  it('records a webhook endpoint registered and deleted, never its secret', async () => {
    const { clientId, keyId, key } = await newClient();
    const created = await invoke('createWebhookEndpoint', key, { url: 'http://127.0.0.1:4242/hooks' });
    const id = created.body.data.id;
    const deleted = await invoke('deleteWebhookEndpoint', key, {}, { id });

    expect([created.status, deleted.status]).toEqual([201, 200]);
    expect(auditsOf(created.requestId)).toEqual([
      expect.objectContaining({ audit: { requestId: created.requestId, clientId, keyId, route: 'createWebhookEndpoint', objectId: id } }),
    ]);
    expect(auditsOf(deleted.requestId)).toEqual([
      expect.objectContaining({ audit: { requestId: deleted.requestId, clientId, keyId, route: 'deleteWebhookEndpoint', objectId: id } }),
    ]);
    expect(lines.join('\n')).not.toContain(created.body.data.secret);
  });

  it('never carries the key or customer data', async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key, { customer: { name: 'Siti Audit', email: 'siti.audit@example.com' } });
    const cancel = await invoke('cancelTransaction', key, {}, { id: txn.id });
    const [line] = auditsOf(cancel.requestId);
    const text = JSON.stringify(line);
    expect(line).toBeDefined();
    for (const secret of [key, key.slice(7), 'Siti Audit', 'siti.audit@example.com', txn.order_id]) expect(text).not.toContain(secret);
  });

  it('is not written for a refusal, a replay or a route that is not audited', async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key);
    await simulate(key, txn.id, 'settle');
    const refused = await invoke('cancelTransaction', key, {}, { id: txn.id });
    const idempotencyKey = { 'idempotency-key': `audit-${randomUUID()}` };
    const first = await invoke('createRefund', key, { transaction_id: txn.id, amount: 1_000 }, {}, idempotencyKey);
    const replay = await invoke('createRefund', key, { transaction_id: txn.id, amount: 1_000 }, {}, idempotencyKey);
    const created = await invoke('createPayment', key, paymentBody());

    expect([refused.status, first.status, replay.status, created.status]).toEqual([409, 201, 201, 201]);
    expect(auditsOf(refused.requestId)).toEqual([]);
    expect(auditsOf(first.requestId)).toHaveLength(1);
    expect(auditsOf(replay.requestId)).toEqual([]);
    expect(auditsOf(created.requestId)).toEqual([]);
  });
});
