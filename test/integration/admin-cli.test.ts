import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject, describe, expect, it } from 'vitest';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { runAdmin } from '../../infra/local/admin-cli';
import { ensureTable } from '../../infra/local/dynamodb-local';
import { closeDb, createDb } from '../../lib/db/client';
import { npmRun } from '../support/commands';
import { call, newClient } from '../support/fixtures';
import { kindOf, partitionItems } from '../support/partition';
import { createPaymentVia } from '../support/payments';

async function admin(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin([...args, '--endpoint', inject('dynamoEndpoint'), '--table', inject('tableName')], {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
  });
  return { code, stdout, stderr };
}

describe('admin CLI', () => {
  it('creates a client and a scoped key whose --json output is one document, and the key works', async () => {
    const client = await admin('clients', 'create', '--name', 'Team A', '--json');
    expect(client.code).toBe(0);
    const created = JSON.parse(client.stdout);
    expect(created).toMatchObject({ id: expect.stringMatching(/^cli_/), name: 'Team A' });

    const keyRun = await admin('keys', 'create', '--client', created.id, '--scopes', 'channels:read', '--label', 'ci', '--json');
    expect(keyRun.code).toBe(0);
    const key = JSON.parse(keyRun.stdout);
    expect(key).toMatchObject({ client_id: created.id, scopes: ['channels:read'], label: 'ci' });
    expect(key.key).toMatch(/^sk_sbx_/);
    expect((await call('GET', '/payment/channels', { key: key.key })).status).toBe(200);

    const list = await admin('keys', 'list', '--client', created.id, '--json');
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ id: key.id, last4: key.key.slice(-4) })]);
    expect(list.stdout).not.toContain(key.key);

    const revoke = await admin('keys', 'revoke', '--key', key.id, '--json');
    expect(JSON.parse(revoke.stdout).revoked_at).toEqual(expect.any(String));
    expect((await call('GET', '/payment/channels', { key: key.key })).status).toBe(401);
  });

  it('lists clients, oldest first, with --json as one document, from the registry written with each client', async () => {
    const first = JSON.parse((await admin('clients', 'create', '--name', 'List A', '--json')).stdout);
    const second = JSON.parse((await admin('clients', 'create', '--name', 'List B', '--json')).stdout);

    const json = await admin('clients', 'list', '--json');
    expect(json.code).toBe(0);
    const listed = JSON.parse(json.stdout) as { id: string }[];
    const ours = listed.filter((c) => c.id === first.id || c.id === second.id);
    expect(ours).toEqual([first, second]);
    expect(listed.map((c) => c.id)).toEqual([...listed.map((c) => c.id)].sort());

    const text = await admin('clients', 'list');
    expect(text.stdout).toContain(`${first.id}  List A  created ${first.created_at}\n`);
    expect(text.stdout.indexOf(first.id)).toBeLessThan(text.stdout.indexOf(second.id));
  });

  it('lists no clients of another table: an empty one says so', async () => {
    const db = createDb(`empty-${Date.now()}`, { endpoint: inject('dynamoEndpoint') });
    await ensureTable(inject('dynamoEndpoint'), db.tableName);
    try {
      let stdout = '';
      const code = await runAdmin(['clients', 'list', '--endpoint', inject('dynamoEndpoint'), '--table', db.tableName], {
        stdout: { write: (t: string) => (stdout += t) },
        stderr: { write: () => true },
      });
      expect({ code, stdout }).toEqual({ code: 0, stdout: 'No clients\n' });
    } finally {
      await db.client.send(new DeleteTableCommand({ TableName: db.tableName }));
      closeDb(db);
    }
  });

  it('refuses a client name or key label holding a control character, as the API refuses such names', async () => {
    const name = await admin('clients', 'create', '--name', 'Team\u001b[2JA');
    expect(name.code).toBe(2);
    expect(name.stderr).toBe('admin: --name must not contain control characters: character 5 is U+001B\n');
    const label = await admin('keys', 'create', '--client', 'cli_01JZZZZZZZZZZZZZZZZZZZZZZZ', '--label', 'ci\nfake line', '--json');
    expect(label.code).toBe(2);
    expect(JSON.parse(label.stdout)).toEqual({ error: '--label must not contain control characters: character 3 is U+000A' });
  });

  it('rejects an unknown scope with a message and exit code 2', async () => {
    const res = await admin('keys', 'create', '--client', 'cli_x', '--scopes', 'payments:all');
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('unknown scope payments:all');
  });

  it('reports a missing client as one JSON document with --json', async () => {
    const res = await admin('keys', 'list', '--client', 'cli_01JZZZZZZZZZZZZZZZZZZZZZZZ', '--json');
    expect(res.code).toBe(1);
    expect(JSON.parse(res.stdout)).toEqual({ error: 'No client cli_01JZZZZZZZZZZZZZZZZZZZZZZZ' });
  });

  it('resets a client with clients reset: its payments go, its keys and webhook endpoints stay, and --json says how many', async () => {
    const { clientId, key } = await newClient();
    // Subscribed to another type, so no delivery of the payment's event races the reset (the
    // background dispatch would add attempts to the count, or write one after the reset listed them).
    expect((await call('POST', '/webhook/endpoints', { key, body: { url: 'http://127.0.0.1:4242/hooks', enabled_events: ['refund.created'] } })).status).toBe(
      201,
    );
    await createPaymentVia(key);

    const res = await admin('clients', 'reset', '--client', clientId, '--json');

    expect(res.code).toBe(0);
    // The payment, its order reservation, its due marker and its payment.created event.
    expect(JSON.parse(res.stdout)).toEqual({ client_id: clientId, deleted: 4, webhook_endpoints: false });
    expect((await call('GET', '/transactions', { key })).body.data).toEqual([]);
    // The reset's follow-up waits for the sweep (lib/webhooks/reset-follow-up.ts).
    expect((await partitionItems(clientId)).map(kindOf).filter((kind) => kind !== 'RATE')).toEqual(['CLIENT', 'KEY', 'RESETFOLLOWUP', 'WHE']);
  });

  it('answers deleted: 0 for clients reset of a client with nothing left since its last reset', async () => {
    const { clientId } = await newClient();
    expect((await admin('clients', 'reset', '--client', clientId, '--json')).code).toBe(0);

    const again = await admin('clients', 'reset', '--client', clientId, '--json');

    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ client_id: clientId, deleted: 0, webhook_endpoints: false });
  });

  it('deletes the webhook endpoints too with --webhook-endpoints, and says so in words without --json', async () => {
    const { clientId, key } = await newClient();
    expect((await call('POST', '/webhook/endpoints', { key, body: { url: 'http://127.0.0.1:4242/hooks' } })).status).toBe(201);

    const res = await admin('clients', 'reset', '--client', clientId, '--webhook-endpoints');

    expect(res).toMatchObject({ code: 0, stdout: `Reset client ${clientId}: deleted 1 item, webhook endpoints included\n` });
    expect((await call('GET', '/webhook/endpoints', { key })).body.data).toEqual([]);
  });

  it('refuses to reset a client that does not exist, and --webhook-endpoints with another command', async () => {
    const missing = await admin('clients', 'reset', '--client', 'cli_01JZZZZZZZZZZZZZZZZZZZZZZZ', '--json');
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toEqual({ error: 'No client cli_01JZZZZZZZZZZZZZZZZZZZZZZZ' });
    const misplaced = await admin('clients', 'list', '--webhook-endpoints');
    expect(misplaced.code).toBe(2);
    expect(misplaced.stderr).toContain('--webhook-endpoints goes with clients reset');
  });
});

describe('the usage', () => {
  // Help is decided by the argument parser before anything else runs, so runAdmin shows what each
  // spelling prints and returns; one real `npm run admin` below shows npm passes it through.
  it.each(['--help', '-h', 'clients list --help', 'keys create -h', 'ci-env --help', 'stacks prune --help'])(
    "prints its usage, naming the environment variables it reads, and exits 0 on '%s'",
    async (typed) => {
      let stdout = '';
      let stderr = '';
      const code = await runAdmin(typed.split(' '), { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } });
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(stdout).toMatch(/^Usage: npm run --silent admin -- <command>/);
      for (const named of ['-h, --help', 'SANDBOX_DIR', 'AWS_PROFILE', 'AWS_REGION']) expect(stdout).toContain(named);
    },
  );
});

// Real processes (tsx's start each), side by side: what only a process shows — npm passing the
// arguments through, its exit code, its stdout and stderr, and the environment it reads.
describe.concurrent('npm run admin, as typed', () => {
  it("prints its usage and exits 0 on 'keys create -h', npm passing the flag to the CLI", async () => {
    const run = await npmRun('admin', ['keys', 'create', '-h']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^Usage: npm run --silent admin -- <command>/);
    for (const named of ['-h, --help', 'SANDBOX_DIR', 'AWS_PROFILE', 'AWS_REGION']) expect(run.stdout).toContain(named);
  }, 60_000);

  it('says at once that no sandbox runs on a SANDBOX_DIR without runtime.json, and what to pass instead, with exit code 2', async () => {
    const sandboxDir = mkdtempSync(join(tmpdir(), 'admin-no-sandbox-'));
    try {
      const run = await npmRun('admin', ['clients', 'list'], { SANDBOX_DIR: sandboxDir });
      expect(run).toEqual({
        code: 2,
        stdout: '',
        stderr:
          `admin: no running sandbox found in ${sandboxDir} (it holds no runtime.json; SANDBOX_DIR sets where to look): ` +
          "start one with 'npm start', or pass --stack NAME, or --endpoint URL --table NAME\n",
      });
    } finally {
      rmSync(sandboxDir, { recursive: true, force: true });
    }
  }, 60_000);
});
