/**
 * The sandbox's app: PaymentSandbox-<stage> with its context, as `cdk synth` builds it. infra/app.ts,
 * the CLI's entry, imports this module only when the sandbox is asked for, so the CI role's
 * synthesis never loads the sandbox stack and what it imports (decision 0380).
 */
import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { Construct } from 'constructs';
import { DEPLOYED_SIGNUP_POLICY, parseSignupPolicy, SIGNUP_POLICY_CONTEXT, SignupPolicyError, type SignupPolicy } from '../lib/identity/signup-policy';
import { DEFAULT_LIMITS, LIMIT_CONTEXT, parseLimit, type Limits } from '../lib/limits';
import { PaymentSandboxStack } from './stack';
import { InvalidContextError, parseContextSwitch, sandboxTags, stackNameOf, validateStage } from './stage';

/**
 * The stage when `-c stage=…` is not given. A developer's bare `cdk synth` or
 * `cdk deploy` then works and lands in PaymentSandbox-dev; CI and shared
 * stages always pass their own name.
 */
export const DEFAULT_STAGE = 'dev';

export interface StackOptions {
  /** Lowercase letters, digits and single hyphens, e.g. `dev`, `alice`, `pr-42`. */
  readonly stage: string;
  /** Keep the table when the stack is deleted (`-c retain=true`). */
  readonly retain: boolean;
  /** The per-client budget (`-c requests-per-second=N -c read-units-per-request=N`); default lib/limits.ts. */
  readonly limits?: Limits;
  /** Who may sign up themselves (`-c signup=open|closed|domain:a.com[,b.org]`); default `closed`. */
  readonly signupPolicy?: SignupPolicy;
}

export interface BuildAppOptions {
  /** Overrides `-c stage=…`. */
  readonly stage?: string;
  /** Overrides `-c retain=…`. */
  readonly retain?: boolean;
  /** Context for the App, as `cdk -c` or cdk.json would give it (tests pass `cdkJsonContext()`). */
  readonly context?: Record<string, unknown>;
  /** Cloud assembly directory; by default the CLI's, or a temporary one. */
  readonly outdir?: string;
}

/** The limits of `-c requests-per-second=N` and `-c read-units-per-request=N`, each defaulting to lib/limits.ts. */
function parseLimits(context: (key: string) => unknown): Limits {
  const limit = (key: keyof Limits) => {
    const value = context(LIMIT_CONTEXT[key]);
    if (value === undefined) return DEFAULT_LIMITS[key];
    try {
      return parseLimit(LIMIT_CONTEXT[key], value);
    } catch {
      throw new InvalidContextError(
        `Invalid ${LIMIT_CONTEXT[key]} ${JSON.stringify(value)}: use a positive integer, e.g. -c ${LIMIT_CONTEXT[key]}=${DEFAULT_LIMITS[key]}`,
      );
    }
  };
  return { requestsPerSecond: limit('requestsPerSecond'), readUnitsPerRequest: limit('readUnitsPerRequest') };
}

/** The policy of `-c signup=…`, `closed` when not given (lib/identity/signup-policy.ts). */
function parseSignup(value: unknown): SignupPolicy {
  try {
    return parseSignupPolicy(value === undefined ? DEPLOYED_SIGNUP_POLICY : String(value));
  } catch (error) {
    if (!(error instanceof SignupPolicyError)) throw error;
    throw new InvalidContextError(`${error.message}, e.g. -c ${SIGNUP_POLICY_CONTEXT}=domain:example.com`);
  }
}

/** Creates PaymentSandbox-<stage> in `scope`, tagged with the project and the stage. */
export function createStack(scope: Construct, options: StackOptions): PaymentSandboxStack {
  const stage = validateStage(options.stage);
  const tags = sandboxTags(stage);
  // No `env`: account and region come from the CLI's environment at deploy time.
  const stack = new PaymentSandboxStack(scope, stackNameOf(stage), {
    stage,
    retain: options.retain,
    limits: options.limits ?? DEFAULT_LIMITS,
    signupPolicy: options.signupPolicy ?? parseSignupPolicy(DEPLOYED_SIGNUP_POLICY),
    description: `Payment Sandbox (${stage}): HTTP API, one Lambda per route, one DynamoDB table, one user pool`,
    tags, // the CloudFormation stack itself
  });
  for (const [key, value] of Object.entries(tags)) Tags.of(stack).add(key, value); // every resource in it
  return stack;
}

/** Builds the app as `cdk synth` runs it: context (stage, retain, limits, sign-up policy) read once, one stack, cdk-nag AwsSolutions checks. */
export function buildApp(options: BuildAppOptions = {}): { app: App; stack: PaymentSandboxStack } {
  // Synthesized by the caller (the CLI's entry, a test), not again on exit (decision 0380).
  const app = new App({ context: options.context, outdir: options.outdir, autoSynth: false });
  const stage = options.stage ?? String(app.node.tryGetContext('stage') ?? DEFAULT_STAGE);
  const retain = options.retain ?? parseContextSwitch('retain', app.node.tryGetContext('retain'));
  const limits = parseLimits((key) => app.node.tryGetContext(key));
  const signupPolicy = parseSignup(app.node.tryGetContext(SIGNUP_POLICY_CONTEXT));
  const stack = createStack(app, { stage, retain, limits, signupPolicy });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}
