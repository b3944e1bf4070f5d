import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { createDb, closeDb } from '../../lib/db/client';

/** What of the request leaving the client these tests look at. */
interface HttpRequest {
  readonly hostname: string;
  readonly headers: Record<string, string | undefined>;
}

/**
 * What the functions' DynamoDB client sends (decision 0410): deployed, every request signed with
 * SigV4 by the function's credentials; against DynamoDB Local, the fixed header it asks for and
 * no signature. The request is caught before it leaves, so nothing here needs a network.
 */
async function sentBy(options: { endpoint?: string; region?: string }): Promise<HttpRequest> {
  const db = createDb('payment-sandbox', options);
  let sent: HttpRequest | undefined;
  db.client.middlewareStack.add(
    () => async (args) => {
      sent = args.request as HttpRequest;
      throw new Error('caught before sending');
    },
    { step: 'finalizeRequest', priority: 'low', name: 'catchRequest' },
  );
  db.client.config.credentials = async () => ({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' });
  await expect(db.client.send(new GetItemCommand({ TableName: 'payment-sandbox', Key: { pk: { S: 'a' }, sk: { S: 'b' } } }))).rejects.toThrow(
    'caught before sending',
  );
  closeDb(db);
  if (!sent) throw new Error('no request was made');
  return sent;
}

describe('the DynamoDB client', () => {
  it('signs every deployed request with SigV4, dated and over its body', async () => {
    const request = await sentBy({ region: 'eu-west-1' });
    expect(request.hostname).toBe('dynamodb.eu-west-1.amazonaws.com');
    expect(request.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/dynamodb\/aws4_request, SignedHeaders=[a-z0-9;-]*x-amz-date[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
    );
    expect(request.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
  });

  it('signs for an emulator of AWS given a region (moto in the rehearsal), which routes by the signature', async () => {
    const request = await sentBy({ endpoint: 'http://127.0.0.1:5000', region: 'us-east-1' });
    expect(request.hostname).toBe('127.0.0.1');
    expect(request.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/dynamodb\/aws4_request, .*Signature=[0-9a-f]{64}$/,
    );
  });

  it('sends DynamoDB Local a fixed header instead of a signature', async () => {
    const request = await sentBy({ endpoint: 'http://127.0.0.1:8000' });
    expect(request.hostname).toBe('127.0.0.1');
    expect(request.headers.authorization).toBe('AWS4-HMAC-SHA256 Credential=local/20200101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=local');
    expect(request.headers['x-amz-date']).toBeUndefined();
  });
});
