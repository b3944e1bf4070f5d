import { readFileSync } from 'node:fs';
import { runSimulation } from '@cloud-copilot/iam-simulate';
import { beforeAll, describe, expect, it } from 'vitest';
import { cdkJsonContext } from '../../infra/app';
import { buildApp } from '../../infra/sandbox-app';
import { CDK_BOOTSTRAP_QUALIFIER } from '../../infra/ci-role-stack';
import { PROJECT_TAG, STACK_NAME_PREFIX } from '../../infra/stage';
import { bootstrapPolicy, CFN_EXECUTION_POLICY_FILE, DEFAULT_POLICY_NAME } from '../../scripts/bootstrap-policy';
import { skipBuiltinValidation } from '../support/cdk';

skipBuiltinValidation();

// The CloudFormation execution policy the project ships (infra/bootstrap/cfn-execution-policy.json),
// held to the sandbox stack's synthesized template: every resource type the template declares is
// mapped below to what CloudFormation calls to create, read, update and delete it, and the policy
// grants exactly those calls and the deploy's own, on the sandbox's names and tags only.

type Statement = { Sid: string; Effect: string; Action: string | string[]; Resource: string | string[]; Condition?: unknown };
const policy = JSON.parse(readFileSync(CFN_EXECUTION_POLICY_FILE, 'utf8')) as { Version: string; Statement: Statement[] };
const list = <T>(value: T | T[]) => (Array.isArray(value) ? value : [value]);
const granted = () => new Set(policy.Statement.flatMap((s) => list(s.Action)));

/**
 * What CloudFormation calls for each resource type of the sandbox stack: the type's handler
 * permissions (create, read, update, delete) in its CloudFormation registry schema, less those for
 * features the stack does not use (KMS keys, Kinesis streaming, table imports and resource policies,
 * VPCs, layers, code signing, concurrency, managed policies, permissions boundaries, service-linked
 * roles, SMS roles, log data protection). A new resource type fails the first test below until it is
 * mapped here and granted in the policy.
 */
const NEEDS: Record<string, readonly string[]> = {
  'AWS::DynamoDB::Table': [
    'dynamodb:CreateTable',
    'dynamodb:DeleteTable',
    'dynamodb:DescribeTable',
    'dynamodb:UpdateTable',
    'dynamodb:DescribeContinuousBackups',
    'dynamodb:UpdateContinuousBackups',
    'dynamodb:DescribeTimeToLive',
    'dynamodb:UpdateTimeToLive',
    'dynamodb:DescribeContributorInsights',
    'dynamodb:DescribeKinesisStreamingDestination',
    'dynamodb:GetResourcePolicy',
    'dynamodb:ListTagsOfResource',
    'dynamodb:TagResource',
    'dynamodb:UntagResource',
  ],
  'AWS::Lambda::Function': [
    'lambda:CreateFunction',
    'lambda:DeleteFunction',
    'lambda:GetFunction',
    'lambda:UpdateFunctionCode',
    'lambda:UpdateFunctionConfiguration',
    'lambda:GetFunctionCodeSigningConfig',
    'lambda:GetFunctionRecursionConfig',
    'lambda:GetRuntimeManagementConfig',
    'lambda:ListTags',
    'lambda:TagResource',
    'lambda:UntagResource',
    'iam:PassRole', // its role
    's3:GetObject', // its code, from the bootstrap's asset bucket
    's3:GetObjectVersion',
  ],
  'AWS::Lambda::Permission': ['lambda:AddPermission', 'lambda:RemovePermission', 'lambda:GetPolicy'],
  'AWS::Lambda::EventInvokeConfig': [
    'lambda:PutFunctionEventInvokeConfig',
    'lambda:UpdateFunctionEventInvokeConfig',
    'lambda:GetFunctionEventInvokeConfig',
    'lambda:DeleteFunctionEventInvokeConfig',
  ],
  'AWS::Lambda::EventSourceMapping': [
    'lambda:CreateEventSourceMapping',
    'lambda:UpdateEventSourceMapping',
    'lambda:DeleteEventSourceMapping',
    'lambda:GetEventSourceMapping',
    'lambda:ListTags',
    'lambda:TagResource',
    'lambda:UntagResource',
  ],
  'AWS::IAM::Role': [
    'iam:CreateRole',
    'iam:DeleteRole',
    'iam:GetRole',
    'iam:UpdateRole',
    'iam:UpdateRoleDescription',
    'iam:UpdateAssumeRolePolicy',
    'iam:TagRole',
    'iam:UntagRole',
    'iam:ListRolePolicies',
    'iam:ListAttachedRolePolicies',
  ],
  'AWS::IAM::Policy': ['iam:GetRolePolicy', 'iam:PutRolePolicy', 'iam:DeleteRolePolicy'],
  'AWS::Logs::LogGroup': [
    'logs:CreateLogGroup',
    'logs:DeleteLogGroup',
    'logs:DescribeLogGroups',
    'logs:PutRetentionPolicy',
    'logs:DeleteRetentionPolicy',
    'logs:ListTagsForResource',
    'logs:TagResource',
    'logs:UntagResource',
  ],
  'AWS::ApiGatewayV2::Api': ['apigateway:GET', 'apigateway:POST', 'apigateway:PUT', 'apigateway:PATCH', 'apigateway:DELETE'],
  'AWS::ApiGatewayV2::Integration': ['apigateway:GET', 'apigateway:POST', 'apigateway:PATCH', 'apigateway:DELETE'],
  'AWS::ApiGatewayV2::Route': ['apigateway:GET', 'apigateway:POST', 'apigateway:PATCH', 'apigateway:DELETE'],
  'AWS::ApiGatewayV2::Stage': [
    'apigateway:GET',
    'apigateway:POST',
    'apigateway:PATCH',
    'apigateway:DELETE',
    // Its access log (API Gateway's log delivery to the stack's log group).
    'logs:CreateLogDelivery',
    'logs:GetLogDelivery',
    'logs:UpdateLogDelivery',
    'logs:DeleteLogDelivery',
    'logs:ListLogDeliveries',
    'logs:PutResourcePolicy',
    'logs:DescribeResourcePolicies',
  ],
  'AWS::Cognito::UserPool': [
    'cognito-idp:CreateUserPool',
    'cognito-idp:DeleteUserPool',
    'cognito-idp:DescribeUserPool',
    'cognito-idp:UpdateUserPool',
    'cognito-idp:AddCustomAttributes',
    'cognito-idp:GetUserPoolMfaConfig',
    'cognito-idp:SetUserPoolMfaConfig',
    'cognito-idp:ListTagsForResource',
    'cognito-idp:TagResource',
    'cognito-idp:UntagResource',
  ],
  'AWS::Cognito::UserPoolClient': [
    'cognito-idp:CreateUserPoolClient',
    'cognito-idp:DeleteUserPoolClient',
    'cognito-idp:DescribeUserPoolClient',
    'cognito-idp:UpdateUserPoolClient',
  ],
  'AWS::SecretsManager::Secret': [
    'secretsmanager:CreateSecret',
    'secretsmanager:DeleteSecret',
    'secretsmanager:DescribeSecret',
    'secretsmanager:GetSecretValue',
    'secretsmanager:UpdateSecret',
    'secretsmanager:GetRandomPassword',
    'secretsmanager:TagResource',
    'secretsmanager:UntagResource',
  ],
  'AWS::SQS::Queue': [
    'sqs:CreateQueue',
    'sqs:DeleteQueue',
    'sqs:GetQueueUrl',
    'sqs:GetQueueAttributes',
    'sqs:SetQueueAttributes',
    'sqs:ListQueueTags',
    'sqs:TagQueue',
    'sqs:UntagQueue',
  ],
  'AWS::SQS::QueuePolicy': ['sqs:SetQueueAttributes'],
  'AWS::Events::Rule': [
    'events:PutRule',
    'events:DeleteRule',
    'events:DescribeRule',
    'events:PutTargets',
    'events:RemoveTargets',
    'events:ListTargetsByRule',
    'events:ListTagsForResource',
    'events:TagResource',
    'events:UntagResource',
  ],
};

/** What every deploy needs besides its resources: the template's BootstrapVersion parameter (an SSM parameter type). */
const DEPLOY_NEEDS = ['ssm:GetParameter', 'ssm:GetParameters'];

/** CloudFormation's own: the CLI's version report, which calls nothing in the account. */
const CALLS_NOTHING = new Set(['AWS::CDK::Metadata']);

type Resource = { Type: string; Properties?: Record<string, unknown> };
let resources: Resource[];
beforeAll(() => {
  const { app, stack } = buildApp({ stage: 'pr-42', context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] } });
  const template = app.synth().getStackByName(stack.stackName).template as { Resources: Record<string, Resource> };
  resources = Object.values(template.Resources);
}, 60_000);

const ACCOUNT = '123456789012';
const REGION = 'eu-west-1';

/** IAM's decision on the policy for one request (the evaluator errs on an action IAM does not know). */
async function decide(action: string, resource: string, context: Record<string, string> = {}): Promise<string> {
  const result = await runSimulation(
    {
      identityPolicies: [{ name: 'cfn-execution', policy }],
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      request: {
        action,
        principal: `arn:aws:iam::${ACCOUNT}:role/cdk-${CDK_BOOTSTRAP_QUALIFIER}-cfn-exec-role-${ACCOUNT}-${REGION}`,
        resource: { accountId: ACCOUNT, resource },
        contextVariables: context,
      },
    },
    {},
  );
  if (result.resultType === 'error') throw new Error(`${action} on ${resource}: ${JSON.stringify(result.errors)}`);
  return result.overallResult;
}

describe('the CloudFormation execution policy (infra/bootstrap/cfn-execution-policy.json)', () => {
  it('maps every resource type the sandbox stack declares, and no other', () => {
    const types = new Set(resources.map((r) => r.Type).filter((type) => !CALLS_NOTHING.has(type)));
    expect([...types].sort()).toEqual(Object.keys(NEEDS).sort());
  });

  it("grants every call CloudFormation makes for each of the stack's resource types, and the deploy's own", () => {
    const has = granted();
    const missing = Object.entries(NEEDS).flatMap(([type, actions]) => actions.filter((a) => !has.has(a)).map((a) => `${type}: ${a}`));
    expect(missing).toEqual([]);
    expect(DEPLOY_NEEDS.filter((a) => !has.has(a))).toEqual([]);
  });

  it('grants no action that neither a resource type of the stack nor the deploy needs, and no action by pattern', () => {
    const needed = new Set([...Object.values(NEEDS).flat(), ...DEPLOY_NEEDS]);
    expect([...granted()].filter((a) => !needed.has(a))).toEqual([]);
    expect([...granted()].filter((a) => a.includes('*') || a.includes('?'))).toEqual([]);
  });

  it('names only actions IAM knows, in statements IAM can read, and fits a managed policy (6,144 characters)', async () => {
    expect(policy.Version).toBe('2012-10-17');
    expect(policy.Statement.every((s) => s.Effect === 'Allow' && /^[A-Za-z0-9]+$/.test(s.Sid))).toBe(true);
    expect(new Set(policy.Statement.map((s) => s.Sid)).size).toBe(policy.Statement.length);
    for (const action of granted()) await decide(action, '*'); // throws on an action IAM does not know
    expect(JSON.stringify(policy).replace(/\s/g, '').length).toBeLessThanOrEqual(6_144);
  });

  it('declares no managed policy or permissions boundary on any role, which the policy does not grant', () => {
    const roles = resources.filter((r) => r.Type === 'AWS::IAM::Role');
    expect(roles.length).toBeGreaterThan(0);
    expect(roles.filter((r) => r.Properties?.ManagedPolicyArns !== undefined || r.Properties?.PermissionsBoundary !== undefined)).toEqual([]);
  });

  it("reaches the sandbox's resources by their generated names (PaymentSandbox-<stage>-…), tags and the bootstrap's own", async () => {
    const name = (kind: string) => `${STACK_NAME_PREFIX}pr-42-${kind}ABCD1234-1A2B3C4D5E6F`;
    const tagged = { [`aws:ResourceTag/${PROJECT_TAG.key}`]: PROJECT_TAG.value };
    const tagging = { [`aws:RequestTag/${PROJECT_TAG.key}`]: PROJECT_TAG.value };
    const allowed: [string, string, Record<string, string>?][] = [
      ['ssm:GetParameters', `arn:aws:ssm:${REGION}:${ACCOUNT}:parameter/cdk-bootstrap/${CDK_BOOTSTRAP_QUALIFIER}/version`],
      ['s3:GetObject', `arn:aws:s3:::cdk-${CDK_BOOTSTRAP_QUALIFIER}-assets-${ACCOUNT}-${REGION}/0a1b2c.zip`],
      ['dynamodb:CreateTable', `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/${name('Table')}`],
      ['lambda:CreateFunction', `arn:aws:lambda:${REGION}:${ACCOUNT}:function:${name('SweepFunction')}`],
      ['lambda:PutFunctionEventInvokeConfig', `arn:aws:lambda:${REGION}:${ACCOUNT}:function:${name('SweepFunction')}:$LATEST`],
      ['lambda:CreateEventSourceMapping', '*', { 'lambda:FunctionArn': `arn:aws:lambda:${REGION}:${ACCOUNT}:function:${name('DispatchEvents')}` }],
      ['iam:CreateRole', `arn:aws:iam::${ACCOUNT}:role/${name('SweepRole')}`],
      ['iam:PutRolePolicy', `arn:aws:iam::${ACCOUNT}:role/${name('SweepRole')}`],
      ['iam:PassRole', `arn:aws:iam::${ACCOUNT}:role/${name('SweepRole')}`, { 'iam:PassedToService': 'lambda.amazonaws.com' }],
      ['logs:CreateLogGroup', `arn:aws:logs:${REGION}:${ACCOUNT}:log-group:${name('AccessLogs')}`],
      ['cognito-idp:CreateUserPool', '*', tagging],
      ['cognito-idp:DeleteUserPool', `arn:aws:cognito-idp:${REGION}:${ACCOUNT}:userpool/${REGION}_AbCdEf123`, tagged],
      ['secretsmanager:CreateSecret', `arn:aws:secretsmanager:${REGION}:${ACCOUNT}:secret:CursorSecretABAE1358-AbCdEf`, tagging],
      ['secretsmanager:GetSecretValue', `arn:aws:secretsmanager:${REGION}:${ACCOUNT}:secret:CursorSecretABAE1358-AbCdEf`, tagged],
      ['sqs:CreateQueue', `arn:aws:sqs:${REGION}:${ACCOUNT}:${name('SweepDeadLetters')}`],
      ['events:PutTargets', `arn:aws:events:${REGION}:${ACCOUNT}:rule/${name('SweepSchedule')}`],
    ];
    for (const [action, resource, context] of allowed) expect(await decide(action, resource, context), `${action} on ${resource}`).toBe('Allowed');
  });

  it('reaches HTTP APIs (/apis…) and their tags, and no REST API or account setting', () => {
    // The evaluator's data lists API Gateway's REST API resources only for apigateway:POST and the
    // like, not the HTTP APIs' (/apis…), so these are matched against the statement's patterns as IAM
    // matches them (* spans any characters, / included).
    const patterns = policy.Statement.filter((s) => list(s.Action).includes('apigateway:POST')).flatMap((s) => list(s.Resource));
    const reached = (arn: string) =>
      patterns.some((p) =>
        new RegExp(
          `^${p
            .split('*')
            .map((part) => part.replace(/[.?+^$()[\]{}|\\/]/g, '\\$&'))
            .join('.*')}$`,
        ).test(arn),
      );
    const api = (path: string) => `arn:aws:apigateway:${REGION}::${path}`;
    for (const path of [
      '/apis',
      '/apis/a1b2c3d4e5',
      '/apis/a1b2c3d4e5/routes/r1',
      '/apis/a1b2c3d4e5/stages/$default',
      `/tags/${encodeURIComponent(api('/apis/a1b2c3d4e5'))}`,
    ]) {
      expect(reached(api(path)), path).toBe(true);
    }
    for (const path of ['/restapis', '/restapis/a1b2c3d4e5', '/account', '/domainnames/api.example.com', '/vpclinks/v1'])
      expect(reached(api(path)), path).toBe(false);
  });

  it("denies everything else: other names, the CI role's stack and the bootstrap's roles, untagged pools and secrets, other services", async () => {
    const other = (service: string, rest: string) => `arn:aws:${service}:${REGION}:${ACCOUNT}:${rest}`;
    const ciRole = `arn:aws:iam::${ACCOUNT}:role/PaymentSandboxCiRole-acme-shop-Role1ABCC5F0-XYZ`;
    const denied: [string, string, Record<string, string>?][] = [
      ['dynamodb:DeleteTable', other('dynamodb', 'table/Orders')],
      ['dynamodb:DeleteTable', other('dynamodb', 'table/PaymentSandboxOrders')],
      ['lambda:UpdateFunctionCode', other('lambda', 'function:billing-api')],
      ['lambda:CreateEventSourceMapping', '*', { 'lambda:FunctionArn': other('lambda', 'function:billing-api') }],
      ['iam:CreateRole', `arn:aws:iam::${ACCOUNT}:role/Admin`],
      // A sandbox deploy cannot touch the CI role (its trust) or the bootstrap's own roles.
      ['iam:UpdateAssumeRolePolicy', ciRole],
      ['iam:PutRolePolicy', ciRole],
      ['iam:PutRolePolicy', `arn:aws:iam::${ACCOUNT}:role/cdk-${CDK_BOOTSTRAP_QUALIFIER}-cfn-exec-role-${ACCOUNT}-${REGION}`],
      ['iam:CreateOpenIDConnectProvider', `arn:aws:iam::${ACCOUNT}:oidc-provider/token.actions.githubusercontent.com`],
      // No managed policy (AdministratorAccess) on any role, no boundary removed, no user or access key.
      ['iam:AttachRolePolicy', `arn:aws:iam::${ACCOUNT}:role/${STACK_NAME_PREFIX}pr-42-SweepRole-1A2B`],
      ['iam:DeleteRolePermissionsBoundary', `arn:aws:iam::${ACCOUNT}:role/${STACK_NAME_PREFIX}pr-42-SweepRole-1A2B`],
      ['iam:CreateUser', `arn:aws:iam::${ACCOUNT}:user/ci`],
      ['iam:CreateAccessKey', `arn:aws:iam::${ACCOUNT}:user/admin`],
      ['iam:PassRole', `arn:aws:iam::${ACCOUNT}:role/${STACK_NAME_PREFIX}pr-42-SweepRole-1A2B`, { 'iam:PassedToService': 'ec2.amazonaws.com' }],
      ['s3:GetObject', 'arn:aws:s3:::customer-exports/2026/11/all.csv'],
      ['s3:PutObject', `arn:aws:s3:::cdk-${CDK_BOOTSTRAP_QUALIFIER}-assets-${ACCOUNT}-${REGION}/0a1b2c.zip`],
      ['cognito-idp:CreateUserPool', '*'],
      ['cognito-idp:DeleteUserPool', other('cognito-idp', `userpool/${REGION}_Customers`)],
      ['cognito-idp:DeleteUserPool', other('cognito-idp', `userpool/${REGION}_Customers`), { [`aws:ResourceTag/${PROJECT_TAG.key}`]: 'shop' }],
      ['secretsmanager:GetSecretValue', other('secretsmanager', 'secret:prod/db-password-AbCdEf')],
      // Tagging a secret that is not the sandbox's would make it one: refused.
      ['secretsmanager:TagResource', other('secretsmanager', 'secret:prod/db-password-AbCdEf'), { [`aws:RequestTag/${PROJECT_TAG.key}`]: PROJECT_TAG.value }],
      ['sqs:DeleteQueue', other('sqs', 'orders')],
      ['events:PutTargets', other('events', 'rule/nightly-billing')],
      ['apigateway:DELETE', `arn:aws:apigateway:${REGION}::/restapis/a1b2c3d4e5`],
      ['apigateway:PATCH', `arn:aws:apigateway:${REGION}::/account`],
      ['logs:DeleteLogGroup', other('logs', 'log-group:/aws/lambda/billing-api')],
      ['ssm:GetParameters', other('ssm', 'parameter/prod/db-password')],
      ['ec2:RunInstances', other('ec2', 'instance/*')],
      ['cloudformation:DeleteStack', other('cloudformation', 'stack/Production/0c5e8a40-0000-11ef-0000-000000000000')],
    ];
    for (const [action, resource, context] of denied) expect(await decide(action, resource, context), `${action} on ${resource}`).toBe('ImplicitlyDenied');
  });
});

describe('npm run bootstrap-policy', () => {
  function run(argv: string[]) {
    let stdout = '';
    let stderr = '';
    const code = bootstrapPolicy(argv, { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } });
    return { code, stdout, stderr };
  }

  it('prints the commands that create the policy from the document and bootstrap the account and region with it', () => {
    const { code, stdout, stderr } = run(['--account', '123456789012', '--region', 'eu-west-1']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const commands = stdout.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(commands).toEqual([
      `aws iam create-policy --policy-name ${DEFAULT_POLICY_NAME} --policy-document file://${CFN_EXECUTION_POLICY_FILE}`,
      `npx cdk bootstrap aws://123456789012/eu-west-1 --cloudformation-execution-policies arn:aws:iam::123456789012:policy/${DEFAULT_POLICY_NAME}`,
      `aws iam create-policy-version --policy-arn arn:aws:iam::123456789012:policy/${DEFAULT_POLICY_NAME} --policy-document file://${CFN_EXECUTION_POLICY_FILE} --set-as-default`,
    ]);
    expect(CFN_EXECUTION_POLICY_FILE.endsWith('infra/bootstrap/cfn-execution-policy.json')).toBe(true);
  });

  it('leaves placeholders for what it is not told, and takes another policy name', () => {
    const { code, stdout } = run(['--policy-name', 'SandboxDeploys']);
    expect(code).toBe(0);
    expect(stdout).toContain('npx cdk bootstrap aws://<account>/<region> --cloudformation-execution-policies arn:aws:iam::<account>:policy/SandboxDeploys');
  });

  it('says the CI role stack is outside the policy, and how to change it later', () => {
    const { stdout } = run([]);
    expect(stdout).toContain('# The CI role stack (npm run deploy -- --ci-role …) is outside the policy on purpose');
    expect(stdout).toContain('--cloudformation-execution-policies arn:aws:iam::aws:policy/AdministratorAccess');
  });

  it.each([
    [['--account', '1234'], 'Invalid account "1234": 12 digits'],
    [['--region', 'Europe'], 'Invalid region "Europe"'],
    [['--policy-name', 'a b'], 'Invalid policy name "a b"'],
    [['--run'], "Unknown option '--run'"],
  ])('refuses %j with exit code 2 and the usage', (argv, message) => {
    const { code, stdout, stderr } = run(argv);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(`bootstrap-policy: ${message}`);
    expect(stderr).toContain('Usage: npm run bootstrap-policy');
  });
});
