import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * A setup file of every project that synthesizes CDK apps (vitest.config.ts, vitest.grants.config.ts):
 * the apps a test file synthesizes without an outdir of their own write their cloud assembly into one
 * directory of that file (CDK_OUTDIR, which an App reads when it is given none), removed after the
 * file. Left to CDK, each synthesis makes a `cdk.out…` directory in the system's temporary directory
 * and leaves it there: 84 a run. A file's apps synthesize one after another, each reading its
 * template as it synthesizes, so they can share the directory.
 */
const outdir = mkdtempSync(join(tmpdir(), 'cdk.out-test-'));
const before = process.env.CDK_OUTDIR;
process.env.CDK_OUTDIR = outdir;

afterAll(() => {
  if (before === undefined) delete process.env.CDK_OUTDIR;
  else process.env.CDK_OUTDIR = before;
  rmSync(outdir, { recursive: true, force: true });
});
