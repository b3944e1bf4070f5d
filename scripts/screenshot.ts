/**
 * `npm run screenshot`: docs/dashboard.png, the README's picture of the dashboard. Starts a sandbox of
 * its own (in memory, on a free port), makes a few payments, and photographs one transaction in
 * Debian's Chromium with the browser tests' setup (test/browser/support.ts).
 */
import { fileURLToPath } from 'node:url';
import { createClient, createKey } from '../lib/auth/key-repository';
import { newCursorSecret, startSandbox } from '../infra/local/sandbox';
import { launchChromium } from '../test/browser/support';

const target = fileURLToPath(new URL('../docs/dashboard.png', import.meta.url));
const sandbox = await startSandbox({ port: 0, cursorSecret: newCursorSecret(), background: true });
const browser = await launchChromium().catch(async (error: unknown) => {
  await sandbox.stop();
  throw error;
});
try {
  const client = await createClient(sandbox.db, 'Screenshot');
  const { key } = await createKey(sandbox.db, { clientId: client.id, label: 'screenshot' });
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${sandbox.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: { id: string } }).data;
  };
  const payment = (n: number, channel: [string, string], amount: number) =>
    api('POST', '/payment/create', {
      order_id: `ORDER-${1000 + n}`,
      amount,
      payment_method: channel[0],
      payment_channel: channel[1],
      customer: { name: 'Budi Santoso', email: 'budi@example.com', phone: '+628123456789' },
    });
  const ids = [];
  for (const [n, channel, amount] of [
    [1, ['bank_transfer', 'bca_va'], 150_000],
    [2, ['ewallet', 'gopay'], 85_000],
    [3, ['qris', 'qris'], 42_500],
    [4, ['card', 'credit_card'], 1_250_000],
    [5, ['retail', 'alfamart'], 60_000],
  ] as const) ids.push((await payment(n, [...channel], amount)).id);
  await api('POST', `/transaction/${ids[0]}/simulate`, { outcome: 'settle' });
  await api('POST', '/refund', { transaction_id: ids[0], amount: 50_000 });
  await api('POST', `/transaction/${ids[1]}/simulate`, { outcome: 'settle' });
  await api('POST', `/transaction/${ids[2]}/simulate`, { outcome: 'fail' });
  await api('POST', `/transaction/${ids[4]}/cancel`, { reason: 'Customer changed their mind' });

  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  await page.goto(`${sandbox.baseUrl}/dashboard#/transaction/${ids[0]}`);
  await page.getByLabel('Server key').fill(key);
  await page.getByRole('button', { name: 'Open' }).click();
  await page.locator('[data-event-type="refund.created"]').waitFor();
  await page.screenshot({ path: target });
  console.log(`Wrote ${target}`);
} finally {
  await browser.close();
  await sandbox.stop();
}
