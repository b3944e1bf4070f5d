import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, type GetCommandInput } from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { keys } from '../../lib/db/keys';
import { newClient, testDb } from '../support/fixtures';

/**
 * DynamoDB Local cannot throttle or time out on demand, so this one test injects the fault
 * with aws-sdk-client-mock, after authentication has passed against the real table.
 */
describe('an unexpected DynamoDB failure', () => {
  let handler: (event: APIGatewayProxyEventV2, context: Context) => Promise<{ statusCode: number; headers: any; body: string }>;
  beforeAll(async () => {
    vi.stubEnv('TABLE_NAME', inject('tableName'));
    vi.stubEnv('DYNAMODB_ENDPOINT', inject('dynamoEndpoint'));
    ({ handler } = (await import('../../functions/get-transaction')) as any);
  });
  let docMock: ReturnType<typeof mockClient> | undefined;
  afterEach(() => {
    docMock?.restore();
    vi.unstubAllEnvs();
  });

  it('becomes 500 INTERNAL_ERROR with the request id, and nothing of the AWS error', async () => {
    const { key } = await newClient();
    // Authentication reads the real table (through the raw client, which is not mocked);
    // the transaction read then fails as a throttled DynamoDB would.
    const raw = testDb().client;
    docMock = mockClient(DynamoDBDocumentClient);
    docMock.on(GetCommand).callsFake(async (input: GetCommandInput) => {
      if (input.Key?.sk !== keys.apiKeyHash('').sk) {
        throw Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
          name: 'ProvisionedThroughputExceededException',
        });
      }
      const { Item } = await raw.send(new GetItemCommand({ ...input, Key: marshall(input.Key) }));
      return { Item: Item && unmarshall(Item) };
    });
    const event = {
      version: '2.0',
      rawPath: '/api/v1/transaction/txn_01JZZZZZZZZZZZZZZZZZZZZZZZ',
      headers: { authorization: `Bearer ${key}` },
      pathParameters: { id: 'txn_01JZZZZZZZZZZZZZZZZZZZZZZZ' },
      requestContext: { requestId: 'req-500-test', http: { method: 'GET' } },
    } as unknown as APIGatewayProxyEventV2;
    const response = await handler(event, { awsRequestId: 'req-500-test', getRemainingTimeInMillis: () => 5000 } as Context);
    expect(response.statusCode).toBe(500);
    expect(JSON.parse(response.body)).toEqual({
      success: false,
      error: { code: 'INTERNAL_ERROR', message: 'An internal error occurred; request id req-500-test' },
    });
    expect(response.body).not.toMatch(/Throughput|Exception|stack|aws/i);
    expect(response.headers['X-Request-Id']).toBe('req-500-test');
  });
});
