import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The example CI workflow users copy: it must parse, and call only what package.json defines.

type Step = { name?: string; uses?: string; run?: string; if?: string; with?: Record<string, unknown> };
type Job = { if?: string; steps: Step[]; env?: Record<string, string> };

let workflow: { on: Record<string, any>; jobs: Record<string, Job> };
let scripts: Record<string, string>;

beforeAll(() => {
  workflow = parse(readFileSync('.github/workflows/pr-sandbox.yml', 'utf8'));
  scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts;
});

const steps = () => Object.values(workflow.jobs).flatMap((job) => job.steps);
const runs = () => steps().flatMap((s) => (s.run ? [s.run] : []));
const jobRunning = (command: string) => Object.values(workflow.jobs).find((j) => j.steps.some((s) => s.run?.includes(command)))!;
const indexOf = (job: Job, command: string) => job.steps.findIndex((s) => s.run?.includes(command));

/** Script names of `npm run [--flags] NAME`, `npm test` and `npm start` in a shell snippet. */
function npmScripts(run: string): string[] {
  const named = [...run.matchAll(/\bnpm\s+run(?:\s+--?[\w-]+)*\s+([\w:.-]+)/g)].map((m) => m[1]!);
  const short = [...run.matchAll(/\bnpm\s+(test|start)\b/g)].map((m) => m[1]!);
  return [...named, ...short];
}

describe('.github/workflows/pr-sandbox.yml', () => {
  it('calls only npm scripts that package.json defines', () => {
    const called = runs().flatMap(npmScripts);
    expect(called).toEqual(expect.arrayContaining(['deploy', 'admin', 'test:e2e', 'destroy']));
    expect(called.filter((name) => !(name in scripts))).toEqual([]);
  });

  it('runs on pull requests and deploys the stage pr-<number>', () => {
    expect(workflow.on.pull_request.types).toEqual(expect.arrayContaining(['opened', 'synchronize', 'reopened']));
    const job = jobRunning('npm run deploy');
    expect(job.env?.STAGE).toBe('pr-${{ github.event.number }}');
    expect(job.steps[indexOf(job, 'npm run deploy')]!.run).toContain('--stage "$STAGE"');
  });

  it('creates the key with ci-env into $GITHUB_ENV, masked, before the e2e tests, after the deploy', () => {
    const job = jobRunning('npm run test:e2e');
    const ciEnv = job.steps[indexOf(job, 'ci-env')]!.run!;
    expect(ciEnv).toContain('npm run --silent admin -- ci-env --stack "$STAGE"');
    expect(ciEnv).toContain('::add-mask::');
    expect(ciEnv).toContain('>> "$GITHUB_ENV"');
    expect(indexOf(job, 'npm run deploy')).toBeLessThan(indexOf(job, 'ci-env'));
    expect(indexOf(job, 'ci-env')).toBeLessThan(indexOf(job, 'npm run test:e2e'));
  });

  it('always destroys the stack, even when the tests fail, as the last step', () => {
    const job = jobRunning('npm run destroy');
    const destroy = job.steps[indexOf(job, 'npm run destroy')]!;
    expect(destroy.if).toMatch(/\balways\(\)/);
    expect(destroy.run).toContain('--stage "$STAGE"');
    expect(indexOf(job, 'npm run destroy')).toBe(job.steps.length - 1);
    expect(job).toBe(jobRunning('npm run deploy'));
  });

  it('gets AWS credentials through OIDC before anything talks to AWS', () => {
    expect(workflow as unknown).toMatchObject({ permissions: { 'id-token': 'write' } });
    for (const job of Object.values(workflow.jobs)) {
      const credentials = job.steps.findIndex((s) => s.uses?.startsWith('aws-actions/configure-aws-credentials@'));
      expect(credentials).toBeGreaterThanOrEqual(0);
      expect(job.steps[credentials]!.with?.['role-to-assume']).toMatch(/secrets\./);
      const firstAws = job.steps.findIndex((s) => /npm run (deploy|admin|destroy)/.test(s.run ?? ''));
      expect(credentials).toBeLessThan(firstAws);
    }
  });

  it('prunes forgotten pull-request stacks on a schedule', () => {
    expect(workflow.on.schedule).toEqual([{ cron: expect.stringMatching(/^\S+ \S+ \S+ \S+ \S+$/) }]);
    const job = jobRunning('stacks prune');
    expect(job.if).toContain("github.event_name == 'schedule'");
    expect(job.steps.find((s) => s.run?.includes('stacks prune'))!.run).toBe(
      "npm run admin -- stacks prune --older-than 3d --match 'pr-*'",
    );
  });
});
