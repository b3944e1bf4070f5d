import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { call, newClient } from '../support/fixtures';
import { CHROMIUM } from './support';

/**
 * docs/payment-page.md's end-to-end example, a team's own Playwright test of its checkout
 * (examples/checkout/), run as written with Playwright's own test runner against the run's local
 * server: the shop creates a card payment, the browser pays with the 3-D Secure test card and
 * completes the challenge, lands on the shop's return page, and the shop receives payment.settled.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const EXAMPLE_FILES = ['examples/checkout/shop.ts', 'examples/checkout/checkout.spec.ts', 'examples/checkout/playwright.config.ts'];
const output = mkdtempSync(join(tmpdir(), 'payment-page-example-'));
afterAll(() => rmSync(output, { recursive: true, force: true }));

/** Runs a command in a process group of its own, so that whatever it started (Chromium) goes with it. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.stderr.on('data', (chunk) => (text += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
      resolve({ code, output: text });
    });
  });
}

describe("docs/payment-page.md's Playwright example", () => {
  it('is the files of examples/checkout/, word for word', () => {
    const page = readFileSync(join(root, 'docs/payment-page.md'), 'utf8');
    for (const file of EXAMPLE_FILES) {
      const block = new RegExp(`<!-- file: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} -->\\n\`\`\`ts\\n([\\s\\S]*?)\`\`\`\\n`).exec(page);
      expect(block?.[1], file).toBe(readFileSync(join(root, file), 'utf8'));
    }
  });

  it('passes as written: the card payment goes through 3-D Secure, back to the shop settled, and its webhook arrives', async () => {
    const client = await newClient();
    const result = await run('npx', ['playwright', 'test', '--config', 'examples/checkout/playwright.config.ts', '--output', output], {
      ...process.env,
      SANDBOX_BASE_URL: inject('baseUrl'),
      SANDBOX_KEY: client.key,
      CHROMIUM_PATH: CHROMIUM,
      CI: '1',
    });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('1 passed');

    // What the API recorded: the one payment the shop made, settled by the challenge, with the card's last four only.
    const { body } = await call('GET', '/transactions', { key: client.key });
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      status: 'settled',
      payment_method: 'card',
      failure_code: null,
      payment_details: { card: { brand: 'visa', last4: '3220', exp_month: 12, exp_year: 2034 } },
    });
    // The shop removed its webhook endpoint when it closed.
    expect((await call('GET', '/webhook/endpoints', { key: client.key })).body.data).toEqual([]);
  }, 120_000);
});
