import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCiRoleApp, cdkJsonContext, InvalidContextError, wantsCiRole } from '../../infra/app';

// The CI role stack of `npm run deploy -- --ci-role --github-repo owner/name`, synthesized as
// `cdk synth -c ci-role=true -c github-repo=…` builds it (offline: no lookups, no assets).

const outdirs: string[] = [];
afterAll(() => outdirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const PROVIDER_ARN = 'arn:aws:iam::123456789012:oidc-provider/token.actions.githubusercontent.com';
const partitionArn = (service: string, rest: (string | Record<string, string>)[]) => ({
  'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, `:${service}:`, ...rest]],
});

function synth(context: Record<string, unknown> = {}) {
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

  it('lets only workflows of acme/shop assume the role, through that provider, for the audience sts.amazonaws.com', () => {
    const role = Object.values(synthesized.template.findResources('AWS::IAM::Role'))[0] as {
      Properties: { AssumeRolePolicyDocument: { Statement: unknown[] }; ManagedPolicyArns?: unknown; Policies?: unknown };
    };
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      {
        Effect: 'Allow',
        Action: 'sts:AssumeRoleWithWebIdentity',
        Principal: { Federated: { Ref: expect.stringMatching(/^GitHubOidcProvider/) } },
        Condition: {
          StringEquals: { 'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com' },
          StringLike: { 'token.actions.githubusercontent.com:sub': 'repo:acme/shop:*' },
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
        Resource: ['deploy', 'file-publishing'].map((purpose) =>
          ({
            'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iam::', { Ref: 'AWS::AccountId' }, `:role/cdk-hnb659fds-${purpose}-role-`, { Ref: 'AWS::AccountId' }, '-', { Ref: 'AWS::Region' }]],
          }),
        ),
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
        // ci-env: TransactWriteItems of Puts and a ConditionCheck (authorized per item action).
        Sid: 'MintCiKeys',
        Effect: 'Allow',
        Action: ['dynamodb:ConditionCheckItem', 'dynamodb:PutItem'],
        Resource: partitionArn('dynamodb', [{ Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':table/PaymentSandbox-*']),
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
    const calls = imported.split(',').map((name) => name.trim()).filter((name) => /Command$|^paginate/.test(name));
    expect(calls.sort()).toEqual(['DeleteStackCommand', 'DescribeStacksCommand', 'paginateDescribeStacks']);
  });

  it('outputs the role ARN to set as SANDBOX_DEPLOY_ROLE_ARN', () => {
    synthesized.template.hasOutput('RoleArn', { Description: 'Set as the secret SANDBOX_DEPLOY_ROLE_ARN of acme/shop' });
  });

  it('passes cdk-nag AwsSolutions, acknowledging only the three explained wildcards', () => {
    expect(new AwsSolutionsChecks().validateScope(synthesized.app).violations).toEqual([]);
    expect(synthesized.report.pluginReports.flatMap((r) => r.violations.map((v) => `${r.pluginName}: ${v.ruleName}`))).toEqual([]);
    expect(Annotations.fromStack(synthesized.stack).findWarning('*', Match.anyValue())).toEqual([]);
    const acknowledged = synthesized.stack.node
      .findAll()
      .flatMap((c) =>
        c.node.metadata
          .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
          .flatMap((m) => Object.entries(m.data as Record<string, string>)),
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
    const { template } = synth({ 'oidc-provider-arn': PROVIDER_ARN });
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

  it.each(['', 'shop', 'acme/', '/shop', 'acme/shop/x', 'ac--me/shop', 'acme/sh op', 'acme/..'])(
    'refuses the repository %j with a clear message',
    (repo) => {
      expect(() => buildCiRoleApp({ githubRepo: repo })).toThrow(InvalidContextError);
      expect(() => buildCiRoleApp({ githubRepo: repo })).toThrow(/use owner\/name/);
    },
  );

  it('refuses to build without a repository, and refuses a provider ARN that is not GitHub\'s', () => {
    expect(() => buildCiRoleApp({ context: { 'ci-role': 'true' } })).toThrow('The CI role needs its GitHub repository: -c github-repo=owner/name');
    expect(() => buildCiRoleApp({ githubRepo: 'acme/shop', oidcProviderArn: 'arn:aws:iam::123456789012:oidc-provider/example.com' })).toThrow(
      /Invalid OIDC provider ARN/,
    );
  });
});
