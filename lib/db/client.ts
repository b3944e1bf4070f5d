import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Builds a document client; `endpoint` points it at DynamoDB Local. */
export function createDocumentClient(options: { endpoint?: string; region?: string } = {}): DynamoDBDocumentClient {
  const clientConfig: DynamoDBClientConfig = { maxAttempts: 3 };
  if (options.region) clientConfig.region = options.region;
  if (options.endpoint) {
    // DynamoDB Local accepts any credentials; fixed ones keep a developer's AWS profile out of it.
    clientConfig.endpoint = options.endpoint;
    clientConfig.region = options.region ?? 'local';
    clientConfig.credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  }
  return DynamoDBDocumentClient.from(new DynamoDBClient(clientConfig), {
    marshallOptions: { removeUndefinedValues: true },
  });
}
