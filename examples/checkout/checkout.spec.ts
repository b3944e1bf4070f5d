import { expect, test } from '@playwright/test';
import { type Shop, startShop } from './shop';

// The sandbox to test against: `npm start` prints both locally; `npm run --silent admin -- ci-env` makes them for a stage.
const sandbox = { baseUrl: process.env.SANDBOX_BASE_URL!, key: process.env.SANDBOX_KEY! };
let shop: Shop;

test.beforeAll(async () => {
  shop = await startShop(sandbox);
});
test.afterAll(async () => {
  await shop.close();
});

test('a card payment through 3-D Secure comes back to the shop settled, and the webhook says so', async ({ page }) => {
  await page.goto(shop.url);
  await page.getByRole('button', { name: 'Pay by card' }).click();

  // The sandbox's payment page: the test card that asks for 3-D Secure.
  await page.getByLabel('Card number').fill('4000 0000 0000 3220');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on the card').fill('Budi');
  await page.getByRole('button', { name: /^Pay / }).click();
  // The challenge, as the customer's bank would ask it.
  await page.getByRole('button', { name: 'Complete' }).click();

  // Back at the shop, which read the outcome from the API.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you: payment settled');
  const back = new URL(page.url());
  expect(back.origin + back.pathname).toBe(`${shop.url}/return`);
  const transactionId = back.searchParams.get('transaction_id');

  // The webhook arrives as in production: signed, and verified by the shop.
  await expect
    .poll(() => shop.events.some((event) => event.type === 'payment.settled' && event.data.object.id === transactionId), { timeout: 15_000 })
    .toBe(true);
});
