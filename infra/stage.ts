/**
 * What names a sandbox on AWS: the stage, its stack name and its tags. The CDK app, the
 * deploy/destroy scripts and the admin CLI all read these facts from here; this module
 * imports nothing from the CDK, so the CLI stays quick to start.
 */

/** Every sandbox stack is named `PaymentSandbox-<stage>`. */
export const STACK_NAME_PREFIX = 'PaymentSandbox-';

/** The tag every sandbox stack and resource carries; `stacks list` and `stacks prune` find stacks by it. */
export const PROJECT_TAG = { key: 'project', value: 'payment-sandbox' } as const;

/**
 * The outputs of a stage's stack: deploy prints them, and the admin CLI reads them through
 * findSandboxStack (infra/local/stacks.ts) to reach the stage's table and user pool.
 */
export const STACK_OUTPUTS = {
  apiUrl: 'ApiUrl',
  tableName: 'TableName',
  userPoolId: 'UserPoolId',
  userPoolClientId: 'UserPoolClientId',
} as const;

/** The tag that names the stage. */
export const STAGE_TAG_KEY = 'stage';

const STAGE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const STAGE_MAX_LENGTH = 32;

/** A `-c` context value or a stage the app cannot use; CLIs print the message without a stack trace. */
export class InvalidContextError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidContextError';
  }
}

/** Throws an InvalidContextError unless `stage` can name a stack and its resources. */
export function validateStage(stage: string): string {
  if (!STAGE_PATTERN.test(stage) || stage.length > STAGE_MAX_LENGTH) {
    throw new InvalidContextError(
      `Invalid stage ${JSON.stringify(stage)}: use 1-${STAGE_MAX_LENGTH} lowercase letters, digits and single inner hyphens, e.g. dev, alice or pr-42`,
    );
  }
  return stage;
}

/** The stack name of a (valid) stage. */
export function stackNameOf(stage: string): string {
  return `${STACK_NAME_PREFIX}${validateStage(stage)}`;
}

/** The tags of a stage's stack and of every resource in it. */
export function sandboxTags(stage: string): Record<string, string> {
  return { [PROJECT_TAG.key]: PROJECT_TAG.value, [STAGE_TAG_KEY]: stage };
}

/** A yes-or-no context value (`-c key=true`), false when not given. */
export function parseContextSwitch(key: string, value: unknown): boolean {
  if (value === undefined || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  throw new InvalidContextError(`Invalid ${key} ${JSON.stringify(value)}: use -c ${key}=true or -c ${key}=false`);
}
