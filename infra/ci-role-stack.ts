/**
 * The CI role of one GitHub repository
 * (`npm run deploy -- --ci-role --github-repo owner/name --github-environment NAME`): GitHub's OIDC
 * provider (or an existing one) and a role that only the named environments or refs of that
 * repository may assume (every workflow of it only when asked for by name), allowed exactly what
 * `npm run deploy`, `npm run destroy`, the admin CLI's `ci-env` and `stacks prune` call in the region
 * of this stack. docs/decisions/ lists each call.
 */
import { CfnOutput, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { Effect, OidcProviderNative, PolicyStatement, Role, WebIdentityPrincipal } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { GITHUB_OIDC_HOST, trustedSubjects, validateGithubRepo, validateOidcProviderArn } from './ci-role-options';
import { CLIENT_PARTITION_PREFIX, SHARED_PARTITIONS } from '../lib/db/keys';
import { PROJECT_TAG, STACK_NAME_PREFIX } from './stage';

/** The default qualifier of `cdk bootstrap`: its roles are `cdk-hnb659fds-<purpose>-role-<account>-<region>`. */
export const CDK_BOOTSTRAP_QUALIFIER = 'hnb659fds';

export interface CiRoleStackProps extends StackProps {
  /** `owner/name`: the only repository whose workflows may assume the role. */
  readonly githubRepo: string;
  /**
   * Jobs that run in these GitHub environments may assume it (`--github-environment`). This, `githubRefs`
   * or `trustEveryWorkflowOfTheRepository` is required.
   * @default - none
   */
  readonly githubEnvironments?: readonly string[];
  /**
   * Jobs of these branches or tags may assume it (`--github-ref refs/heads/main`).
   * @default - none
   */
  readonly githubRefs?: readonly string[];
  /**
   * Every workflow of the repository may assume it (`repo:owner/name:*`: every branch, tag, pull request
   * and environment), instead of named environments or refs (`--trust-every-workflow-of-the-repository`).
   * @default false
   */
  readonly trustEveryWorkflowOfTheRepository?: boolean;
  /** GitHub's OIDC provider when the account has one already (an account holds one per URL). */
  readonly oidcProviderArn?: string;
}

export class CiRoleStack extends Stack {
  readonly role: Role;
  readonly oidcProviderArn: string;

  constructor(scope: Construct, id: string, props: CiRoleStackProps) {
    super(scope, id, props);
    const githubRepo = validateGithubRepo(props.githubRepo);
    const { account, region, partition } = Stack.of(this);

    this.oidcProviderArn = props.oidcProviderArn
      ? validateOidcProviderArn(props.oidcProviderArn)
      : new OidcProviderNative(this, 'GitHubOidcProvider', {
          url: `https://${GITHUB_OIDC_HOST}`,
          clientIds: ['sts.amazonaws.com'],
        }).oidcProviderArn;

    // Exactly the named environments and refs; every workflow of the repository only when asked for by
    // name. Neither is refused here too, so a bare `cdk synth` or `cdk deploy` cannot make the wide role.
    const { exact, subjects } = trustedSubjects({
      githubRepo,
      environments: props.githubEnvironments,
      refs: props.githubRefs,
      everyWorkflow: props.trustEveryWorkflowOfTheRepository,
    });
    const sub = { [`${GITHUB_OIDC_HOST}:sub`]: subjects.length === 1 ? subjects[0]! : [...subjects] };
    const aud = { [`${GITHUB_OIDC_HOST}:aud`]: 'sts.amazonaws.com' };
    this.role = new Role(this, 'Role', {
      description: `Payment Sandbox CI of ${githubRepo}: deploy, ci-env, stacks prune and destroy of PaymentSandbox-* stacks`,
      assumedBy: new WebIdentityPrincipal(this.oidcProviderArn, exact ? { StringEquals: { ...aud, ...sub } } : { StringEquals: aud, StringLike: sub }),
    });

    // npm run deploy / destroy: cdk assumes the bootstrap's deploy role (CloudFormation, the
    // bootstrap version parameter, the outputs) and its file-publishing role (the functions' zip
    // files to the asset bucket). No lookups and no container images: no lookup or image role.
    this.role.addToPolicy(
      new PolicyStatement({
        sid: 'CdkBootstrapRoles',
        effect: Effect.ALLOW,
        actions: ['sts:AssumeRole'],
        resources: ['deploy', 'file-publishing'].map(
          (purpose) => `arn:${partition}:iam::${account}:role/cdk-${CDK_BOOTSTRAP_QUALIFIER}-${purpose}-role-${account}-${region}`,
        ),
      }),
    );
    // ci-env (DescribeStacks of one stack) and stacks prune (DescribeStacks of every stack: tags and outputs).
    this.role.addToPolicy(
      new PolicyStatement({
        sid: 'DescribeStacks',
        effect: Effect.ALLOW,
        actions: ['cloudformation:DescribeStacks'],
        resources: ['*'],
      }),
    );
    // stacks prune: DeleteStack by stack id, of sandbox stacks only (name and tag).
    this.role.addToPolicy(
      new PolicyStatement({
        sid: 'PruneSandboxStacks',
        effect: Effect.ALLOW,
        actions: ['cloudformation:DeleteStack'],
        resources: [`arn:${partition}:cloudformation:${region}:${account}:stack/${STACK_NAME_PREFIX}*/*`],
        conditions: { StringEquals: { [`aws:ResourceTag/${PROJECT_TAG.key}`]: PROJECT_TAG.value } },
      }),
    );
    // ci-env (infra/local/admin-cli.ts: createClientWithKey) writes in one transaction: the client item
    // (C#<client>, already counting its key), its registry entry (CLIENTS), the key item (C#<client>)
    // and the key's hash record (KEYHASH#<sha-256>). So PutItem in exactly those partitions: no update,
    // no user→client mapping (USER#…), no other partition, no delete, no read. IAM cannot tell a new
    // client's partition or a new key's hash from an existing one (the ids are random, and
    // attribute_not_exists is the request's own condition, which IAM does not see): the role may still
    // put any item in any client's partition, or a hash record that names any client, so it can mint a
    // key for an existing client.
    // test/infra/ci-role.test.ts evaluates ci-env's recorded requests against these statements.
    const tables = `arn:${partition}:dynamodb:${region}:${account}:table/${STACK_NAME_PREFIX}*`;
    const clientPartitions = `${CLIENT_PARTITION_PREFIX}*`;
    this.role.addToPolicy(
      new PolicyStatement({
        sid: 'MintCiKeys',
        effect: Effect.ALLOW,
        actions: ['dynamodb:PutItem'],
        resources: [tables],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [clientPartitions, SHARED_PARTITIONS.clientRegistry, SHARED_PARTITIONS.keyHashes] },
        },
      }),
    );

    Validations.of(this.role).acknowledge(
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'cloudformation:DescribeStacks without a stack name (stacks prune reads every stack and keeps those tagged ' +
          'project=payment-sandbox) is authorized only against "*". It is read-only; every write is on sandbox stacks or tables.',
      },
      {
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:cloudformation:<AWS::Region>:<AWS::AccountId>:stack/${STACK_NAME_PREFIX}*/*]`,
        reason:
          'Sandbox stacks are made per stage (PaymentSandbox-<stage>), so DeleteStack names them by prefix; the stack id ' +
          'ends in a random suffix (/*). The condition also requires the sandbox tag.',
      },
      {
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:dynamodb:<AWS::Region>:<AWS::AccountId>:table/${STACK_NAME_PREFIX}*]`,
        reason:
          "Each sandbox stack's table is named by CloudFormation PaymentSandbox-<stage>-Table…; ci-env only puts items " +
          "there (client, registry and key-hash partitions, by dynamodb:LeadingKeys) and updates a client's live-key count.",
      },
    );

    new CfnOutput(this, 'RoleArn', {
      value: this.role.roleArn,
      description: `Set as the secret SANDBOX_DEPLOY_ROLE_ARN of ${githubRepo}`,
    });
    new CfnOutput(this, 'OidcProviderArn', { value: this.oidcProviderArn });
  }
}
