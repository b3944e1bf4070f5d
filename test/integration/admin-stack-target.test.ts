import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { runAdmin, type AdminDeps } from '../../infra/local/admin-cli';
import { getClient } from '../../lib/auth/key-repository';
import { scopes } from '../../lib/scopes';
import { call, testDb } from '../support/fixtures';
import { paymentBody } from '../support/payments';
import { awsError, describedStack, NOW } from '../support/cloudformation';

// `--stack NAME` and `ci-env`: CloudFormation is mocked (no AWS account here); the stack's
// outputs point at this run's DynamoDB Local table and local server, so every key the CLI
// creates is real and is tried against the API.

const execFileAsync = promisify(execFile);

const cf = mockClient(CloudFormationClient);
beforeEach(() => cf.reset());
afterAll(() => cf.restore());

const dataPlane = (): AdminDeps => ({ dynamoEndpoint: inject('dynamoEndpoint'), now: () => NOW });

async function admin(args: string[], deps: AdminDeps = dataPlane()) {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(args, { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } }, deps);
  return { code, stdout, stderr };
}

/** A deployed pr-42 whose outputs are this run's table and local server. */
function deployedStage(stage = 'pr-42') {
  const stack = describedStack(stage, { apiUrl: inject('baseUrl'), tableName: inject('tableName') });
  cf.on(DescribeStacksCommand, { StackName: stack.StackName }).resolves({ Stacks: [stack] });
  return stack;
}

describe('admin CLI --stack NAME', () => {
  it("creates a client and a key in the stack's table, found through the stack's outputs, and the key works", async () => {
    deployedStage();
    const client = await admin(['clients', 'create', '--name', 'Team B', '--stack', 'pr-42', '--region', 'eu-west-1', '--json']);
    expect(client).toMatchObject({ code: 0, stderr: '' });
    const { id } = JSON.parse(client.stdout);

    const key = JSON.parse((await admin(['keys', 'create', '--client', id, '--stack', 'pr-42', '--json'])).stdout);
    expect(key).toMatchObject({ client_id: id, key: expect.stringMatching(/^sk_sbx_/) });
    expect((await call('GET', '/payment/channels', { key: key.key })).status).toBe(200);
    expect(cf.commandCalls(DescribeStacksCommand).map((c) => c.args[0].input)).toEqual([
      { StackName: 'PaymentSandbox-pr-42' },
      { StackName: 'PaymentSandbox-pr-42' },
    ]);
  });

  it("resets a client in the stack's table with clients reset --stack", async () => {
    deployedStage();
    const { id } = JSON.parse((await admin(['clients', 'create', '--name', 'Team R', '--stack', 'pr-42', '--json'])).stdout);
    const key = JSON.parse((await admin(['keys', 'create', '--client', id, '--stack', 'pr-42', '--json'])).stdout).key;
    expect((await call('POST', '/payment/create', { key, body: paymentBody() })).status).toBe(201);

    const res = await admin(['clients', 'reset', '--client', id, '--stack', 'pr-42', '--json']);

    expect(res).toMatchObject({ code: 0, stderr: '' });
    // The payment, its order reservation, its due marker and its payment.created event.
    expect(JSON.parse(res.stdout)).toEqual({ client_id: id, deleted: 4, webhook_endpoints: false });
    expect((await call('GET', '/transactions', { key })).body.data).toEqual([]);
  });

  it('accepts the full stack name as well as the stage', async () => {
    deployedStage();
    const res = await admin(['clients', 'create', '--name', 'Team C', '--stack', 'PaymentSandbox-pr-42']);
    expect(res.code).toBe(0);
    expect(cf.commandCalls(DescribeStacksCommand)[0]!.args[0].input).toEqual({ StackName: 'PaymentSandbox-pr-42' });
  });

  it('asks CloudFormation in the region given with --region', async () => {
    deployedStage();
    await admin(['clients', 'create', '--name', 'Team D', '--stack', 'pr-42', '--region', 'ap-southeast-3']);
    const client = cf.send.getCall(0).thisValue as CloudFormationClient;
    expect(await client.config.region()).toBe('ap-southeast-3');
  });

  it('says plainly when the stack does not exist', async () => {
    cf.on(DescribeStacksCommand).rejects(awsError('ValidationError', 'Stack with id PaymentSandbox-pr-404 does not exist'));
    const res = await admin(['clients', 'create', '--name', 'X', '--stack', 'pr-404', '--region', 'eu-west-1']);
    expect(res.code).toBe(1);
    expect(res.stderr).toBe(
      "admin: stack PaymentSandbox-pr-404 does not exist in eu-west-1; deploy it with 'npm run deploy -- --stage pr-404' or pass --region\n",
    );
  });

  it('says plainly when no AWS credentials are found', async () => {
    cf.on(DescribeStacksCommand).rejects(awsError('CredentialsProviderError', 'Could not load credentials from any providers'));
    const res = await admin(['keys', 'list', '--client', 'cli_x', '--stack', 'pr-42', '--json']);
    expect(res.code).toBe(1);
    expect(JSON.parse(res.stdout)).toEqual({
      error: 'no AWS credentials found (set AWS_PROFILE, or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or run aws sso login)',
    });
  });

  it('says plainly when the credentials lack permission', async () => {
    cf.on(DescribeStacksCommand).rejects(awsError('AccessDenied', 'User: arn:aws:iam::1:user/ci is not authorized'));
    const res = await admin(['clients', 'create', '--name', 'X', '--stack', 'pr-42']);
    expect(res.stderr).toBe('admin: not allowed to call cloudformation:DescribeStacks: User: arn:aws:iam::1:user/ci is not authorized\n');
  });

  it('refuses a stack without the project tag, even one named like a sandbox', async () => {
    const untagged = describedStack('other', { tags: [{ Key: 'team', Value: 'payments' }] });
    cf.on(DescribeStacksCommand).resolves({ Stacks: [untagged] });
    const res = await admin(['clients', 'create', '--name', 'X', '--stack', 'other']);
    expect(res.code).toBe(1);
    expect(res.stderr).toBe('admin: PaymentSandbox-other is not a sandbox stack (it has no tag project=payment-sandbox)\n');
  });

  it('refuses a stack that has no TableName output yet', async () => {
    const failed = { ...describedStack('pr-7', { status: 'ROLLBACK_COMPLETE' }), Outputs: [] };
    cf.on(DescribeStacksCommand).resolves({ Stacks: [failed] });
    const res = await admin(['clients', 'create', '--name', 'X', '--stack', 'pr-7']);
    expect(res.stderr).toBe('admin: PaymentSandbox-pr-7 has no TableName output (status ROLLBACK_COMPLETE); is it fully deployed?\n');
  });

  it('refuses an invalid stage with exit code 2 before calling AWS', async () => {
    const res = await admin(['clients', 'create', '--name', 'X', '--stack', 'PR_42']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^admin: Invalid stage "PR_42": use 1-32 lowercase letters/);
    expect(cf.calls()).toHaveLength(0);
  });

  it('refuses --stack together with --endpoint/--table, and --region without a stack', async () => {
    const both = await admin(['clients', 'create', '--name', 'X', '--stack', 'pr-1', '--endpoint', 'http://x', '--table', 't']);
    expect(both).toMatchObject({ code: 2, stderr: 'admin: --stack cannot be combined with --endpoint or --table\n' });
    const region = await admin(['clients', 'create', '--name', 'X', '--region', 'eu-west-1']);
    expect(region).toMatchObject({ code: 2, stderr: 'admin: --region goes with --stack NAME or the stacks commands\n' });
    expect(cf.calls()).toHaveLength(0);
  });
});

describe('admin CLI ci-env', () => {
  const envLines = /^SANDBOX_BASE_URL=(\S+)\nSANDBOX_SERVER_KEY=(sk_sbx_\S+)\n$/;

  it('prints exactly SANDBOX_BASE_URL and SANDBOX_SERVER_KEY for $GITHUB_ENV, and the key works on the stage', async () => {
    deployedStage();
    const res = await admin(['ci-env', '--stack', 'pr-42']);
    expect(res.code).toBe(0);
    const [, baseUrl, key] = envLines.exec(res.stdout) ?? [];
    expect(baseUrl).toBe(inject('baseUrl'));
    expect((await call('GET', '/payment/channels', { key })).status).toBe(200);
    expect((await call('GET', '/transactions', { key })).status).toBe(200);
    // stderr names the client and key for the log, never the key itself.
    expect(res.stderr).toMatch(/^Created client cli_\w+ with key key_\w+ \(.*\) on pr-42\n$/);
    expect(res.stderr).toContain(`(${scopes.join(', ')})`);
    expect(res.stderr).not.toContain(key!);
  });

  it('names the CI client after the stage and the time, and labels its key ci', async () => {
    deployedStage();
    const created = JSON.parse((await admin(['ci-env', '--stack', 'pr-42', '--json'])).stdout);
    const listed = JSON.parse((await admin(['keys', 'list', '--client', created.client_id, '--stack', 'pr-42', '--json'])).stdout);
    expect(listed).toEqual([expect.objectContaining({ id: created.key_id, label: 'ci' })]);
    expect((await getClient(testDb(), created.client_id))?.name).toBe('ci pr-42 2026-11-22T12:00:00.000Z');
    expect(created).toMatchObject({ SANDBOX_BASE_URL: inject('baseUrl'), SANDBOX_SERVER_KEY: expect.stringMatching(/^sk_sbx_/) });
  });

  it('limits the key to --scopes', async () => {
    deployedStage();
    const res = await admin(['ci-env', '--stack', 'pr-42', '--scopes', 'channels:read']);
    const [, , key] = envLines.exec(res.stdout) ?? [];
    expect((await call('GET', '/payment/channels', { key })).status).toBe(200);
    expect((await call('GET', '/transactions', { key })).status).toBe(403);
  });

  it('writes nothing to stdout when it fails, so $GITHUB_ENV is never half-written', async () => {
    cf.on(DescribeStacksCommand).rejects(awsError('ValidationError', 'Stack with id PaymentSandbox-pr-9 does not exist'));
    const res = await admin(['ci-env', '--stack', 'pr-9', '--region', 'eu-west-1']);
    expect(res).toMatchObject({ code: 1, stdout: '' });
    expect(res.stderr).toContain('stack PaymentSandbox-pr-9 does not exist');
  });

  it("works on the local sandbox that 'npm start' runs, from its runtime.json", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ci-env-'));
    try {
      const runtimeFile = join(dir, 'runtime.json');
      const runtime = { baseUrl: inject('baseUrl'), dynamoEndpoint: inject('dynamoEndpoint'), tableName: inject('tableName'), pid: 1 };
      writeFileSync(runtimeFile, JSON.stringify(runtime));
      const res = await admin(['ci-env'], { runtimeFile, now: () => NOW });
      const [, baseUrl, key] = envLines.exec(res.stdout) ?? [];
      expect(baseUrl).toBe(inject('baseUrl'));
      expect((await call('GET', '/payment/channels', { key })).status).toBe(200);
      expect(cf.calls()).toHaveLength(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('--out FILE', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'ci-env-out-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('appends exactly the two lines to FILE, as $GITHUB_ENV wants, and prints no key', async () => {
      deployedStage();
      const file = join(dir, 'github_env');
      writeFileSync(file, 'EARLIER=kept\n');
      const res = await admin(['ci-env', '--stack', 'pr-42', '--out', file]);
      expect(res.code).toBe(0);
      const [earlier, ...ours] = readFileSync(file, 'utf8').split(/(?<=\n)/);
      expect(earlier).toBe('EARLIER=kept\n');
      const [, baseUrl, key] = envLines.exec(ours.join('')) ?? [];
      expect(baseUrl).toBe(inject('baseUrl'));
      expect((await call('GET', '/payment/channels', { key })).status).toBe(200);
      expect(res.stdout).toBe(`Appended SANDBOX_BASE_URL=${inject('baseUrl')} and SANDBOX_SERVER_KEY to ${file}\n`);
      expect(res.stderr).not.toContain(key!);
    });

    it('creates FILE readable by its owner only, and --json leaves the key out of stdout', async () => {
      deployedStage();
      const file = join(dir, 'new_env');
      const res = await admin(['ci-env', '--stack', 'pr-42', '--out', file, '--json']);
      expect(res.code).toBe(0);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const [, , key] = envLines.exec(readFileSync(file, 'utf8')) ?? [];
      expect(key).toMatch(/^sk_sbx_/);
      expect(JSON.parse(res.stdout)).toEqual({ SANDBOX_BASE_URL: inject('baseUrl'), client_id: expect.any(String), key_id: expect.any(String), out: file });
      expect(res.stdout).not.toContain(key!);
    });

    it('refuses a base URL that would add lines of its own, before creating a client, and writes nothing', async () => {
      const stack = describedStack('pr-7', { apiUrl: `${inject('baseUrl')}\nNODE_OPTIONS=--require=/tmp/evil.js`, tableName: inject('tableName') });
      cf.on(DescribeStacksCommand, { StackName: stack.StackName }).resolves({ Stacks: [stack] });
      const file = join(dir, 'github_env');
      writeFileSync(file, '');
      for (const out of [['--out', file], []]) {
        const res = await admin(['ci-env', '--stack', 'pr-7', ...out]);
        expect(res).toMatchObject({ code: 1, stdout: '' });
        expect(res.stderr).toBe(
          `admin: refusing to write SANDBOX_BASE_URL: its value must not contain control characters: character ${inject('baseUrl').length + 1} is U+000A\n`,
        );
      }
      expect(readFileSync(file, 'utf8')).toBe('');
    });

    it('is only for ci-env', async () => {
      const res = await admin(['clients', 'create', '--name', 'X', '--out', join(dir, 'f')]);
      expect(res).toMatchObject({ code: 2, stderr: 'admin: --out goes with ci-env\n' });
      expect(existsSync(join(dir, 'f'))).toBe(false);
    });

    it("keeps FILE clean under a plain 'npm run admin' (no --silent), whose banner goes to stdout", async () => {
      const sandboxDir = join(dir, 'sandbox');
      mkdirSync(sandboxDir);
      // The running sandbox as `npm start` records it: this run's server, and a live pid (ours).
      const runtime = { baseUrl: inject('baseUrl'), dynamoEndpoint: inject('dynamoEndpoint'), tableName: inject('tableName'), pid: process.pid };
      writeFileSync(join(sandboxDir, 'runtime.json'), JSON.stringify(runtime));
      const file = join(dir, 'github_env');
      const { stdout } = await execFileAsync('npm', ['run', 'admin', '--', 'ci-env', '--out', file], {
        env: { ...process.env, SANDBOX_DIR: sandboxDir },
      });
      expect(stdout).toContain('> payment-sandbox@');
      const [, baseUrl, key] = envLines.exec(readFileSync(file, 'utf8')) ?? [];
      expect(baseUrl).toBe(inject('baseUrl'));
      expect(stdout).not.toContain(key!);
      expect((await call('GET', '/payment/channels', { key })).status).toBe(200);
    }, 60_000);
  });

  it('refuses to run on a bare --endpoint/--table, which has no API base URL', async () => {
    const res = await admin(['ci-env', '--endpoint', inject('dynamoEndpoint'), '--table', inject('tableName')]);
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain("ci-env needs the API's base URL");
  });
});
