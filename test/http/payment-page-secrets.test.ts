import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { startLocalServer, type LocalServer } from '../../infra/local/server';
import { createClient, createKey } from '../../lib/auth/key-repository';
import { LIMIT_ENV } from '../../lib/config/env';
import { logger } from '../../lib/logger';
import { call } from '../support/fixtures';
import { isolatedTable } from '../support/isolated-table';
import { captureLogLines, type LogLine } from '../support/log-lines';
import { paymentBody } from '../support/payments';

/**
 * What the payment page keeps and says of a card, and its requests per second. This file serves the
 * very handlers in its own worker, on a table of its own, with a limit of 3 requests per second, and
 * reads every line they log (at DEBUG) and every item they write: a card's number appears in
 * neither. Date is frozen inside a second, as in rate-limit.test.ts.
 */

const LIMIT = 3;
let table: Awaited<ReturnType<typeof isolatedTable>>;
let server: LocalServer;
let lines: LogLine[];

beforeAll(async () => {
  table = await isolatedTable('payment-page-secrets');
  vi.stubEnv('TABLE_NAME', table.tableName);
  vi.stubEnv('DYNAMODB_ENDPOINT', inject('dynamoEndpoint'));
  vi.stubEnv(LIMIT_ENV.requestsPerSecond, String(LIMIT));
  server = await startLocalServer({ port: 0 });
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

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.floor(Date.now() / 1000) * 1000 + 500);
});

afterEach(() => vi.useRealTimers());

const nextSecond = () => vi.setSystemTime(Date.now() + 1000);

async function newCardPayment(): Promise<{ key: string; id: string; page: string }> {
  const client = await createClient(table.db, 'Toko Kartu');
  const { key } = await createKey(table.db, { clientId: client.id });
  const created = await call('POST', '/payment/create', {
    key,
    baseUrl: server.baseUrl,
    body: paymentBody({ payment_method: 'card', payment_channel: 'credit_card', amount: 100_000 }),
  });
  expect(created.status).toBe(201);
  const token = (created.body.data.payment_url as string).split('/pay/')[1]!;
  return { key, id: created.body.data.id, page: `${server.baseUrl}/pay/${token}` };
}

const post = (page: string, fields: Record<string, string>) =>
  fetch(page, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

const cardFields = (number: string) => ({ action: 'card', card_number: number, card_expiry: '11/38', card_cvc: '737', card_name: 'Siti Rahma' });

describe('a card number on the payment page', () => {
  it('is in no item of the table and no line of the log, whatever the card did', async () => {
    const cards = ['4111 1111 1111 1111', '4000000000000002', '4000 0000 0000 3220', '4111111111111112', '5555-5555-5555-4444'];
    for (const number of cards) {
      const { page } = await newCardPayment();
      nextSecond();
      const answer = await post(page, cardFields(number));
      expect([303, 400], number).toContain(answer.status);
      if (number.startsWith('4000 0000 0000 3220')) {
        nextSecond();
        expect((await post(page, { action: '3ds-complete' })).status).toBe(303);
      }
      nextSecond();
    }
    // Something was logged and stored, so the checks below look at real lines and items: each change's
    // audit line (two for the challenge's card, its hold and its Complete; none for the Luhn-invalid one).
    expect(lines.filter((line) => line.message === 'audit')).toHaveLength(5);
    const { Items = [] } = await table.db.doc.send(new ScanCommand({ TableName: table.tableName }));
    expect(Items.some((item) => JSON.stringify(item).includes('"last4":"3220"'))).toBe(true);

    const stored = JSON.stringify(Items);
    const logged = JSON.stringify(lines);
    for (const number of cards) {
      const digits = number.replace(/[ -]/g, '');
      for (const form of [digits, number, encodeURIComponent(number), number.replace(/ /g, '+'), digits.slice(0, 12)]) {
        expect(stored, form).not.toContain(form);
        expect(logged, form).not.toContain(form);
      }
    }
    expect(stored).not.toContain('"737"');
  });
});

describe("the payment page's requests per second", () => {
  it("counts each page view and action against its client's limit: the request over it is a 429 page, and nothing changes", async () => {
    const { key, id, page } = await newCardPayment();
    nextSecond();
    for (let i = 0; i < LIMIT; i++) expect((await fetch(page)).status).toBe(200);

    const refused = await post(page, cardFields('4111111111111111'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await refused.text()).toContain('Too many requests');

    nextSecond();
    expect((await call('GET', `/transaction/${id}`, { key, baseUrl: server.baseUrl })).body.data.status).toBe('pending');
  });
});
