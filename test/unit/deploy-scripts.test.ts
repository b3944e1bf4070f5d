import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScriptDeps } from '../../scripts/cdk-stage';
import { deploy } from '../../scripts/deploy';
import { destroy } from '../../scripts/destroy';

// The exact cdk command lines of `npm run deploy` and `npm run destroy`; cdk itself never runs.

let outputsDir: string;
beforeEach(() => {
  outputsDir = mkdtempSync(join(tmpdir(), 'deploy-outputs-'));
});
afterEach(() => rmSync(outputsDir, { recursive: true, force: true }));

/** A fake cdk: records the command line, and (like cdk deploy) writes the outputs file. */
function fakeCdk(options: { exitCode?: number; outputs?: Record<string, unknown> } = {}) {
  const calls: { command: string; args: readonly string[] }[] = [];
  let stdout = '';
  let stderr = '';
  const deps: ScriptDeps = {
    outputsDir,
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    spawn: async (command, args) => {
      calls.push({ command, args });
      const file = args[args.indexOf('--outputs-file') + 1];
      if (args.includes('--outputs-file') && options.outputs) writeFileSync(file!, JSON.stringify(options.outputs));
      return options.exitCode ?? 0;
    },
  };
  return { deps, calls, out: () => stdout, err: () => stderr };
}

const deployed = (stage: string) => ({
  [`PaymentSandbox-${stage}`]: {
    ApiUrl: `https://abc123.execute-api.eu-west-1.amazonaws.com/api/v1`,
    TableName: `PaymentSandbox-${stage}-TableCD117FA1-XYZ`,
  },
});

describe('npm run deploy', () => {
  it('runs cdk deploy of PaymentSandbox-NAME with the stage, no approval prompt and an outputs file, then prints ApiUrl', async () => {
    const cdk = fakeCdk({ outputs: deployed('pr-42') });
    expect(await deploy(['--stage', 'pr-42'], cdk.deps)).toBe(0);
    expect(cdk.calls).toEqual([
      {
        command: 'npx',
        args: [
          'cdk', 'deploy', 'PaymentSandbox-pr-42', '-c', 'stage=pr-42',
          '--require-approval', 'never', '--outputs-file', join(outputsDir, 'outputs-pr-42.json'),
        ],
      },
    ]);
    expect(cdk.out()).toContain('  ApiUrl:    https://abc123.execute-api.eu-west-1.amazonaws.com/api/v1\n');
    expect(cdk.out()).toContain('  TableName: PaymentSandbox-pr-42-TableCD117FA1-XYZ\n');
    expect(cdk.out()).toContain('npm run --silent admin -- ci-env --stack pr-42');
  });

  it('passes -c retain=true with --retain', async () => {
    const cdk = fakeCdk({ outputs: deployed('team-a') });
    expect(await deploy(['--stage', 'team-a', '--retain'], cdk.deps)).toBe(0);
    expect(cdk.calls[0]!.args.slice(0, 7)).toEqual(['cdk', 'deploy', 'PaymentSandbox-team-a', '-c', 'stage=team-a', '-c', 'retain=true']);
  });

  it('passes the stage\'s limits as -c requests-per-second=N and -c read-units-per-request=N', async () => {
    const cdk = fakeCdk({ outputs: deployed('team-a') });
    expect(await deploy(['--stage', 'team-a', '--requests-per-second', '20', '--read-units-per-request', '128'], cdk.deps)).toBe(0);
    expect(cdk.calls[0]!.args.slice(0, 9)).toEqual([
      'cdk', 'deploy', 'PaymentSandbox-team-a', '-c', 'stage=team-a', '-c', 'requests-per-second=20', '-c', 'read-units-per-request=128',
    ]);
  });

  it('refuses a limit that is not a positive integer with exit code 2, naming the flag, and never runs cdk', async () => {
    for (const argv of [['--requests-per-second', '0'], ['--read-units-per-request', '2.5'], ['--requests-per-second', 'lots']]) {
      const cdk = fakeCdk();
      expect(await deploy(['--stage', 'pr-1', ...argv], cdk.deps), argv.join(' ')).toBe(2);
      expect(cdk.calls).toEqual([]);
      expect(cdk.err()).toMatch(new RegExp(`^deploy: ${argv[0]} must be a positive integer`));
    }
  });

  it('refuses a missing or invalid stage with exit code 2 and never runs cdk', async () => {
    for (const argv of [[], ['--stage', 'PR_42'], ['--stage', 'pr-1', '--force'], ['pr-1']]) {
      const cdk = fakeCdk();
      expect(await deploy(argv, cdk.deps), argv.join(' ')).toBe(2);
      expect(cdk.calls).toEqual([]);
      expect(cdk.err()).toMatch(/^deploy: .*\n\nUsage: npm run deploy -- --stage NAME/);
    }
  });

  it("passes on cdk's exit code when the deployment fails", async () => {
    const cdk = fakeCdk({ exitCode: 3 });
    expect(await deploy(['--stage', 'pr-42'], cdk.deps)).toBe(3);
    expect(cdk.err()).toBe('deploy: cdk deploy of PaymentSandbox-pr-42 failed (exit code 3); see its output above\n');
    expect(cdk.out()).toBe('');
  });

  it('never prints the URL of an earlier deployment', async () => {
    writeFileSync(join(outputsDir, 'outputs-pr-42.json'), JSON.stringify(deployed('pr-42')));
    const cdk = fakeCdk(); // succeeds but writes no outputs
    expect(await deploy(['--stage', 'pr-42'], cdk.deps)).toBe(1);
    expect(cdk.err()).toContain('has no ApiUrl for PaymentSandbox-pr-42');
    expect(cdk.out()).toBe('');
  });
});

describe('npm run destroy', () => {
  it('runs cdk destroy of PaymentSandbox-NAME with the stage, without asking, and forgets its outputs', async () => {
    writeFileSync(join(outputsDir, 'outputs-pr-42.json'), JSON.stringify(deployed('pr-42')));
    const cdk = fakeCdk();
    expect(await destroy(['--stage', 'pr-42'], cdk.deps)).toBe(0);
    expect(cdk.calls).toEqual([
      { command: 'npx', args: ['cdk', 'destroy', 'PaymentSandbox-pr-42', '-c', 'stage=pr-42', '--force'] },
    ]);
    expect(existsSync(join(outputsDir, 'outputs-pr-42.json'))).toBe(false);
    expect(cdk.out()).toContain('PaymentSandbox-pr-42 is gone');
  });

  it('refuses a missing or invalid stage with exit code 2 and never runs cdk', async () => {
    for (const argv of [[], ['--stage', 'Dev'], ['--stage', 'pr-1', '--retain']]) {
      const cdk = fakeCdk();
      expect(await destroy(argv, cdk.deps)).toBe(2);
      expect(cdk.calls).toEqual([]);
    }
  });

  it("passes on cdk's exit code when the deletion fails", async () => {
    const cdk = fakeCdk({ exitCode: 1 });
    expect(await destroy(['--stage', 'pr-42'], cdk.deps)).toBe(1);
    expect(cdk.err()).toBe('destroy: cdk destroy of PaymentSandbox-pr-42 failed (exit code 1); see its output above\n');
  });
});
