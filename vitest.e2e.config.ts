import { defineConfig } from 'vitest/config';

// `npm run test:e2e`: the HTTP suite of test/e2e against a deployed stage. No globalSetup, so
// nothing local (DynamoDB Local, the local server) is started. The same files run against the
// local server in `npm test`, where test/support/global-setup.ts provides baseUrl and serverKey.

const baseUrl = process.env.SANDBOX_BASE_URL?.trim().replace(/\/+$/, '');
const serverKey = process.env.SANDBOX_SERVER_KEY?.trim();

function refuse(message: string): never {
  console.error(
    `test:e2e: ${message}\n` +
      '  Set both variables for a deployed stage, e.g.\n' +
      '    npm run --silent admin -- ci-env --stack NAME > .sandbox/e2e.env && set -a && . .sandbox/e2e.env && set +a\n' +
      '    npm run test:e2e\n' +
      '  (Against the local server the e2e suite already runs in npm test.)',
  );
  process.exit(2);
}

// Only when vitest runs it (it sets VITEST before it loads a config): a tool that reads the config, such as knip, is not refused.
const running = process.env.VITEST !== undefined;
if (running && (!baseUrl || !serverKey)) refuse('SANDBOX_BASE_URL and SANDBOX_SERVER_KEY must both be set.');
if (running && !/^https?:\/\/[^/]+.*\/api\/v1$/.test(baseUrl ?? '')) {
  refuse(`SANDBOX_BASE_URL must be the stack's ApiUrl, ending in /api/v1 (got ${JSON.stringify(baseUrl)}).`);
}

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    provide: { baseUrl, serverKey },
    // A cold Lambda per route on the first requests; a warm stage answers in well under a second.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
