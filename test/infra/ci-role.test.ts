import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runSimulation } from '@cloud-copilot/iam-simulate';
import { buildCiRoleApp, cdkJsonContext, InvalidContextError, wantsCiRole } from '../../infra/app';
import { CiRoleStack } from '../../infra/ci-role-stack';
import { runAdmin } from '../../infra/local/admin-cli';
import { iamRequestsOfCall, operationOf, type IamRequest } from '../../lib/db/access';
import { ENV } from '../../lib/config/env';
import { CALL_OBSERVER, type CallObserver } from '../../lib/db/client';
import { describedStack } from '../support/cloudformation';
import { ANOTHER_CLIENT_PARTITION, contextOf, SHARED_PARTITION_SAMPLES, UNNAMED_PARTITION } from '../support/iam-evaluation';

// The CI role stack of `npm run deploy -- --ci-role --github-repo owner/name --github-environment NAME`,
// synthesized as `cdk synth -c ci-role=true -c github-repo=… -c github-environments=…` builds it
// (offline: no lookups, no assets).

const outdirs: string[] = [];
afterAll(() => {
  for (const dir of outdirs) rmSync(dir, { recursive: true, force: true });
});

const PROVIDER_ARN = 'arn:aws:iam::123456789012:oidc-provider/token.actions.githubusercontent.com';
const partitionArn = (service: string, rest: (string | Record<string, string>)[]) => ({
  'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, `:${service}:`, ...rest]],
});

const synths = new Map<string, ReturnType<typeof synthesize>>();

/** The trust of most tests here: jobs of acme/shop in its GitHub environment `sandbox`. */
const PINNED = { 'github-environments': 'sandbox' };
/** The wide trust, asked for by name. */
const EVERY_WORKFLOW = { 'trust-every-workflow-of-the-repository': 'true' };

/** The CI role app synthesized with this extra context: once per distinct context in this file (the tests only read it). */
function synth(context: Record<string, unknown> = PINNED) {
  const key = JSON.stringify(context);
  let s = synths.get(key);
  if (!s) synths.set(key, (s = synthesize(context)));
  return s;
}

function synthesize(context: Record<string, unknown>) {
  const outdir = mkdtempSync(join(tmpdir(), 'ci-role-'));
  outdirs.push(outdir);
  const built = buildCiRoleApp({ context: { ...cdkJsonContext(), 'ci-role': 'true', 'github-repo': 'acme/shop', ...context }, outdir });
  built.app.synth();
  const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as {
    pluginReports: { pluginName: string; violations: { ruleName: string }[] }[];
  };
  return { ...built, template: Template.fromStack(built.stack), report };
}

type Statement = { Sid?: string; Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };
const statementsOf = (template: Template): Statement[] =>
  Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
    (policy) => (policy as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties.PolicyDocument.Statement,
  );
const list = <T>(value: T | T[]) => (Array.isArray(value) ? value : [value]);

describe('the CI role stack', () => {
  let synthesized: ReturnType<typeof synth>;
  beforeAll(() => {
    synthesized = synth();
  }, 60_000);

  it('is PaymentSandboxCiRole-<owner>-<name>, outside PaymentSandbox-* and without the sandbox tag, so prune never touches it', () => {
    expect(synthesized.stack.stackName).toBe('PaymentSandboxCiRole-acme-shop');
    expect(synthesized.stack.tags.tagValues()).toEqual({ project: 'payment-sandbox-ci-role' });
  });

  it("creates GitHub's OIDC provider for the audience sts.amazonaws.com, as a native CloudFormation resource", () => {
    synthesized.template.resourceCountIs('AWS::IAM::OIDCProvider', 1);
    synthesized.template.hasResourceProperties('AWS::IAM::OIDCProvider', {
      Url: 'https://token.actions.githubusercontent.com',
      ClientIdList: ['sts.amazonaws.com'],
    });
    // Nothing but the provider, the role and its policy: no custom resource, no function.
    const types = Object.values(synthesized.template.toJSON().Resources as Record<string, { Type: string }>).map((r) => r.Type);
    expect(types.filter((t) => t !== 'AWS::CDK::Metadata').sort()).toEqual(['AWS::IAM::OIDCProvider', 'AWS::IAM::Policy', 'AWS::IAM::Role']);
  });

  it('lets only jobs of acme/shop in its environment assume the role, through that provider, for the audience sts.amazonaws.com', () => {
    const role = Object.values(synthesized.template.findResources('AWS::IAM::Role'))[0] as {
      Properties: { AssumeRolePolicyDocument: { Statement: unknown[] }; ManagedPolicyArns?: unknown; Policies?: unknown };
    };
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      {
        Effect: 'Allow',
        Action: 'sts:AssumeRoleWithWebIdentity',
        Principal: { Federated: { Ref: expect.stringMatching(/^GitHubOidcProvider/) } },
        Condition: {
          StringEquals: {
            'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
            'token.actions.githubusercontent.com:sub': 'repo:acme/shop:environment:sandbox',
          },
        },
      },
    ]);
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    expect(role.Properties.Policies).toBeUndefined();
  });

  it('grants exactly what deploy, destroy, ci-env and stacks prune call, in its own account and region', () => {
    expect(statementsOf(synthesized.template)).toEqual([
      {
        // cdk deploy / cdk destroy: the bootstrap's deploy role; cdk deploy: its file-publishing role (the functions' zips).
        Sid: 'CdkBootstrapRoles',
        Effect: 'Allow',
        Action: 'sts:AssumeRole',
        Resource: ['deploy', 'file-publishing'].map((purpose) => ({
          'Fn::Join': [
            '',
            [
              'arn:',
              { Ref: 'AWS::Partition' },
              ':iam::',
              { Ref: 'AWS::AccountId' },
              `:role/cdk-hnb659fds-${purpose}-role-`,
              { Ref: 'AWS::AccountId' },
              '-',
              { Ref: 'AWS::Region' },
            ],
          ],
        })),
      },
      // ci-env --stack (DescribeStacks of one stack), stacks prune (DescribeStacks of all).
      { Sid: 'DescribeStacks', Effect: 'Allow', Action: 'cloudformation:DescribeStacks', Resource: '*' },
      {
        // stacks prune: DeleteStack by stack id, sandbox stacks only.
        Sid: 'PruneSandboxStacks',
        Effect: 'Allow',
        Action: 'cloudformation:DeleteStack',
        Resource: partitionArn('cloudformation', [{ Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':stack/PaymentSandbox-*/*']),
        Condition: { StringEquals: { 'aws:ResourceTag/project': 'payment-sandbox' } },
      },
      {
        // ci-env: TransactWriteItems (authorized per item action) of Puts in the client's partition, the
        // client registry and the key-hash records only.
        Sid: 'MintCiKeys',
        Effect: 'Allow',
        Action: 'dynamodb:PutItem',
        Resource: partitionArn('dynamodb', [{ Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':table/PaymentSandbox-*']),
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['C#*', 'CLIENTS', 'KEYHASH#*'] } },
      },
    ]);
  });

  it('grants no wildcard action, and no wildcard resource but the three explained', () => {
    const statements = statementsOf(synthesized.template);
    expect(statements.flatMap((s) => list(s.Action)).filter((action) => action.includes('*'))).toEqual([]);
    const wildcards = statements.flatMap((s) =>
      list(s.Resource)
        .map((resource) => (typeof resource === 'string' ? resource : JSON.stringify(resource)))
        .filter((resource) => resource.includes('*'))
        .map((resource) => `${s.Sid}: ${resource.replace(/.*"(:[^"]*\*[^"]*)".*/, '$1')}`),
    );
    expect(wildcards).toEqual([
      // DescribeStacks without a stack name, as stacks prune calls it, is authorized only against "*" (read-only).
      'DescribeStacks: *',
      // Sandbox stacks are named per stage; the stack id ends in a suffix CloudFormation picks.
      'PruneSandboxStacks: :stack/PaymentSandbox-*/*',
      // Each stage's table is named by CloudFormation after its stack: PaymentSandbox-<stage>-Table…
      'MintCiKeys: :table/PaymentSandbox-*',
    ]);
  });

  it('keeps the calls it allows in step with the admin CLI: stacks.ts sends only DescribeStacks and DeleteStack', () => {
    const source = readFileSync('infra/local/stacks.ts', 'utf8');
    const imported = /import \{([^}]*)\} from '@aws-sdk\/client-cloudformation'/.exec(source)![1]!;
    const calls = imported
      .split(',')
      .map((name) => name.trim())
      .filter((name) => /Command$|^paginate/.test(name));
    expect(calls.sort()).toEqual(['DeleteStackCommand', 'DescribeStacksCommand', 'paginateDescribeStacks']);
  });

  it('outputs the role ARN to set as SANDBOX_DEPLOY_ROLE_ARN', () => {
    synthesized.template.hasOutput('RoleArn', { Description: 'Set as the secret SANDBOX_DEPLOY_ROLE_ARN of acme/shop' });
  });

  it('passes cdk-nag AwsSolutions, acknowledging only the three explained wildcards', () => {
    expect(new AwsSolutionsChecks().validateScope(synthesized.app).violations).toEqual([]);
    expect(synthesized.report.pluginReports.flatMap((r) => r.violations.map((v) => `${r.pluginName}: ${v.ruleName}`))).toEqual([]);
    // The report lists only plugins that found something: CDK's own CloudFormation validation must be on to be in it.
    expect(process.env.CDK_VALIDATION, 'test/support/cdk.ts: skipBuiltinValidation is not for this file').not.toBe('false');
    // The warnings of the synthesis above, which app.synth() hands back again (Annotations.fromStack would synthesize once more).
    const messages = synthesized.app.synth().getStackArtifact(synthesized.stack.artifactId).messages;
    expect(messages.filter((m) => m.level === 'warning').map((m) => `${m.id}: ${String(m.entry.data)}`)).toEqual([]);
    const acknowledged = synthesized.stack.node
      .findAll()
      .flatMap((c) =>
        c.node.metadata.filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY).flatMap((m) => Object.entries(m.data as Record<string, string>)),
      );
    expect(acknowledged.map(([id]) => id.replace(/^\w+::/, ''))).toEqual([
      'AwsSolutions-IAM5[Resource::*]',
      'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:cloudformation:<AWS::Region>:<AWS::AccountId>:stack/PaymentSandbox-*/*]',
      'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:dynamodb:<AWS::Region>:<AWS::AccountId>:table/PaymentSandbox-*]',
    ]);
    expect(acknowledged.every(([, reason]) => reason.length > 60)).toBe(true);
  });
});

describe('the CI role stack with an existing OIDC provider', () => {
  it('creates no provider and trusts the given one', () => {
    const { template } = synth({ ...PINNED, 'oidc-provider-arn': PROVIDER_ARN });
    template.resourceCountIs('AWS::IAM::OIDCProvider', 0);
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [Match.objectLike({ Principal: { Federated: PROVIDER_ARN }, Action: 'sts:AssumeRoleWithWebIdentity' })],
      },
    });
    template.hasOutput('OidcProviderArn', { Value: PROVIDER_ARN });
  }, 60_000);
});

describe('-c ci-role and -c github-repo', () => {
  it('builds the CI role only when -c ci-role=true', () => {
    expect(wantsCiRole(new App({ context: {} }))).toBe(false);
    expect(wantsCiRole(new App({ context: { 'ci-role': 'true' } }))).toBe(true);
    expect(() => wantsCiRole(new App({ context: { 'ci-role': 'yes' } }))).toThrow('Invalid ci-role "yes": use -c ci-role=true');
  });

  it.each(['', 'shop', 'acme/', '/shop', 'acme/shop/x', 'ac--me/shop', 'acme/sh op', 'acme/..'])('refuses the repository %j with a clear message', (repo) => {
    expect(() => buildCiRoleApp({ githubRepo: repo })).toThrow(InvalidContextError);
    expect(() => buildCiRoleApp({ githubRepo: repo })).toThrow(/use owner\/name/);
  });

  it("refuses to build without a repository, and refuses a provider ARN that is not GitHub's", () => {
    expect(() => buildCiRoleApp({ context: { 'ci-role': 'true' } })).toThrow('The CI role needs its GitHub repository: -c github-repo=owner/name');
    expect(() =>
      buildCiRoleApp({ githubRepo: 'acme/shop', githubEnvironments: ['sandbox'], oidcProviderArn: 'arn:aws:iam::123456789012:oidc-provider/example.com' }),
    ).toThrow(/Invalid OIDC provider ARN/);
  });
});

describe('a CI role that names no environment or ref', () => {
  const onlyTheRepository = { ...cdkJsonContext(), 'ci-role': 'true', 'github-repo': 'acme/shop' };

  it('refuses a CI role with only -c github-repo, naming --github-environment and --github-ref', () => {
    expect(() => buildCiRoleApp({ context: onlyTheRepository })).toThrow(InvalidContextError);
    expect(() => buildCiRoleApp({ context: onlyTheRepository })).toThrow(
      /^The CI role of acme\/shop needs --github-environment NAME .* or --github-ref REF .*-c github-environments=NAME or -c github-refs=REF/,
    );
  });

  it('is refused by the stack itself, whichever app builds it', () => {
    expect(() => new CiRoleStack(new App(), 'CiRole', { githubRepo: 'acme/shop' })).toThrow(/needs --github-environment NAME/);
    expect(() => new CiRoleStack(new App(), 'CiRole', { githubRepo: 'acme/shop', githubEnvironments: [], githubRefs: [] })).toThrow(
      /needs --github-environment NAME/,
    );
  });

  it('`npx cdk synth` of the CI role with only -c github-repo fails, naming --github-environment and --github-ref', async () => {
    // The real CLI, as a developer runs it: cdk.json's app (infra/app.ts) with the CLI's context.
    const outdir = mkdtempSync(join(tmpdir(), 'ci-role-cli-'));
    outdirs.push(outdir);
    const cdk = join(process.cwd(), 'node_modules/aws-cdk/bin/cdk');
    const args = [cdk, 'synth', '-c', 'ci-role=true', '-c', 'github-repo=acme/shop', '--no-notices', '-o', outdir];
    const env = { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true' };
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      execFile(process.execPath, args, { env, timeout: 120_000 }, (error, _stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: error ? (error.code as number) : 0, stderr });
      });
    });
    expect(code).not.toBe(0);
    expect(stderr).toContain('The CI role of acme/shop needs --github-environment NAME');
    expect(stderr).toContain('or --github-ref REF');
    expect(stderr).not.toContain('    at '); // a message, not a stack trace
  }, 120_000);

  it('trusts every workflow of the repository only with -c trust-every-workflow-of-the-repository=true, with StringLike', () => {
    const role = Object.values(synth(EVERY_WORKFLOW).template.findResources('AWS::IAM::Role'))[0] as {
      Properties: { AssumeRolePolicyDocument: { Statement: { Condition: unknown }[] } };
    };
    expect(role.Properties.AssumeRolePolicyDocument.Statement.map((s) => s.Condition)).toEqual([
      {
        StringEquals: { 'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com' },
        StringLike: { 'token.actions.githubusercontent.com:sub': 'repo:acme/shop:*' },
      },
    ]);
  }, 60_000);

  it('refuses -c trust-every-workflow-of-the-repository with anything but true or false, or beside an environment or a ref', () => {
    expect(() => synth({ 'trust-every-workflow-of-the-repository': 'yes' })).toThrow(
      'Invalid trust-every-workflow-of-the-repository "yes": use -c trust-every-workflow-of-the-repository=true or -c trust-every-workflow-of-the-repository=false',
    );
    expect(() => synth({ ...EVERY_WORKFLOW, 'github-refs': 'refs/heads/main' })).toThrow(/takes no --github-environment or --github-ref/);
    expect(() => synth({ 'trust-every-workflow-of-the-repository': 'false' })).toThrow(/needs --github-environment NAME/);
  });
});

// --- Who may assume the role, and what it may do, evaluated ------------------------------------

const ACCOUNT = '123456789012';
const REGION = 'eu-west-1';

/** A template value with its pseudo parameters and references resolved for one account and region. */
function resolved(value: unknown, refs: Record<string, string> = {}): unknown {
  if (Array.isArray(value)) return value.map((v) => resolved(v, refs));
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if ('Ref' in object) {
      const name = String(object.Ref);
      const known: Record<string, string> = { 'AWS::Partition': 'aws', 'AWS::AccountId': ACCOUNT, 'AWS::Region': REGION, ...refs };
      if (!(name in known)) throw new Error(`unresolved Ref ${name}`);
      return known[name];
    }
    if ('Fn::Join' in object) {
      const [separator, parts] = object['Fn::Join'] as [string, unknown[]];
      return parts.map((p) => resolved(p, refs)).join(separator);
    }
    return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, resolved(v, refs)]));
  }
  return value;
}

/**
 * iam-simulate's action data knows GitHub's OIDC claims only under other names, and drops context
 * keys it does not know for an action: `token.actions.githubusercontent.com:sub` and `:aud` are
 * evaluated as `accounts.google.com:sub` and `:aud` (a pair it knows for AssumeRoleWithWebIdentity),
 * renamed alike in the trust policy and in the request, so the operators and values are the template's.
 */
const asKnownKeys = (text: string) => text.replaceAll('token.actions.githubusercontent.com:', 'accounts.google.com:');

/** The decision IAM would take on the role's trust policy for a GitHub OIDC token with `sub`. */
async function mayAssume(template: Template, sub: string, aud = 'sts.amazonaws.com'): Promise<string> {
  const role = Object.values(template.findResources('AWS::IAM::Role'))[0] as { Properties: { AssumeRolePolicyDocument: unknown } };
  const provider = `arn:aws:iam::${ACCOUNT}:oidc-provider/token.actions.githubusercontent.com`;
  const trust = JSON.parse(
    asKnownKeys(
      JSON.stringify(
        resolved(role.Properties.AssumeRolePolicyDocument, { [Object.keys(template.findResources('AWS::IAM::OIDCProvider'))[0] ?? '-']: provider }),
      ),
    ),
  );
  const result = await runSimulation(
    {
      identityPolicies: [],
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      resourcePolicy: trust,
      request: {
        action: 'sts:AssumeRoleWithWebIdentity',
        principal: provider,
        resource: { accountId: ACCOUNT, resource: `arn:aws:iam::${ACCOUNT}:role/ci` },
        contextVariables: { [asKnownKeys('token.actions.githubusercontent.com:sub')]: sub, [asKnownKeys('token.actions.githubusercontent.com:aud')]: aud },
      },
    },
    {},
  );
  if (result.resultType === 'error') throw new Error(JSON.stringify(result.errors));
  return result.overallResult;
}

/** The decision IAM would take on the role's identity policy for `action` on `resource`. */
async function mayDo(template: Template, action: string, resource: string, context: Record<string, string> = {}): Promise<string> {
  const statements = resolved(statementsOf(template));
  const result = await runSimulation(
    {
      identityPolicies: [{ name: 'ci-role', policy: { Version: '2012-10-17', Statement: statements } }],
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      request: { action, principal: `arn:aws:iam::${ACCOUNT}:role/ci`, resource: { accountId: ACCOUNT, resource }, contextVariables: context },
    },
    {},
  );
  if (result.resultType === 'error') throw new Error(JSON.stringify(result.errors));
  return result.overallResult;
}

describe('the CI role narrowed with --github-environment prod', () => {
  let narrowed: ReturnType<typeof synth>;
  beforeAll(() => {
    narrowed = synth({ 'github-environments': 'prod' });
  }, 60_000);

  it('trusts exactly repo:acme/shop:environment:prod, with StringEquals and no pattern', () => {
    const role = Object.values(narrowed.template.findResources('AWS::IAM::Role'))[0] as {
      Properties: { AssumeRolePolicyDocument: { Statement: { Condition: unknown }[] } };
    };
    expect(role.Properties.AssumeRolePolicyDocument.Statement.map((s) => s.Condition)).toEqual([
      {
        StringEquals: {
          'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
          'token.actions.githubusercontent.com:sub': 'repo:acme/shop:environment:prod',
        },
      },
    ]);
  });

  it('is assumed by a job of the prod environment, and by no other token (evaluated)', async () => {
    expect(await mayAssume(narrowed.template, 'repo:acme/shop:environment:prod')).toBe('Allowed');
    for (const sub of [
      'repo:acme/shop:ref:refs/heads/main',
      'repo:acme/shop:pull_request',
      'repo:acme/shop:environment:staging',
      'repo:acme/shop:environment:prod2',
      'repo:acme/other:environment:prod',
    ]) {
      expect(await mayAssume(narrowed.template, sub), sub).toBe('ImplicitlyDenied');
    }
    expect(await mayAssume(narrowed.template, 'repo:acme/shop:environment:prod', 'another-audience')).toBe('ImplicitlyDenied');
  });

  it('takes several environments and refs at once, each exactly', async () => {
    const { template } = synth({ 'github-environments': 'prod,staging', 'github-refs': 'refs/heads/main' });
    for (const sub of ['repo:acme/shop:environment:prod', 'repo:acme/shop:environment:staging', 'repo:acme/shop:ref:refs/heads/main']) {
      expect(await mayAssume(template, sub), sub).toBe('Allowed');
    }
    expect(await mayAssume(template, 'repo:acme/shop:ref:refs/heads/feature')).toBe('ImplicitlyDenied');
  }, 60_000);

  it.each([
    ['github-environments', 'pr*'],
    ['github-environments', 'a:b'],
    ['github-refs', 'main'],
    ['github-refs', 'refs/heads/*'],
  ])('refuses -c %s=%j', (key, value) => {
    expect(() => synth({ [key]: value })).toThrow(InvalidContextError);
  });
});

describe('the CI role, evaluated', () => {
  let broad: ReturnType<typeof synth>;
  beforeAll(() => {
    broad = synth(EVERY_WORKFLOW);
  }, 60_000);

  it('with --trust-every-workflow-of-the-repository is assumed by every workflow of the repository, and only of it', async () => {
    for (const sub of ['repo:acme/shop:ref:refs/heads/main', 'repo:acme/shop:pull_request', 'repo:acme/shop:environment:prod']) {
      expect(await mayAssume(broad.template, sub), sub).toBe('Allowed');
    }
    expect(await mayAssume(broad.template, 'repo:acme/shopping:ref:refs/heads/main')).toBe('ImplicitlyDenied');
    expect(await mayAssume(broad.template, 'repo:evil/shop:ref:refs/heads/main')).toBe('ImplicitlyDenied');
  });

  it('may deploy through the bootstrap roles and delete or mint keys on PaymentSandbox-* stacks only', async () => {
    const stack = (name: string) => `arn:aws:cloudformation:${REGION}:${ACCOUNT}:stack/${name}/0c5e8a40-0000-11ef-0000-000000000000`;
    const table = (name: string) => `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/${name}`;
    const role = (name: string) => `arn:aws:iam::${ACCOUNT}:role/${name}`;
    const sandboxTag = { 'aws:ResourceTag/project': 'payment-sandbox' };
    expect(await mayDo(broad.template, 'sts:AssumeRole', role(`cdk-hnb659fds-deploy-role-${ACCOUNT}-${REGION}`))).toBe('Allowed');
    expect(await mayDo(broad.template, 'sts:AssumeRole', role(`cdk-hnb659fds-file-publishing-role-${ACCOUNT}-${REGION}`))).toBe('Allowed');
    expect(await mayDo(broad.template, 'sts:AssumeRole', role(`cdk-hnb659fds-cfn-exec-role-${ACCOUNT}-${REGION}`))).toBe('ImplicitlyDenied');
    expect(await mayDo(broad.template, 'sts:AssumeRole', role('Admin'))).toBe('ImplicitlyDenied');
    expect(await mayDo(broad.template, 'cloudformation:DeleteStack', stack('PaymentSandbox-pr-42'), sandboxTag)).toBe('Allowed');
    expect(await mayDo(broad.template, 'cloudformation:DeleteStack', stack('PaymentSandbox-pr-42'), { 'aws:ResourceTag/project': 'other' })).toBe(
      'ImplicitlyDenied',
    );
    expect(await mayDo(broad.template, 'cloudformation:DeleteStack', stack('Production'), sandboxTag)).toBe('ImplicitlyDenied');
    expect(await mayDo(broad.template, 'cloudformation:UpdateStack', stack('PaymentSandbox-pr-42'), sandboxTag)).toBe('ImplicitlyDenied');
    const clientPartition = { 'dynamodb:LeadingKeys': 'C#cli_•' };
    expect(await mayDo(broad.template, 'dynamodb:PutItem', table('PaymentSandbox-pr-42-TableCD117FA1-ABC'), clientPartition)).toBe('Allowed');
    expect(await mayDo(broad.template, 'dynamodb:PutItem', table('Orders'), clientPartition)).toBe('ImplicitlyDenied');
    expect(await mayDo(broad.template, 'dynamodb:DeleteItem', table('PaymentSandbox-pr-42-TableCD117FA1-ABC'))).toBe('ImplicitlyDenied');
  });
});

// --- What ci-env writes, recorded on DynamoDB Local and evaluated against the role --------------

const SANDBOX_TABLE = `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/PaymentSandbox-pr-42-TableCD117FA1-ABC`;

/**
 * The IAM requests of `admin ci-env --stack pr-42` as it runs in the action: CloudFormation is mocked
 * (the stack's outputs name this run's table and server), DynamoDB is this run's DynamoDB Local, and
 * each call the CLI's clients send is turned into the requests IAM authorizes (lib/db/access.ts).
 */
async function recordCiEnv(): Promise<IamRequest[]> {
  const cf = mockClient(CloudFormationClient);
  cf.on(DescribeStacksCommand).resolves({ Stacks: [describedStack('pr-42', { apiUrl: inject('baseUrl'), tableName: inject('tableName') })] });
  // lib/db/client.ts hands a client's calls to the observer only when recording is on, as the run's
  // global setup has it (test/support/dynamodb-calls.ts). Not stubbed here: a file that stubs the
  // environment gets the project's modules afresh, and so does the next file of its worker (test/support/own-modules-setup.ts).
  expect(process.env[ENV.callsDir], 'recording is on (test/support/global-setup.ts)').toBeTruthy();
  const observers = globalThis as Record<symbol, CallObserver | undefined>;
  const previous = observers[CALL_OBSERVER];
  const requests: IamRequest[] = [];
  observers[CALL_OBSERVER] = (commandName, input) => {
    requests.push(...iamRequestsOfCall(operationOf(commandName), input));
    previous?.(commandName, input);
  };
  try {
    let stderr = '';
    const code = await runAdmin(
      ['ci-env', '--stack', 'pr-42', '--json'],
      { stdout: { write: () => true }, stderr: { write: (t: string) => (stderr += t) } },
      {
        dynamoEndpoint: inject('dynamoEndpoint'),
      },
    );
    expect(code, stderr).toBe(0);
  } finally {
    observers[CALL_OBSERVER] = previous;
    cf.restore();
  }
  return requests;
}

/** IAM's decision on one recorded request against the CI role's identity policy, and the context keys the evaluator dropped. */
async function decideForCiRole(template: Template, request: IamRequest): Promise<{ result: string; ignored: readonly string[] }> {
  const result = await runSimulation(
    {
      identityPolicies: [{ name: 'ci-role', policy: { Version: '2012-10-17', Statement: resolved(statementsOf(template)) } }],
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      request: {
        action: `dynamodb:${request.action}`,
        principal: `arn:aws:iam::${ACCOUNT}:role/ci`,
        resource: { accountId: ACCOUNT, resource: SANDBOX_TABLE },
        contextVariables: contextOf(request),
      },
    },
    {},
  );
  if (result.resultType === 'error') throw new Error(JSON.stringify(result.errors));
  const ignored = result.resultType === 'single' ? result.result.ignoredContextKeys : result.results.flatMap((r) => r.ignoredContextKeys ?? []);
  return { result: result.overallResult, ignored: [...new Set(ignored ?? [])] };
}

const decisionOf = async (template: Template, request: IamRequest) => (await decideForCiRole(template, request)).result;
const aimedAt = (request: IamRequest, partition: string): IamRequest => ({ ...request, leadingKeys: [partition] });
const described = (request: IamRequest) => `${request.action} on ${request.leadingKeys?.join(',')} naming ${request.attributes?.join(',')}`;

describe("ci-env's writes, evaluated against the CI role", () => {
  let requests: IamRequest[];
  let template: Template;
  beforeAll(async () => {
    template = synth().template;
    requests = await recordCiEnv();
  }, 60_000);

  it('are puts of the client (counting its key), its registry entry, the key and its hash record, in one transaction', () => {
    expect(requests.map((r) => `${r.action} ${r.leadingKeys?.join(',')}`)).toEqual([
      'PutItem C#cli_•', // the client item, its live-key count 1
      'PutItem CLIENTS', // its registry entry
      'PutItem C#cli_•', // the key item
      'PutItem KEYHASH#•', // the key's hash record
    ]);
  });

  it('allows every one of them, with every context key read by the evaluator', async () => {
    for (const request of requests) {
      expect(await decideForCiRole(template, request), described(request)).toEqual({ result: 'Allowed', ignored: [] });
    }
  });

  it('denies each of them aimed at a user→client mapping or any partition ci-env does not write', async () => {
    for (const request of requests) {
      for (const partition of [SHARED_PARTITION_SAMPLES.userClients, UNNAMED_PARTITION, 'DUE', 'C', '']) {
        expect(await decisionOf(template, aimedAt(request, partition)), `${described(request)} at ${partition}`).toBe('ImplicitlyDenied');
      }
    }
  });

  it('denies any update of an item, the live-key count that an older ci-env updated included', async () => {
    for (const attributes of [
      ['live_keys', 'pk', 'sk'],
      ['pk', 'sk', 'webhook_endpoint_count'],
      ['pk', 'scopes', 'sk'],
    ]) {
      const update = { action: 'UpdateItem', resource: 'table', leadingKeys: ['C#cli_•'], attributes, returnValues: 'NONE' };
      expect(await decisionOf(template, update), attributes.join(',')).toBe('ImplicitlyDenied');
    }
  });

  it('denies deleting, reading or checking any item', async () => {
    for (const action of ['DeleteItem', 'GetItem', 'ConditionCheckItem', 'Query', 'BatchWriteItem']) {
      for (const partition of ['C#cli_•', 'KEYHASH#•']) {
        expect(await decisionOf(template, { action, resource: 'table', leadingKeys: [partition] }), `${action} ${partition}`).toBe('ImplicitlyDenied');
      }
    }
  });

  it("still allows a put in another client's partition and a hash record of another key: IAM cannot tell a new id from an existing one", async () => {
    // What the condition cannot narrow (docs/decisions/0202): client ids and key hashes are random, and
    // the puts' attribute_not_exists(pk) is the request's own condition, which IAM does not see. So the
    // role may overwrite any item of any client, or put a hash record naming any client (a key for it).
    const [client, , key, hash] = requests;
    expect(await decisionOf(template, aimedAt(client!, ANOTHER_CLIENT_PARTITION))).toBe('Allowed');
    expect(await decisionOf(template, aimedAt(key!, ANOTHER_CLIENT_PARTITION))).toBe('Allowed');
    expect(await decisionOf(template, aimedAt(hash!, 'KEYHASH#another•'))).toBe('Allowed');
  });
});
