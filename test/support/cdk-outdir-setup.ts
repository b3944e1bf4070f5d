import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUN_TMP_ENV } from './run-tmp';

/**
 * A setup file of every project that synthesizes CDK apps (vitest.config.ts, vitest.grants.config.ts):
 * the apps a worker synthesizes without an outdir of their own write their cloud assembly into one
 * directory of that worker (CDK_OUTDIR, which an App reads when it is given none). Left to CDK, each
 * synthesis makes a `cdk.out…` directory in the system's temporary directory and leaves it there: 84
 * a run. The directory lives as long as the worker, since a module may keep an app it synthesized
 * for the next files of its worker; it is made in the run's temporary directory
 * (test/support/run-tmp.ts), which the global setup removes after the run, or else removed when the
 * worker exits (the grant check run alone). A worker runs one file at a time, and each app reads its
 * template as it synthesizes, so its files' apps can share the directory.
 */
if (process.env.CDK_OUTDIR === undefined) {
  const outdir = mkdtempSync(join(process.env[RUN_TMP_ENV] ?? tmpdir(), 'cdk.out-'));
  process.env.CDK_OUTDIR = outdir;
  process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
}
