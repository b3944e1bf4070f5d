/**
 * `npm run screenshot`: docs/dashboard.png, the README's picture of the dashboard,
 * docs/dashboard-keys.png, its API Keys view, and the payment page's pictures (docs/payment-page.png,
 * -card.png, -3ds.png: a pending VA payment, a card form, a 3-D Secure challenge, on a phone-sized screen). Starts a sandbox of its own (in memory, on a free
 * port, with its identity emulator), signs a person up, makes a few payments and keys, and
 * photographs one transaction and the keys in Debian's Chromium with the browser tests' setup
 * (test/browser/support.ts, test/support/sessions.ts).
 */
import { fileURLToPath } from 'node:url';
import { newCursorSecret, startSandbox } from '../infra/local/sandbox';
import { newPerson } from '../test/support/sessions';
import { launchChromium } from '../test/browser/support';

const target = fileURLToPath(new URL('../docs/dashboard.png', import.meta.url));
const keysTarget = fileURLToPath(new URL('../docs/dashboard-keys.png', import.meta.url));
const sandbox = await startSandbox({ port: 0, cursorSecret: newCursorSecret(), background: true });
const browser = await launchChromium().catch(async (error: unknown) => {
  await sandbox.stop();
  throw error;
});
try {
  const { identity, identityDir: dir } = sandbox;
  const person = await newPerson('Toko Budi (sandbox)', { baseUrl: sandbox.baseUrl, endpoint: identity.endpoint, clientId: identity.clientId, dir });
  const session = person.token;
  const call = async (credential: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${sandbox.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${credential}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: { id: string; key: string } }).data;
  };
  // The person's keys, made as the API Keys view makes them: one for CI (rolled), one for a staging server that expires, one never used.
  const { key } = await call(session, 'POST', '/account/keys', { label: 'staging server', expires_in_days: 90 });
  const ci = await call(session, 'POST', '/account/keys', { label: 'ci' });
  await call(ci.key, 'GET', '/payment/channels');
  await call(session, 'POST', `/account/keys/${ci.id}/roll`, { expire_old_in_seconds: 86_400 });
  await call(session, 'POST', '/account/keys', { label: 'laptop', scopes: ['transactions:read', 'settlements:read'] });
  const api = (method: string, path: string, body?: unknown) => call(key, method, path, body);
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
  ] as const)
    ids.push((await payment(n, [...channel], amount)).id);
  await api('POST', `/transaction/${ids[0]}/simulate`, { outcome: 'settle' });
  await api('POST', '/refund', { transaction_id: ids[0], amount: 50_000 });
  await api('POST', `/transaction/${ids[1]}/simulate`, { outcome: 'settle' });
  await api('POST', `/transaction/${ids[2]}/simulate`, { outcome: 'fail' });
  await api('POST', `/transaction/${ids[4]}/cancel`, { reason: 'Customer changed their mind' });

  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  await page.goto(`${sandbox.baseUrl}/dashboard#/transaction/${ids[0]}`);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('[data-event-type="refund.created"]').waitFor();
  await page.screenshot({ path: target });
  console.log(`Wrote ${target}`);
  await page.getByRole('link', { name: 'API Keys' }).click();
  await page.getByTestId('keys').waitFor();
  await page.screenshot({ path: keysTarget });
  console.log(`Wrote ${keysTarget}`);

  // The payment page (docs/payment-page.md) on a phone-sized screen: a pending VA payment, a card payment's form, its 3-D Secure challenge.
  const payable = async (n: number, channel: [string, string], amount: number) => {
    const created = (await payment(n, channel, amount)) as unknown as { payment_url: string };
    return created.payment_url;
  };
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const shoot = async (url: string | undefined, name: string) => {
    if (url) await phone.goto(url);
    const file = fileURLToPath(new URL(`../docs/${name}`, import.meta.url));
    await phone.screenshot({ path: file, fullPage: true });
    console.log(`Wrote ${file}`);
  };
  await shoot(await payable(6, ['bank_transfer', 'bca_va'], 150_000), 'payment-page.png');
  await shoot(await payable(7, ['card', 'credit_card'], 1_250_000), 'payment-page-card.png');
  await phone.getByLabel('Card number').fill('4000 0000 0000 3220');
  await phone.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await phone.getByLabel('Security code (CVC)').fill('123');
  await phone.getByLabel('Name on the card').fill('Budi Santoso');
  await phone.getByRole('button', { name: /^Pay / }).click();
  await phone.getByRole('button', { name: 'Complete' }).waitFor();
  await shoot(undefined, 'payment-page-3ds.png');
} finally {
  await browser.close();
  await sandbox.stop();
}
