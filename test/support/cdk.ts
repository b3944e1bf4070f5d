/**
 * Turns off, for this test file's process, the CloudFormation validation CDK runs on every
 * synthesis by default (what `cdk synth --no-validation` turns off). Its engine is WebAssembly
 * compiled on a process's first synthesis, about 5 s of CPU per test file, and its findings can
 * never fail a synthesis (CDK downgrades them to warnings in validation-report.json): only a test
 * that reads that report proves anything with it, and test/infra/cdk-nag.test.ts (the stage's
 * stack) and test/infra/ci-role.test.ts (the CI role's) do. Every other file that synthesizes
 * calls this before its first synthesis.
 */
export function skipBuiltinValidation(): void {
  process.env.CDK_VALIDATION = 'false';
}
