import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StackError } from '../../infra/local/stacks';
import type { ScriptDeps } from '../../scripts/cdk-stage';
import { deploy } from '../../scripts/deploy';
import { destroy } from '../../scripts/destroy';

// The exact cdk command lines of `npm run deploy` and `npm run destroy`; cdk itself never runs.

const NO_CREDENTIALS = 'no AWS credentials found (set AWS_PROFILE, or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or run aws sso login)';

const tsxCli = join(process.cwd(), 'node_modules/tsx/dist/cli.mjs');

let outputsDir: string;
beforeEach(() => {
  outputsDir = mkdtempSync(join(tmpdir(), 'deploy-outputs-'));
});
afterEach(() => rmSync(outputsDir, { recursive: true, force: true }));

/** A fake cdk: records the command line, and (like cdk deploy) writes the outputs file. */
function fakeCdk(options: { exitCode?: number; outputs?: Record<string, unknown>; credentials?: 'missing' } = {}) {
  const calls: { command: string; args: readonly string[] }[] = [];
  let stdout = '';
  let stderr = '';
  const deps: ScriptDeps = {
    outputsDir,
    requireCredentials: async () => {
      if (options.credentials === 'missing') throw new StackError(NO_CREDENTIALS);
    },
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    spawn: async (command, args) => {
      calls.push({ command, args });
      const file = args[args.indexOf('--outputs-file') + 1];
      if (args.includes('--outputs-file') && options.outputs) writeFileSync(file!, JSON.stringify(options.outputs));
      return options.exitCode ?? 0;
    },
  };
  return { deps, calls, out: () => stdout, err: () => stderr };
}

const deployed = (stage: string) => ({
  [`PaymentSandbox-${stage}`]: {
    ApiUrl: `https://abc123.execute-api.eu-west-1.amazonaws.com/api/v1`,
    TableName: `PaymentSandbox-${stage}-TableCD117FA1-XYZ`,
    UserPoolId: 'eu-west-1_AbCdEf123',
    UserPoolClientId: '1example23456789abcdefghij',
  },
});

describe('npm run deploy', () => {
  it('runs cdk deploy of PaymentSandbox-NAME with the stage, no approval prompt and an outputs file, then prints ApiUrl', async () => {
    const cdk = fakeCdk({ outputs: deployed('pr-42') });
    expect(await deploy(['--stage', 'pr-42'], cdk.deps)).toBe(0);
    expect(cdk.calls).toEqual([
      {
        command: 'npx',
        args: [
          'cdk',
          'deploy',
          'PaymentSandbox-pr-42',
          '-c',
          'stage=pr-42',
          '--require-approval',
          'never',
          '--outputs-file',
          join(outputsDir, 'outputs-pr-42.json'),
        ],
      },
    ]);
    expect(cdk.out()).toContain('  ApiUrl:    https://abc123.execute-api.eu-west-1.amazonaws.com/api/v1\n');
    expect(cdk.out()).toContain('  TableName: PaymentSandbox-pr-42-TableCD117FA1-XYZ\n');
    expect(cdk.out()).toContain('npm run --silent admin -- ci-env --stack pr-42');
  });

  it('passes -c retain=true with --retain', async () => {
    const cdk = fakeCdk({ outputs: deployed('team-a') });
    expect(await deploy(['--stage', 'team-a', '--retain'], cdk.deps)).toBe(0);
    expect(cdk.calls[0]!.args.slice(0, 7)).toEqual(['cdk', 'deploy', 'PaymentSandbox-team-a', '-c', 'stage=team-a', '-c', 'retain=true']);
  });

  it("passes the stage's limits as -c requests-per-second=N and -c read-units-per-request=N", async () => {
    const cdk = fakeCdk({ outputs: deployed('team-a') });
    expect(await deploy(['--stage', 'team-a', '--requests-per-second', '20', '--read-units-per-request', '128'], cdk.deps)).toBe(0);
    expect(cdk.calls[0]!.args.slice(0, 9)).toEqual([
      'cdk',
      'deploy',
      'PaymentSandbox-team-a',
      '-c',
      'stage=team-a',
      '-c',
      'requests-per-second=20',
      '-c',
      'read-units-per-request=128',
    ]);
  });

  it('deploys a closed stage by default: no -c signup, and the summary says nobody signs up themselves, with the user pool and app client', async () => {
    const cdk = fakeCdk({ outputs: deployed('pr-42') });
    expect(await deploy(['--stage', 'pr-42'], cdk.deps)).toBe(0);
    expect(cdk.calls[0]!.args.some((a) => a.startsWith('signup='))).toBe(false);
    expect(cdk.out()).toContain(
      'Sign-up: closed (nobody signs up themselves; an operator adds people: npm run admin -- users add --stack pr-42 --email …)\n' +
        '  UserPoolId:       eu-west-1_AbCdEf123\n' +
        '  UserPoolClientId: 1example23456789abcdefghij\n',
    );
  });

  it.each([
    ['open', 'signup=open', 'Sign-up: open (anyone who confirms an e-mail address)'],
    ['closed', 'signup=closed', 'Sign-up: closed (nobody signs up themselves'],
    [
      'domain:Acme.com, shop.example.org',
      'signup=domain:acme.com,shop.example.org',
      'Sign-up: domain:acme.com,shop.example.org (e-mail addresses at acme.com or shop.example.org only)',
    ],
  ])('passes --signup %j to cdk as -c %s and shows it in the summary', async (policy, context, summary) => {
    const cdk = fakeCdk({ outputs: deployed('team-a') });
    expect(await deploy(['--stage', 'team-a', '--signup', policy], cdk.deps)).toBe(0);
    expect(cdk.calls[0]!.args.slice(0, 7)).toEqual(['cdk', 'deploy', 'PaymentSandbox-team-a', '-c', 'stage=team-a', '-c', context]);
    expect(cdk.out()).toContain(`${summary}`);
  });

  it.each([['anyone'], ['domain:'], ['domain:acme'], ['domain:acme.com,'], ['domain:acme.com;rm -rf'], ['Open'], ['']])(
    'refuses --signup %j with exit code 2, saying what a policy looks like, and never runs cdk',
    async (policy) => {
      const cdk = fakeCdk({ outputs: deployed('pr-1') });
      expect(await deploy(['--stage', 'pr-1', '--signup', policy], cdk.deps)).toBe(2);
      expect(cdk.calls).toEqual([]);
      expect(cdk.err()).toContain(`deploy: --signup: Invalid sign-up policy '${policy}': expected open, closed or domain:example.com[,other.org]\n\nUsage:`);
    },
  );

  it('refuses a limit that is not a positive integer with exit code 2, naming the flag, and never runs cdk', async () => {
    for (const argv of [
      ['--requests-per-second', '0'],
      ['--read-units-per-request', '2.5'],
      ['--requests-per-second', 'lots'],
    ]) {
      const cdk = fakeCdk();
      expect(await deploy(['--stage', 'pr-1', ...argv], cdk.deps), argv.join(' ')).toBe(2);
      expect(cdk.calls).toEqual([]);
      expect(cdk.err()).toMatch(new RegExp(`^deploy: ${argv[0]} must be a positive integer`));
    }
  });

  it('refuses a missing or invalid stage with exit code 2 and never runs cdk', async () => {
    for (const argv of [[], ['--stage', 'PR_42'], ['--stage', 'pr-1', '--force'], ['pr-1']]) {
      const cdk = fakeCdk();
      expect(await deploy(argv, cdk.deps), argv.join(' ')).toBe(2);
      expect(cdk.calls).toEqual([]);
      expect(cdk.err()).toMatch(/^deploy: .*\n\nUsage: npm run deploy -- --stage NAME/);
    }
  });

  it("stops before cdk with the admin CLI's message when there are no AWS credentials", async () => {
    const cdk = fakeCdk({ credentials: 'missing', outputs: deployed('pr-42') });
    expect(await deploy(['--stage', 'pr-42'], cdk.deps)).toBe(1);
    expect(cdk.calls).toEqual([]);
    expect(cdk.err()).toBe(`deploy: ${NO_CREDENTIALS}\n`);
    expect(cdk.out()).toBe('');
  });

  it("passes on cdk's exit code when the deployment fails", async () => {
    const cdk = fakeCdk({ exitCode: 3 });
    expect(await deploy(['--stage', 'pr-42'], cdk.deps)).toBe(3);
    expect(cdk.err()).toBe('deploy: cdk deploy of PaymentSandbox-pr-42 failed (exit code 3); see its output above\n');
    expect(cdk.out()).toBe('');
  });

  it('never prints the URL of an earlier deployment', async () => {
    writeFileSync(join(outputsDir, 'outputs-pr-42.json'), JSON.stringify(deployed('pr-42')));
    const cdk = fakeCdk(); // succeeds but writes no outputs
    expect(await deploy(['--stage', 'pr-42'], cdk.deps)).toBe(1);
    expect(cdk.err()).toContain('has no ApiUrl for PaymentSandbox-pr-42');
    expect(cdk.out()).toBe('');
  });
});

describe('npm run deploy -- --ci-role', () => {
  const ROLE_ARN = 'arn:aws:iam::123456789012:role/PaymentSandboxCiRole-acme-shop-Role1ABCC5F0-XYZ';
  const PROVIDER_ARN = 'arn:aws:iam::123456789012:oidc-provider/token.actions.githubusercontent.com';
  const roleOutputs = { 'PaymentSandboxCiRole-acme-shop': { RoleArn: ROLE_ARN } };

  it("runs cdk deploy of the repository's CI role stack and prints the role ARN to set as SANDBOX_DEPLOY_ROLE_ARN, and whom it trusts", async () => {
    const cdk = fakeCdk({ outputs: roleOutputs });
    expect(await deploy(['--ci-role', '--github-repo', 'acme/shop', '--github-environment', 'pr-sandbox'], cdk.deps)).toBe(0);
    expect(cdk.calls).toEqual([
      {
        command: 'npx',
        args: [
          'cdk',
          'deploy',
          'PaymentSandboxCiRole-acme-shop',
          '-c',
          'ci-role=true',
          '-c',
          'github-repo=acme/shop',
          '-c',
          'github-environments=pr-sandbox',
          '--require-approval',
          'never',
          '--outputs-file',
          join(outputsDir, 'outputs-PaymentSandboxCiRole-acme-shop.json'),
        ],
      },
    ]);
    expect(cdk.out()).toContain(`  RoleArn: ${ROLE_ARN}\n`);
    expect(cdk.out()).toContain('  Trusts:  repo:acme/shop:environment:pr-sandbox\n');
    expect(cdk.out()).toContain(`gh secret set SANDBOX_DEPLOY_ROLE_ARN --repo acme/shop --body '${ROLE_ARN}'`);
  });

  it("reuses the account's GitHub OIDC provider with --oidc-provider-arn", async () => {
    const cdk = fakeCdk({ outputs: roleOutputs });
    expect(await deploy(['--ci-role', '--github-repo', 'acme/shop', '--github-ref', 'refs/heads/main', '--oidc-provider-arn', PROVIDER_ARN], cdk.deps)).toBe(0);
    expect(cdk.calls[0]!.args.slice(0, 9)).toEqual([
      'cdk',
      'deploy',
      'PaymentSandboxCiRole-acme-shop',
      '-c',
      'ci-role=true',
      '-c',
      'github-repo=acme/shop',
      '-c',
      `oidc-provider-arn=${PROVIDER_ARN}`,
    ]);
  });

  it('refuses a CI role with only --github-repo, naming --github-environment and --github-ref, and never runs cdk', async () => {
    const cdk = fakeCdk({ outputs: roleOutputs });
    expect(await deploy(['--ci-role', '--github-repo', 'acme/shop'], cdk.deps)).toBe(2);
    expect(cdk.calls).toEqual([]);
    expect(cdk.err()).toContain('deploy: The CI role of acme/shop needs --github-environment NAME');
    expect(cdk.err()).toContain('or --github-ref REF');
    expect(cdk.err()).toContain('Only --trust-every-workflow-of-the-repository');
  });

  it('trusts every workflow of the repository only with --trust-every-workflow-of-the-repository, and says so', async () => {
    const cdk = fakeCdk({ outputs: roleOutputs });
    expect(await deploy(['--ci-role', '--github-repo', 'acme/shop', '--trust-every-workflow-of-the-repository'], cdk.deps)).toBe(0);
    expect(cdk.calls[0]!.args.slice(0, 9)).toEqual([
      'cdk',
      'deploy',
      'PaymentSandboxCiRole-acme-shop',
      '-c',
      'ci-role=true',
      '-c',
      'github-repo=acme/shop',
      '-c',
      'trust-every-workflow-of-the-repository=true',
    ]);
    expect(cdk.out()).toContain('every workflow of acme/shop may assume its role');
    expect(cdk.out()).toContain('  Trusts:  repo:acme/shop:*\n');
  });

  it('narrows who may assume the role with --github-environment and --github-ref, each repeatable', async () => {
    const cdk = fakeCdk({ outputs: roleOutputs });
    const argv = [
      '--ci-role',
      '--github-repo',
      'acme/shop',
      '--github-environment',
      'prod',
      '--github-environment',
      'staging',
      '--github-ref',
      'refs/heads/main',
    ];
    expect(await deploy(argv, cdk.deps)).toBe(0);
    expect(cdk.calls[0]!.args.slice(0, 11)).toEqual([
      'cdk',
      'deploy',
      'PaymentSandboxCiRole-acme-shop',
      '-c',
      'ci-role=true',
      '-c',
      'github-repo=acme/shop',
      '-c',
      'github-environments=prod,staging',
      '-c',
      'github-refs=refs/heads/main',
    ]);
  });

  it.each([
    [['--ci-role'], '--ci-role needs --github-repo owner/name'],
    [['--ci-role', '--github-repo', 'acme/shop', '--github-environment', 'pr*'], 'Invalid GitHub environment "pr*"'],
    [['--ci-role', '--github-repo', 'acme/shop', '--github-ref', 'main'], 'Invalid git ref "main": use a full branch or tag ref'],
    [
      ['--stage', 'pr-1', '--github-environment', 'prod'],
      '--github-repo and --oidc-provider-arn go with --ci-role (so do --github-environment, --github-ref and --trust-every-workflow-of-the-repository)',
    ],
    [['--stage', 'pr-1', '--trust-every-workflow-of-the-repository'], '--github-repo and --oidc-provider-arn go with --ci-role'],
    [
      ['--ci-role', '--github-repo', 'acme/shop', '--github-environment', 'prod', '--trust-every-workflow-of-the-repository'],
      '--trust-every-workflow-of-the-repository lets every workflow of acme/shop assume the CI role, so it takes no --github-environment or --github-ref',
    ],
    [['--ci-role', '--github-repo', 'shop'], 'Invalid GitHub repository "shop": use owner/name'],
    [['--ci-role', '--github-repo', 'acme/shop/extra'], 'Invalid GitHub repository "acme/shop/extra"'],
    [['--ci-role', '--github-repo', 'acme-/shop'], 'Invalid GitHub repository "acme-/shop"'],
    [['--ci-role', '--github-repo', 'acme/sh*p'], 'Invalid GitHub repository "acme/sh*p"'],
    [['--ci-role', '--github-repo', 'acme/..'], 'Invalid GitHub repository "acme/.."'],
    [['--ci-role', '--github-repo', 'acme/shop', '--oidc-provider-arn', 'arn:aws:iam::123:oidc-provider/x'], 'Invalid OIDC provider ARN'],
    [['--ci-role', '--github-repo', 'acme/shop', '--stage', 'pr-1'], '--ci-role deploys no stage: leave out --stage'],
    [['--ci-role', '--github-repo', 'acme/shop', '--signup', 'open'], '--ci-role deploys no stage: leave out --signup'],
    [['--stage', 'pr-1', '--github-repo', 'acme/shop'], '--github-repo and --oidc-provider-arn go with --ci-role'],
  ])('refuses %j with exit code 2 and a clear message, and never runs cdk', async (argv, message) => {
    const cdk = fakeCdk();
    expect(await deploy(argv, cdk.deps)).toBe(2);
    expect(cdk.calls).toEqual([]);
    expect(cdk.err()).toContain(`deploy: ${message}`);
    expect(cdk.err()).toContain('npm run deploy -- --ci-role --github-repo owner/name');
  });

  it('says how to reuse an existing OIDC provider when the deployment fails', async () => {
    const cdk = fakeCdk({ exitCode: 1 });
    expect(await deploy(['--ci-role', '--github-repo', 'acme/shop', '--github-environment', 'pr-sandbox'], cdk.deps)).toBe(1);
    expect(cdk.err()).toContain('deploy: cdk deploy of PaymentSandboxCiRole-acme-shop failed (exit code 1)');
    expect(cdk.err()).toContain('--oidc-provider-arn arn:aws:iam::<account id>:oidc-provider/token.actions.githubusercontent.com');
  });

  it("stops before cdk with the admin CLI's message when there are no AWS credentials", async () => {
    const cdk = fakeCdk({ credentials: 'missing' });
    expect(await deploy(['--ci-role', '--github-repo', 'acme/shop', '--github-environment', 'pr-sandbox'], cdk.deps)).toBe(1);
    expect(cdk.calls).toEqual([]);
    expect(cdk.err()).toBe(`deploy: ${NO_CREDENTIALS}\n`);
  });
});

describe('npm run destroy', () => {
  it('runs cdk destroy of PaymentSandbox-NAME with the stage, without asking, and forgets its outputs', async () => {
    writeFileSync(join(outputsDir, 'outputs-pr-42.json'), JSON.stringify(deployed('pr-42')));
    const cdk = fakeCdk();
    expect(await destroy(['--stage', 'pr-42'], cdk.deps)).toBe(0);
    expect(cdk.calls).toEqual([{ command: 'npx', args: ['cdk', 'destroy', 'PaymentSandbox-pr-42', '-c', 'stage=pr-42', '--force'] }]);
    expect(existsSync(join(outputsDir, 'outputs-pr-42.json'))).toBe(false);
    expect(cdk.out()).toContain('PaymentSandbox-pr-42 is gone');
  });

  it('refuses a missing or invalid stage with exit code 2 and never runs cdk', async () => {
    for (const argv of [[], ['--stage', 'Dev'], ['--stage', 'pr-1', '--retain']]) {
      const cdk = fakeCdk();
      expect(await destroy(argv, cdk.deps)).toBe(2);
      expect(cdk.calls).toEqual([]);
    }
  });

  it("stops before cdk with the admin CLI's message when there are no AWS credentials, keeping the outputs file", async () => {
    writeFileSync(join(outputsDir, 'outputs-pr-42.json'), JSON.stringify(deployed('pr-42')));
    const cdk = fakeCdk({ credentials: 'missing' });
    expect(await destroy(['--stage', 'pr-42'], cdk.deps)).toBe(1);
    expect(cdk.calls).toEqual([]);
    expect(cdk.err()).toBe(`destroy: ${NO_CREDENTIALS}\n`);
    expect(existsSync(join(outputsDir, 'outputs-pr-42.json'))).toBe(true);
  });

  it("passes on cdk's exit code when the deletion fails", async () => {
    const cdk = fakeCdk({ exitCode: 1 });
    expect(await destroy(['--stage', 'pr-42'], cdk.deps)).toBe(1);
    expect(cdk.err()).toBe('destroy: cdk destroy of PaymentSandbox-pr-42 failed (exit code 1); see its output above\n');
  });
});

describe('npm run deploy and destroy on a machine without AWS credentials', () => {
  // The real scripts in fresh processes, with nothing to find: no AWS_* variables, a HOME without
  // ~/.aws, and no instance metadata service to ask (as on a laptop or a CI runner without a role).
  // The npx on their PATH only notes that it was run: cdk would be run through it.
  const emptyHome = mkdtempSync(join(tmpdir(), 'no-aws-home-'));
  const fakeBin = join(emptyHome, 'bin');
  const npxRan = join(emptyHome, 'npx-ran');
  mkdirSync(fakeBin);
  writeFileSync(join(fakeBin, 'npx'), `#!/bin/sh\necho "$@" >> '${npxRan}'\n`, { mode: 0o755 });
  afterAll(() => rmSync(emptyHome, { recursive: true, force: true }));
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_'))),
    HOME: emptyHome,
    PATH: `${fakeBin}${delimiter}${process.env.PATH}`,
    AWS_EC2_METADATA_DISABLED: 'true',
  };
  const run = (script: string, args: string[]) =>
    new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      execFile(process.execPath, [tsxCli, script, ...args], { env, timeout: 60_000 }, (error, _stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: error ? (error.code as number) : 0, stderr });
      });
    });

  // "At once" is that cdk (8–14 s of synthesis) never runs, and the message is all it says; how long
  // the check itself takes (about 1 s) is not asserted: a busy machine is slower.
  it.each([
    ['deploy', 'scripts/deploy.ts'],
    ['destroy', 'scripts/destroy.ts'],
  ])(
    "%s fails at once with the admin CLI's message and exit code 1, before running cdk",
    async (name, script) => {
      const { code, stderr } = await run(script, ['--stage', 'pr-42']);
      expect(code).toBe(1);
      expect(stderr).toBe(`${name}: ${NO_CREDENTIALS}\n`);
      expect(existsSync(npxRan)).toBe(false);
    },
    60_000,
  );
});
