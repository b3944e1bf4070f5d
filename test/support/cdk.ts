import { afterAll } from 'vitest';

/**
 * Turns off, for the test file that calls it at its top, the CloudFormation validation CDK runs on
 * every synthesis by default (what `cdk synth --no-validation` turns off). Its engine is WebAssembly
 * compiled on a process's first synthesis, about 5 s of CPU per test file, and its findings can
 * never fail a synthesis (CDK downgrades them to warnings in validation-report.json): only a test
 * that reads that report proves anything with it, and test/infra/cdk-nag.test.ts (the stage's
 * stack) and test/infra/ci-role.test.ts (the CI role's) do. Every other file that synthesizes
 * calls this before its first synthesis. The environment is given back when the file ends: the
 * suites share their worker with the files after them (decision 0400), cdk-nag's among them.
 */
export function skipBuiltinValidation(): void {
  const before = process.env.CDK_VALIDATION;
  process.env.CDK_VALIDATION = 'false';
  afterAll(() => restoreValidation(before));
}

/** The same for one synthesis only (`synthesize`): for a helper that synthesizes inside a hook or a test. */
export function withoutBuiltinValidation<T>(synthesize: () => T): T {
  const before = process.env.CDK_VALIDATION;
  process.env.CDK_VALIDATION = 'false';
  try {
    return synthesize();
  } finally {
    restoreValidation(before);
  }
}

function restoreValidation(before: string | undefined): void {
  if (before === undefined) delete process.env.CDK_VALIDATION;
  else process.env.CDK_VALIDATION = before;
}
