import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Secrets Manager's GetSecretValue on 127.0.0.1, speaking its JSON 1.1 protocol: there is no local
 * Secrets Manager, so this stands in for it behind the real SDK client (pointed here by
 * AWS_ENDPOINT_URL_SECRETS_MANAGER). It records every request and can refuse the next ones.
 */
export interface FakeSecretsManager {
  readonly endpoint: string;
  /** The SecretId of every GetSecretValue received, in order. */
  readonly requests: string[];
  /** The next read answers this error (e.g. AccessDeniedException) instead of the secret. */
  refuseNext(errorType: string): void;
  close(): Promise<void>;
}

const JSON_1_1 = 'application/x-amz-json-1.1';

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

/** Serves `secrets` (secret ARN → secret string) until closed. */
export async function startFakeSecretsManager(secrets: Record<string, string>): Promise<FakeSecretsManager> {
  const requests: string[] = [];
  const refusals: string[] = [];
  const server = createServer((req, res) => {
    void readJson(req).then((body) => {
      const answer = (status: number, payload: unknown) => {
        res.writeHead(status, { 'Content-Type': JSON_1_1 });
        res.end(JSON.stringify(payload));
      };
      if (req.headers['x-amz-target'] !== 'secretsmanager.GetSecretValue') {
        return answer(400, { __type: 'UnknownOperationException', message: String(req.headers['x-amz-target']) });
      }
      const secretId = String(body.SecretId);
      requests.push(secretId);
      const refusal = refusals.shift();
      if (refusal) return answer(400, { __type: refusal, message: `${refusal} (fake)` });
      const secret = secrets[secretId];
      if (secret === undefined) return answer(400, { __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret." });
      return answer(200, {
        ARN: secretId,
        Name: secretId.split(':').at(-1),
        SecretString: secret,
        VersionId: '00000000-0000-4000-8000-000000000000',
        VersionStages: ['AWSCURRENT'],
        CreatedDate: Date.now() / 1000,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    refuseNext: (errorType) => void refusals.push(errorType),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
