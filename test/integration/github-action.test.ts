import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { call } from '../support/fixtures';

// The action's own scripts (action.yml), run with bash as a runner runs them: the plan step, and
// the step that mints the key, against this run's local sandbox. The key step calls the real
// admin CLI (`npm run --silent admin -- ci-env --stack …`); only CloudFormation, which has no
// local stand-in, is a small fake whose stack outputs are the local server's URL and table, and
// DynamoDB calls go to DynamoDB Local through AWS_ENDPOINT_URL_DYNAMODB. Deploy and destroy need
// AWS and run cdk (test/unit/deploy-scripts.test.ts checks their command lines).

type Step = { id?: string; run?: string; env?: Record<string, string>; 'working-directory'?: string };
const action = parse(readFileSync('action.yml', 'utf8')) as {
  inputs: Record<string, { default?: string }>;
  runs: { steps: Step[] };
};
const stepById = (id: string) => action.runs.steps.find((s) => s.id === id)!;

interface Context {
  inputs?: Record<string, string>;
  event?: { name: string; action?: string; prNumber?: number };
  steps?: Record<string, Record<string, string>>;
}

/** `${{ a.b.c }}` of the step's env, for the few paths the action uses; anything else fails the test. */
function evaluate(text: string, context: Context): string {
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, input.default ?? '']));
  Object.assign(inputs, context.inputs);
  const values: Record<string, unknown> = {
    github: {
      event_name: context.event?.name ?? 'pull_request',
      event: { action: context.event?.action ?? 'synchronize', pull_request: { number: context.event?.prNumber ?? '' } },
      action_path: process.cwd(),
    },
    inputs,
    steps: Object.fromEntries(Object.entries(context.steps ?? {}).map(([id, outputs]) => [id, { outputs }])),
  };
  return text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, path: string) => {
    const value = path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], values);
    if (value === undefined) throw new Error(`unknown expression ${path}`);
    return String(value);
  });
}

interface StepRun {
  code: number;
  log: string;
  env: string;
  outputs: Record<string, string>;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs one `run:` step as the runner does (bash -eo pipefail, GITHUB_ENV/GITHUB_OUTPUT files). */
async function runStep(step: Step, context: Context, env: NodeJS.ProcessEnv = {}): Promise<StepRun> {
  const dir = mkdtempSync(join(tmpdir(), 'action-step-'));
  dirs.push(dir);
  const files = { script: join(dir, 'step.sh'), env: join(dir, 'github_env'), output: join(dir, 'github_output') };
  writeFileSync(files.script, step.run!);
  writeFileSync(files.env, '');
  writeFileSync(files.output, '');
  const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, evaluate(value, context)]));
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(AWS_|SANDBOX_)/.test(name)));
  let log = '';
  const code = await new Promise<number>((resolve) => {
    const child = execFile(
      'bash',
      ['--noprofile', '--norc', '-eo', 'pipefail', files.script],
      {
        cwd: step['working-directory'] ? evaluate(step['working-directory'], context) : process.cwd(),
        env: { ...base, ...env, ...stepEnv, GITHUB_ENV: files.env, GITHUB_OUTPUT: files.output },
      },
      (error) => resolve(error ? Number((error as { code?: unknown }).code ?? 1) : 0),
    );
    child.stdout!.on('data', (chunk) => (log += chunk));
    child.stderr!.on('data', (chunk) => (log += chunk));
  });
  const outputs = Object.fromEntries(
    readFileSync(files.output, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  return { code, log, env: readFileSync(files.env, 'utf8'), outputs };
}

describe('action.yml: the plan step', () => {
  const plan = (context: Context, env: NodeJS.ProcessEnv = { AWS_REGION: 'eu-west-1' }) => runStep(stepById('plan'), context, env);

  it("deploys pr-<number> on a pull request push, in the job's AWS_REGION", async () => {
    const run = await plan({ event: { name: 'pull_request', action: 'synchronize', prNumber: 42 } });
    expect(run.code).toBe(0);
    expect(run.outputs).toEqual({ stage: 'pr-42', 'stack-name': 'PaymentSandbox-pr-42', region: 'eu-west-1', mode: 'deploy' });
    expect(run.log).toContain('Deploying PaymentSandbox-pr-42 in eu-west-1');
  });

  it('destroys the stage when the pull request closes, or leaves it when destroy-on-close is false', async () => {
    const closed = { name: 'pull_request', action: 'closed', prNumber: 42 };
    expect((await plan({ event: closed })).outputs.mode).toBe('destroy');
    const kept = await plan({ event: closed, inputs: { 'destroy-on-close': 'false' } });
    expect(kept.outputs.mode).toBe('keep');
    expect(kept.log).toContain('PaymentSandbox-pr-42 stays');
  });

  it('takes the stage and region inputs on any event', async () => {
    const run = await plan({ event: { name: 'push' }, inputs: { stage: 'team-a', 'aws-region': 'ap-southeast-3' } });
    expect(run.outputs).toMatchObject({ stage: 'team-a', region: 'ap-southeast-3', mode: 'deploy' });
  });

  it.each([
    [{ event: { name: 'push' } }, 'set the stage input'],
    [{ inputs: { stage: 'PR_42' } }, "invalid stage 'PR_42'"],
    [{ inputs: { stage: 'a'.repeat(33) } }, 'invalid stage'],
    [{ inputs: { stage: 'pr-1', 'destroy-on-close': 'yes' } }, "destroy-on-close must be true or false, not 'yes'"],
    [{ inputs: { stage: 'pr-1', 'aws-region': 'eu-west-1\nmode=destroy' } }, 'invalid aws-region'],
  ] as [Context, string][])('stops with an error annotation: %j', async (context, message) => {
    const run = await plan(context);
    expect(run.code).toBe(1);
    expect(run.log).toContain(`::error title=Payment Sandbox::${message}`);
    expect(run.outputs).toEqual({});
  });

  it('stops when no region is given anywhere', async () => {
    const run = await plan({ inputs: { stage: 'pr-1' } }, {});
    expect(run.code).toBe(1);
    expect(run.log).toContain('no AWS region');
  });
});

describe('action.yml: the receiver check (check-receiver)', () => {
  it('plans a check and deploys nothing, needing no stage and no region', async () => {
    const run = await runStep(stepById('plan'), { event: { name: 'push' }, inputs: { 'check-receiver': 'http://127.0.0.1:8080/webhooks' } }, {});
    expect(run.code).toBe(0);
    expect(run.outputs).toEqual({ mode: 'check' });
  });

  it('passes a receiver that verifies, and fails the step with an annotation for one that answers 200 to anything, masking the secret', {
    timeout: 120_000,
  }, async () => {
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const { Webhook } = await import('standardwebhooks');
    const receiver = (verify: boolean) =>
      new Promise<Server>((resolve) => {
        const server = createServer((req, res) => {
          let body = '';
          req.on('data', (chunk) => (body += chunk));
          req.on('end', () => {
            try {
              if (verify) new Webhook(secret).verify(body, req.headers as Record<string, string>);
              res.statusCode = 200;
            } catch {
              res.statusCode = 400;
            }
            res.end();
          });
        });
        server.listen(0, '127.0.0.1', () => resolve(server));
      });
    const [good, naive] = await Promise.all([receiver(true), receiver(false)]);
    try {
      const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
      const check = (url: string) => runStep(stepById('check'), { inputs: { 'check-receiver': url, 'check-receiver-secret': secret } });
      const passing = await check(urlOf(good));
      expect(passing.code, passing.log).toBe(0);
      expect(passing.log).toContain(`::add-mask::${secret}`);
      const failing = await check(urlOf(naive));
      expect(failing.code).toBe(1);
      expect(failing.log).toMatch(/wrong_secret\s+4xx\s+200 \(\d+ ms\)\s+NO/);
      expect(failing.log).toContain('::error title=Payment Sandbox::the webhook receiver at');
    } finally {
      good.closeAllConnections();
      naive.closeAllConnections();
      await Promise.all([good, naive].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    }
  });
});

/** DescribeStacks as CloudFormation's query protocol answers it: only `stages` exist. */
function fakeCloudFormation(stacks: Record<string, { apiUrl: string; tableName: string }>): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const name = form.get('StackName') ?? '';
      const stage = name.replace(/^PaymentSandbox-/, '');
      const stack = stacks[stage];
      res.setHeader('content-type', 'text/xml');
      if (form.get('Action') !== 'DescribeStacks' || !stack) {
        res.statusCode = 400;
        res.end(
          `<ErrorResponse><Error><Type>Sender</Type><Code>ValidationError</Code><Message>Stack with id ${name} does not exist</Message></Error><RequestId>1</RequestId></ErrorResponse>`,
        );
        return;
      }
      const member = (pairs: [string, string][], key: string, value: string) =>
        pairs.map(([k, v]) => `<member><${key}>${k}</${key}><${value}>${v}</${value}></member>`).join('');
      res.end(
        `<DescribeStacksResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/"><DescribeStacksResult><Stacks><member>` +
          `<StackName>${name}</StackName><StackId>arn:aws:cloudformation:eu-west-1:123456789012:stack/${name}/1</StackId>` +
          `<StackStatus>UPDATE_COMPLETE</StackStatus><CreationTime>2026-11-22T12:00:00.000Z</CreationTime>` +
          `<Tags>${member(
            [
              ['project', 'payment-sandbox'],
              ['stage', stage],
            ],
            'Key',
            'Value',
          )}</Tags>` +
          `<Outputs>${member(
            [
              ['ApiUrl', stack.apiUrl],
              ['TableName', stack.tableName],
            ],
            'OutputKey',
            'OutputValue',
          )}</Outputs>` +
          `</member></Stacks></DescribeStacksResult><ResponseMetadata><RequestId>1</RequestId></ResponseMetadata></DescribeStacksResponse>`,
      );
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('action.yml: the step that mints the key, against the local sandbox', () => {
  let cloudFormation: Server;
  let aws: NodeJS.ProcessEnv;
  beforeAll(async () => {
    cloudFormation = await fakeCloudFormation({ 'pr-42': { apiUrl: inject('baseUrl'), tableName: inject('tableName') } });
    aws = {
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      AWS_ENDPOINT_URL_CLOUDFORMATION: `http://127.0.0.1:${(cloudFormation.address() as AddressInfo).port}`,
      AWS_ENDPOINT_URL_DYNAMODB: inject('dynamoEndpoint'),
    };
  });
  afterAll(() => new Promise<void>((resolve) => cloudFormation.close(() => resolve())));

  const key = (context: Context) => runStep(stepById('key'), { steps: { plan: { stage: 'pr-42', region: 'eu-west-1' } }, ...context }, aws);

  it('puts exactly SANDBOX_BASE_URL and SANDBOX_SERVER_KEY in $GITHUB_ENV, masks the key before anything else, and the key works', async () => {
    const run = await key({});
    expect(run.code, run.log).toBe(0);
    const [, baseUrl, serverKey] = /^SANDBOX_BASE_URL=(\S+)\nSANDBOX_SERVER_KEY=(sk_sbx_\S+)\n$/.exec(run.env) ?? [];
    expect(baseUrl).toBe(inject('baseUrl'));
    // The log holds the key once: in the mask command, which the runner never prints.
    expect(run.log.split(serverKey!)).toHaveLength(2);
    expect(run.log).toContain(`::add-mask::${serverKey}\n`);
    expect(run.outputs).toEqual({
      'base-url': baseUrl,
      'client-id': expect.stringMatching(/^cli_/),
      'key-id': expect.stringMatching(/^key_/),
      'server-key': serverKey,
    });
    expect(run.log).toContain(`(key ${run.outputs['key-id']})`);
    expect((await call('GET', '/payment/channels', { key: serverKey })).status).toBe(200);
    expect((await call('GET', '/transactions', { key: serverKey })).status).toBe(200);
  }, 60_000);

  it('limits the key to the scopes input', async () => {
    const run = await key({ inputs: { scopes: 'channels:read' } });
    expect(run.code, run.log).toBe(0);
    const serverKey = run.outputs['server-key'];
    expect((await call('GET', '/payment/channels', { key: serverKey })).status).toBe(200);
    expect((await call('GET', '/transactions', { key: serverKey })).status).toBe(403);
  }, 60_000);

  it('fails with an error annotation and leaves $GITHUB_ENV empty when the stage is not deployed', async () => {
    const run = await key({ steps: { plan: { stage: 'pr-9', region: 'eu-west-1' } } });
    expect(run.code).toBe(1);
    expect(run.log).toContain('::error title=Payment Sandbox::ci-env failed:');
    expect(run.log).toContain('stack PaymentSandbox-pr-9 does not exist');
    expect(run.env).toBe('');
    expect(run.outputs).toEqual({});
  }, 60_000);
});
