import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { offsetOf } from '../../lib/clock';
import { NO_TABLE } from '../../lib/db/access';
import { contract } from '../../lib/http/contract';
import { HTML_MEDIA_TYPE } from '../../lib/http/page/html';
import { pageHeaders } from '../../lib/http/page/page-face';
import type { Route } from '../../lib/routes';
import { FakeClock } from '../support/clock';
import { newClient, testDb } from '../support/fixtures';
import { tokenTable } from '../support/path-tokens';
import { advance } from '../support/sandbox-clock';

/**
 * A page whose path is its credential (lib/http/page/token-page-endpoint.ts), as the payment page
 * will be: a test route of its own, a table of tokens for the lookup that is still to come, and the
 * run's DynamoDB Local for the client's limits and clock.
 */

const tokenPage = {
  id: 'testTokenPage',
  method: 'POST',
  path: '/test-pay/{token}',
  handler: 'functions/test-token-page.ts',
  face: { kind: 'page', formAction: 'self', errors: 'page' },
  credential: { kind: 'pathToken', param: 'token' },
  table: 'write',
  dynamodb: NO_TABLE,
  summary: 'A page for the tests, reached by a token',
} as const satisfies Route;

const tokenPageContract = contract({
  route: tokenPage,
  tag: 'Test',
  params: z.object({ token: z.string() }),
  body: z.strictObject({ outcome: z.optional(z.enum(['settle', 'fail'])) }),
  bodyOptional: true,
  response: { status: 200, description: 'A page', schema: z.string(), example: '<!doctype html>' },
});

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

let key: string;
let clientId: string;
let tokens: ReturnType<typeof tokenTable>;
let page: Handler;
let seen: unknown[];

beforeAll(async () => {
  vi.stubEnv('TABLE_NAME', inject('tableName'));
  vi.stubEnv('DYNAMODB_ENDPOINT', inject('dynamoEndpoint'));
  const { tokenPageEndpoint } = await import('../../lib/http/page/token-page-endpoint');
  ({ key, clientId } = await newClient());
  tokens = tokenTable({ tok_known: { clientId, objectId: 'txn_01M80CCH60Q4X8V3K9T2B7N5RD' } });
  seen = [];
  page = tokenPageEndpoint(
    tokenPageContract,
    tokens,
    ({ holder, clock, body }) => {
      seen.push({ holder, offsetSeconds: offsetOf(clock) / 1000, body });
      return { statusCode: 200, body: `<p>${holder.objectId}</p>`, headers: { 'Content-Type': HTML_MEDIA_TYPE } };
    },
    { db: testDb() },
  );
});

afterAll(() => vi.unstubAllEnvs());

const post = (handler: Handler, token: string, body?: string, contentType = 'application/x-www-form-urlencoded') =>
  handler(
    {
      headers: body === undefined ? {} : { 'content-type': contentType },
      body,
      pathParameters: { token },
      requestContext: { requestId: `req-${token}` },
    } as unknown as APIGatewayProxyEventV2,
    { awsRequestId: `req-${token}`, getRemainingTimeInMillis: () => 5000 } as Context,
  );

describe('a page whose path is its credential', () => {
  it("answers the page of a token it knows with what the token names and that client's clock, kept out of search engines", async () => {
    await advance(key, { seconds: 3600 });
    seen.length = 0;
    const response = await post(page, 'tok_known', 'outcome=settle');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('<p>txn_01M80CCH60Q4X8V3K9T2B7N5RD</p>');
    expect(response.headers).toMatchObject({ 'Content-Type': HTML_MEDIA_TYPE, ...pageHeaders(tokenPage) });
    expect(response.headers!['X-Robots-Tag']).toBe('noindex');
    expect(seen).toEqual([{ holder: { clientId, objectId: 'txn_01M80CCH60Q4X8V3K9T2B7N5RD' }, offsetSeconds: 3600, body: { outcome: 'settle' } }]);
  });

  it('answers a token the lookup does not know with its 404 page, HTML and never JSON, before reading the body', async () => {
    const response = await post(page, 'tok_nobody', '{"outcome":"settle"}', 'application/json');
    expect(response.statusCode).toBe(404);
    expect(response.headers).toMatchObject({ 'Content-Type': HTML_MEDIA_TYPE, 'X-Robots-Tag': 'noindex' });
    expect(response.body).toContain('<h1>Page not found</h1>');
    expect(response.body).not.toContain('"success"');
    expect(tokens.asked).toContain('tok_nobody');
  });

  it('takes its form only: a JSON body is a 415 page, a field it does not know a 400 page naming it', async () => {
    const json = await post(page, 'tok_known', '{"outcome":"settle"}', 'application/json');
    expect(json.statusCode).toBe(415);
    expect(json.body).toContain('Content-Type: application/x-www-form-urlencoded');
    const unknown = await post(page, 'tok_known', 'outcome=settle&amount=1');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers!['Content-Type']).toBe(HTML_MEDIA_TYPE);
    expect(unknown.body).toContain('<li><code>amount</code> is not a recognized field</li>');
  });

  it("counts its requests against the client's requests per second: over them, a 429 page that says when to retry", async () => {
    const { clientId: limited } = await newClient();
    const oneASecond = (await import('../../lib/http/page/token-page-endpoint')).tokenPageEndpoint(
      tokenPageContract,
      tokenTable({ tok_limited: { clientId: limited, objectId: 'txn_01M80CCH60Q4X8V3K9T2B7N5RD' } }),
      () => ({ statusCode: 200, body: '<p>ok</p>', headers: { 'Content-Type': HTML_MEDIA_TYPE } }),
      { db: testDb(), real: new FakeClock(new Date('2026-11-26T10:00:00.000Z')), requestsPerSecond: 1 },
    );
    expect((await post(oneASecond, 'tok_limited')).statusCode).toBe(200);
    const refused = await post(oneASecond, 'tok_limited');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers).toMatchObject({ 'Content-Type': HTML_MEDIA_TYPE, 'Retry-After': '1' });
    expect(refused.body).toContain('this client may make 1 requests per second');
  });

  it('answers an error of its own handler as a 500 page naming the request id, and nothing of the error', async () => {
    const failing = (await import('../../lib/http/page/token-page-endpoint')).tokenPageEndpoint(
      tokenPageContract,
      tokens,
      () => {
        throw new Error('TransactionCanceledException: ConditionalCheckFailed at lib/payments/x.ts:7');
      },
      { db: testDb() },
    );
    const response = await post(failing, 'tok_known');
    expect(response.statusCode).toBe(500);
    expect(response.body).toContain('request id req-tok_known');
    expect(response.body).not.toMatch(/TransactionCanceled|ConditionalCheck|x\.ts/);
  });
});
