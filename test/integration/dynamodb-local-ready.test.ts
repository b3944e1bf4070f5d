import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntilReady } from '../../infra/local/dynamodb-local';

/**
 * `npm start` waits for its DynamoDB Local to answer before it serves (infra/local/dynamodb-local.ts).
 * A java that accepts connections but never answers must end that wait with the time-out's message,
 * and one that exits meanwhile with why, never leave the start hanging: here a TCP server that
 * accepts and says nothing stands in for it.
 */

let silent: Server;
let endpoint: string;
const held: Socket[] = [];

beforeAll(async () => {
  silent = createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address();
  endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

describe('waiting for DynamoDB Local to answer', () => {
  it('gives up at its time-out when a connection is accepted and never answered', async () => {
    await expect(waitUntilReady(endpoint, new Promise<string>(() => {}), 1_000)).rejects.toThrow(`DynamoDB Local did not answer on ${endpoint} within 1000 ms`);
    expect(held.length).toBeGreaterThan(0);
  });

  it('says java exited, with why, when it exits while a question is unanswered', async () => {
    const exited = new Promise<string>((resolve) => setTimeout(() => resolve('exit code 1'), 300));
    // A time-out far beyond the test's: only java's exit can end this wait.
    await expect(waitUntilReady(endpoint, exited, 600_000)).rejects.toThrow('DynamoDB Local exited during start-up (exit code 1)');
  });
});
