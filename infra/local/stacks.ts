/**
 * Sandbox stacks as CloudFormation sees them: find one by stage, list them all by tag, prune
 * the stale ones. Only control-plane calls live here; the admin CLI reaches a stack's table
 * with the ordinary DynamoDB client.
 */
import { CloudFormationClient, DeleteStackCommand, DescribeStacksCommand, paginateDescribeStacks, type Stack } from '@aws-sdk/client-cloudformation';
import { PROJECT_TAG, STACK_NAME_PREFIX, STACK_OUTPUTS, STAGE_TAG_KEY, stackNameOf } from '../stage';

/** A stack problem the user can fix (wrong name, no credentials, not a sandbox): printed as a message. */
export class StackError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StackError';
  }
}

/** A sandbox stack with what the CLI needs from it. */
export interface SandboxStack {
  readonly stackName: string;
  readonly stackId: string;
  readonly stage: string;
  readonly status: string;
  readonly createdAt: Date;
  /** The last deployment that changed the stack: LastUpdatedTime, or CreationTime if never updated. */
  readonly lastDeployedAt: Date;
  readonly apiUrl: string | undefined;
  readonly tableName: string | undefined;
  /** The stage's Cognito user pool (`admin users … --stack`), once deployed with one. */
  readonly userPoolId: string | undefined;
  /** The dashboard's app client of that pool. */
  readonly userPoolClientId: string | undefined;
}

/** `pr-42` or `PaymentSandbox-pr-42` → `PaymentSandbox-pr-42`. */
export function resolveStackName(nameOrStage: string): string {
  return nameOrStage.startsWith(STACK_NAME_PREFIX) ? nameOrStage : stackNameOf(nameOrStage);
}

/** Describes one stack; throws a StackError when it is missing or not a sandbox. */
export async function findSandboxStack(cf: CloudFormationClient, nameOrStage: string): Promise<SandboxStack> {
  const stackName = resolveStackName(nameOrStage);
  let stack: Stack | undefined;
  try {
    stack = (await cf.send(new DescribeStacksCommand({ StackName: stackName }))).Stacks?.[0];
  } catch (error) {
    // CloudFormation has no "not found" error type: a missing stack is a ValidationError saying so.
    if (errorName(error) === 'ValidationError' && /does not exist/.test(errorMessage(error))) {
      throw new StackError(
        `stack ${stackName} does not exist in ${await regionOf(cf)}; deploy it with 'npm run deploy -- --stage ${stageOf(stackName)}' or pass --region`,
      );
    }
    throw awsError(error, 'cloudformation:DescribeStacks');
  }
  if (!stack) throw new StackError(`stack ${stackName} does not exist in ${await regionOf(cf)}`);
  if (!isSandbox(stack)) {
    throw new StackError(`${stackName} is not a sandbox stack (it has no tag ${PROJECT_TAG.key}=${PROJECT_TAG.value})`);
  }
  return toSandboxStack(stack);
}

/** Every sandbox stack of the account and region (by tag), oldest deployment first. */
export async function listSandboxStacks(cf: CloudFormationClient): Promise<SandboxStack[]> {
  const found: SandboxStack[] = [];
  try {
    // DescribeStacks without a name pages through every live stack, tags and outputs included.
    for await (const page of paginateDescribeStacks({ client: cf }, {})) {
      for (const stack of page.Stacks ?? []) {
        if (isSandbox(stack) && stack.StackStatus !== 'DELETE_COMPLETE') found.push(toSandboxStack(stack));
      }
    }
  } catch (error) {
    throw awsError(error, 'cloudformation:DescribeStacks');
  }
  return found.sort((a, b) => a.lastDeployedAt.getTime() - b.lastDeployedAt.getTime());
}

export interface PrunePlan {
  /** Sandbox stacks not deployed for longer than the limit. */
  readonly stale: SandboxStack[];
  /** Stale, but in the middle of an operation (…_IN_PROGRESS): left alone this time. */
  readonly busy: SandboxStack[];
  /** Deployed within the limit, or not matching the stage pattern. */
  readonly kept: SandboxStack[];
}

/**
 * Sorts sandbox stacks for `stacks prune`. A stack is stale when its last deployment
 * (LastUpdatedTime, else CreationTime) is older than `olderThanMs`, so a pull request that
 * keeps redeploying keeps its stack. `stagePattern` (`*` wildcards) narrows it to, e.g., `pr-*`.
 */
export function planPrune(stacks: readonly SandboxStack[], options: { olderThanMs: number; now: Date; stagePattern?: string }): PrunePlan {
  const matches = options.stagePattern ? globToRegExp(options.stagePattern) : undefined;
  const plan: PrunePlan = { stale: [], busy: [], kept: [] };
  for (const stack of stacks) {
    const idle = options.now.getTime() - stack.lastDeployedAt.getTime();
    if (idle <= options.olderThanMs || (matches && !matches.test(stack.stage))) plan.kept.push(stack);
    else if (stack.status.endsWith('_IN_PROGRESS')) plan.busy.push(stack);
    else plan.stale.push(stack);
  }
  return plan;
}

/** Starts the deletion of a stack (CloudFormation finishes it on its own). */
export async function deleteStack(cf: CloudFormationClient, stack: SandboxStack): Promise<void> {
  try {
    // By id, not name: a stack recreated under the same name since the listing is never hit.
    await cf.send(new DeleteStackCommand({ StackName: stack.stackId }));
  } catch (error) {
    throw awsError(error, 'cloudformation:DeleteStack');
  }
}

/** The region the client talks to, for messages. */
export async function regionOf(cf: CloudFormationClient): Promise<string> {
  try {
    return await cf.config.region();
  } catch {
    return 'the default region';
  }
}

/**
 * Resolves the default AWS credential chain (what cdk and the SDK use) without calling AWS, so a
 * command that needs credentials stops at once, with the message the admin CLI gives for a call
 * made without them (describeAwsError), instead of after cdk's synthesis.
 */
export async function requireAwsCredentials(): Promise<void> {
  const cf = new CloudFormationClient({});
  try {
    await cf.config.credentials();
  } catch (error) {
    throw awsError(error, 'resolve AWS credentials');
  } finally {
    cf.destroy();
  }
}

/** Turns the SDK's credential, region and permission errors into messages a user can act on. */
export function describeAwsError(error: unknown, action?: string): string | undefined {
  const name = errorName(error);
  const message = errorMessage(error);
  if (name === 'CredentialsProviderError') {
    return 'no AWS credentials found (set AWS_PROFILE, or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or run aws sso login)';
  }
  if (['ExpiredToken', 'ExpiredTokenException', 'InvalidClientTokenId', 'UnrecognizedClientException'].includes(name)) {
    return `AWS rejected the credentials (${name}): refresh them, e.g. aws sso login`;
  }
  if (['AccessDenied', 'AccessDeniedException'].includes(name)) {
    return `not allowed${action ? ` to call ${action}` : ''}: ${message}`;
  }
  // The SDK throws a plain Error when no region is configured anywhere.
  if (/Region is missing/.test(message)) return 'no AWS region: pass --region R or set AWS_REGION';
  return undefined;
}

function awsError(error: unknown, action: string): Error {
  const described = describeAwsError(error, action);
  return described ? new StackError(described) : (error as Error);
}

const tagOf = (stack: Stack, key: string) => stack.Tags?.find((t) => t.Key === key)?.Value;
const outputOf = (stack: Stack, key: string) => stack.Outputs?.find((o) => o.OutputKey === key)?.OutputValue;
const stageOf = (stackName: string) => (stackName.startsWith(STACK_NAME_PREFIX) ? stackName.slice(STACK_NAME_PREFIX.length) : stackName);

function isSandbox(stack: Stack): boolean {
  return tagOf(stack, PROJECT_TAG.key) === PROJECT_TAG.value;
}

function toSandboxStack(stack: Stack): SandboxStack {
  const stackName = stack.StackName ?? '';
  const createdAt = stack.CreationTime ?? new Date(0);
  return {
    stackName,
    stackId: stack.StackId ?? stackName,
    stage: tagOf(stack, STAGE_TAG_KEY) ?? stageOf(stackName),
    status: stack.StackStatus ?? 'UNKNOWN',
    createdAt,
    lastDeployedAt: stack.LastUpdatedTime ?? createdAt,
    apiUrl: outputOf(stack, STACK_OUTPUTS.apiUrl),
    tableName: outputOf(stack, STACK_OUTPUTS.tableName),
    userPoolId: outputOf(stack, STACK_OUTPUTS.userPoolId),
    userPoolClientId: outputOf(stack, STACK_OUTPUTS.userPoolClientId),
  };
}

function globToRegExp(glob: string): RegExp {
  const source = glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`);
}

const errorName = (error: unknown) => String((error as { name?: unknown } | undefined)?.name ?? '');
const errorMessage = (error: unknown) => String((error as { message?: unknown } | undefined)?.message ?? error);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const UNITS: Record<string, number> = { d: DAY, h: HOUR, m: MINUTE };

/** `3d`, `12h`, `90m` or combinations like `1d12h` → milliseconds; undefined when malformed or zero. */
export function parseDuration(text: string): number | undefined {
  const match = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?$/.exec(text.trim());
  if (!match || text.trim() === '') return undefined;
  const [, d = '0', h = '0', m = '0'] = match;
  const ms = Number(d) * UNITS.d! + Number(h) * UNITS.h! + Number(m) * UNITS.m!;
  return ms > 0 ? ms : undefined;
}

/** A duration the way people say it: `3d 4h`, `5h 12m`, `7m`. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${rest}m`;
  return `${rest}m`;
}
