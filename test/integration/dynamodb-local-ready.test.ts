import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntilReady } from '../../infra/local/dynamodb-local';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

/**
 * `npm start` waits for its DynamoDB Local to answer before it serves (infra/local/dynamodb-local.ts).
 * A java that accepts connections but never answers must end that wait with the time-out's message,
 * and one that exits meanwhile with why, never leave the start hanging: here a server that holds
 * every request unanswered stands in for it.
 */

let silent: Receiver;
let endpoint: string;

beforeAll(async () => {
  silent = await startReceiver(() => 'hang');
  endpoint = new URL(silent.url).origin;
});

afterAll(() => silent.close());

describe('waiting for DynamoDB Local to answer', () => {
  it('gives up at its time-out when a connection is accepted and never answered', async () => {
    await expect(waitUntilReady(endpoint, new Promise<string>(() => {}), 1_000)).rejects.toThrow(`DynamoDB Local did not answer on ${endpoint} within 1000 ms`);
    // It asked, and was held.
    expect(silent.received.length).toBeGreaterThan(0);
  });

  it('says java exited, with why, when it exits while a question is unanswered', async () => {
    const exited = new Promise<string>((resolve) => setTimeout(() => resolve('exit code 1'), 300));
    // A time-out far beyond the test's: only java's exit can end this wait.
    await expect(waitUntilReady(endpoint, exited, 600_000)).rejects.toThrow('DynamoDB Local exited during start-up (exit code 1)');
  });
});
