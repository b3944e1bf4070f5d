import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The GitHub Action (action.yml) and the two workflows that use it: this repository's own
// (.github/workflows/pr-sandbox.yml) and the one an application repository copies
// (docs/ci/app-repo-workflow.yml). They must parse, call only what package.json defines, pin
// every third-party action by commit, and keep one stage per pull request for its whole life.
// test/integration/github-action.test.ts runs the action's scripts.

type Step = {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  shell?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  'working-directory'?: string;
};
type Job = { if?: string; steps: Step[]; env?: Record<string, string>; environment?: string | { name: string } };
type Workflow = {
  on: Record<string, any>;
  jobs: Record<string, Job>;
  permissions?: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
};
type Action = {
  inputs: Record<string, { required?: boolean; default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
};

const load = <T>(file: string) => parse(readFileSync(file, 'utf8')) as T;
/** The comment lines at the top of a file, without their `#`: where a workflow says how to set it up. */
const header = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('#'))
    .map((line) => line.replace(/^#\s?/, ''))
    .join('\n');
let action: Action;
let scripts: Record<string, string>;
const workflows: Record<string, Workflow> = {};
const OWN = '.github/workflows/pr-sandbox.yml';
const APP = 'docs/ci/app-repo-workflow.yml';

beforeAll(() => {
  action = load<Action>('action.yml');
  workflows[OWN] = load<Workflow>(OWN);
  workflows[APP] = load<Workflow>(APP);
  scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts;
});

/** Script names of `npm run [--flags] NAME`, `npm test` and `npm start` in a shell snippet. */
function npmScripts(run: string): string[] {
  const named = [...run.matchAll(/\bnpm\s+run(?:\s+--?[\w-]+)*\s+([\w:.-]+)/g)].map((m) => m[1]!);
  const short = [...run.matchAll(/\bnpm\s+(test|start)\b/g)].map((m) => m[1]!);
  return [...named, ...short];
}

const PINNED = /^[\w.-]+\/[\w.-]+(?:\/[\w./-]+)?@[0-9a-f]{40}$/;
const actionStep = (id: string) => action.runs.steps.find((s) => s.id === id)!;
const actionIndex = (predicate: (s: Step) => boolean) => action.runs.steps.findIndex(predicate);
/** A step that uses the sandbox action: `./` here, `<owner>/payment-sandbox@<sha>` in an application repository. */
const isSandboxAction = (s: Step) => s.uses === './' || /^[\w.-]+\/payment-sandbox@/.test(s.uses ?? '');
const PR_STAGE = 'pr-${{ github.event.pull_request.number }}';
const FORK_GUARD = 'github.event.pull_request.head.repo.full_name == github.repository';

describe('action.yml', () => {
  it('is a composite action with the inputs stage, aws-region, scopes, destroy-on-close (destroying by default) and the receiver check', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs).sort()).toEqual(['aws-region', 'check-receiver', 'check-receiver-secret', 'destroy-on-close', 'scopes', 'stage']);
    expect(Object.values(action.inputs).every((input) => input.required === false)).toBe(true);
    expect(action.inputs['destroy-on-close']!.default).toBe('true');
  });

  it('outputs the stage, its stack, base URL, client, key id, key and whether it destroyed the stage', () => {
    expect(Object.keys(action.outputs).sort()).toEqual(['base-url', 'client-id', 'destroyed', 'key-id', 'server-key', 'stack-name', 'stage'].sort());
    expect(action.outputs['base-url']!.value).toBe('${{ steps.key.outputs.base-url }}');
    expect(action.outputs['server-key']!.value).toBe('${{ steps.key.outputs.server-key }}');
  });

  it('plans, installs, deploys, then mints the key; destroys only on a close, and never deploys then', () => {
    const plan = actionIndex((s) => s.id === 'plan');
    const install = actionIndex((s) => s.run === 'npm ci --no-audit --no-fund');
    const deploy = actionIndex((s) => s.run === 'npm run deploy -- --stage "$SANDBOX_STAGE"');
    const key = actionIndex((s) => s.id === 'key');
    const destroy = actionIndex((s) => s.id === 'destroy');
    expect(plan).toBe(0);
    expect([plan, install, deploy, key].every((i, n, all) => n === 0 || i > all[n - 1]!)).toBe(true);
    expect(action.runs.steps[deploy]!.if).toBe("steps.plan.outputs.mode == 'deploy'");
    expect(actionStep('key').if).toBe("steps.plan.outputs.mode == 'deploy'");
    expect(actionStep('destroy').if).toBe("steps.plan.outputs.mode == 'destroy'");
    expect(actionStep('destroy').run).toContain('npm run destroy -- --stage "$SANDBOX_STAGE"');
    expect(destroy).toBeGreaterThan(key);
  });

  it("runs the sandbox's own npm scripts in its own directory, with the stage's region", () => {
    for (const step of action.runs.steps.filter((s) => s.run?.includes('npm '))) {
      expect(step['working-directory']).toBe('${{ github.action_path }}');
      expect(npmScripts(step.run!).filter((name) => !(name in scripts))).toEqual([]);
      if (/npm run (deploy|admin|destroy)/.test(step.run!)) expect(step.env?.AWS_REGION).toBe('${{ steps.plan.outputs.region }}');
    }
  });

  it('mints the key with ci-env --out "$GITHUB_ENV" and masks it before putting it in an output', () => {
    const run = actionStep('key').run!;
    expect(run).toContain('npm run --silent admin -- "${args[@]}"');
    expect(run).toContain('args=(ci-env --stack "$SANDBOX_STAGE" --out "$GITHUB_ENV" --json)');
    expect(run.indexOf('::add-mask::')).toBeGreaterThan(0);
    expect(run.indexOf('::add-mask::')).toBeLessThan(run.indexOf('server-key='));
  });

  it('passes inputs and event fields to scripts through env, never into the script text', () => {
    for (const step of action.runs.steps.filter((s) => s.run)) {
      expect(step.shell).toBe('bash');
      expect(step.run).not.toContain('${{');
    }
  });

  it('pins every action it uses by full commit SHA', () => {
    const uses = action.runs.steps.flatMap((s) => (s.uses ? [s.uses] : []));
    expect(uses.length).toBeGreaterThan(0);
    expect(uses.filter((u) => !PINNED.test(u))).toEqual([]);
  });
});

describe.each([OWN, APP])('%s', (file) => {
  const workflow = () => workflows[file]!;
  const jobs = () => Object.values(workflow().jobs);
  /** The job that uses the action on pushes, and the one that uses it on the close. */
  const deployJob = () => jobs().find((j) => j.steps.some(isSandboxAction) && j.if?.includes("!= 'closed'"))!;
  const closeJob = () => jobs().find((j) => j.steps.some(isSandboxAction) && j.if?.includes("== 'closed'"))!;
  const sandboxStep = (job: Job) => job.steps.find(isSandboxAction)!;

  it('runs on every push to a pull request and on its close', () => {
    expect(workflow().on.pull_request.types).toEqual(expect.arrayContaining(['opened', 'synchronize', 'reopened', 'closed']));
  });

  it('keeps one run per pull request: a newer push (or the close) cancels the one in progress', () => {
    expect(workflow().concurrency?.['cancel-in-progress']).toBe(true);
    expect(workflow().concurrency?.group).toContain('${{ github.event.pull_request.number');
  });

  it('deploys (or updates) the stage pr-<number> on each push and keeps it: nothing in that job destroys it', () => {
    const job = deployJob();
    expect(sandboxStep(job).with).toEqual({ stage: PR_STAGE });
    expect(job.steps.some((s) => s.with?.['destroy-on-close'] !== undefined || /npm run destroy/.test(s.run ?? ''))).toBe(false);
    expect(job.steps.some((s) => /always\(\)/.test(s.if ?? ''))).toBe(false);
  });

  it('runs the tests after the action has put SANDBOX_BASE_URL and SANDBOX_SERVER_KEY in the environment', () => {
    const job = deployJob();
    const action = job.steps.findIndex(isSandboxAction);
    const tests = job.steps.findIndex((s) => /\bnpm (test|run test:e2e)\b/.test(s.run ?? ''));
    expect(tests).toBeGreaterThan(action);
  });

  it('destroys the same stage when the pull request closes', () => {
    expect(sandboxStep(closeJob()).with).toEqual({ stage: PR_STAGE, 'destroy-on-close': true });
    expect(closeJob()).not.toBe(deployJob());
  });

  it('skips pull requests from forks', () => {
    expect(deployJob().if).toContain(FORK_GUARD);
    expect(closeJob().if).toContain(FORK_GUARD);
  });

  it('runs every job that assumes the role in a GitHub environment, and its header deploys the role trusting exactly those', () => {
    const assumesTheRole = (job: Job) => job.steps.some((s) => s.uses?.startsWith('aws-actions/configure-aws-credentials@'));
    const environmentOf = (job: Job) => (typeof job.environment === 'string' ? job.environment : job.environment?.name);
    const roleJobs = jobs().filter(assumesTheRole);
    expect(roleJobs.length).toBeGreaterThan(0);
    const used = roleJobs.map(environmentOf);
    expect(used.filter((name) => typeof name !== 'string' || name.includes('${{'))).toEqual([]); // a fixed name the role can trust
    // The command the header gives for the CI role (docs/ci.md): the role trusts these environments, and only them.
    const command = /npm run deploy -- --ci-role [^\n]*/.exec(header(file))?.[0] ?? '';
    expect(command).toContain('--github-repo');
    expect(command).not.toContain('--trust-every-workflow-of-the-repository');
    expect(command).not.toContain('--github-ref');
    const trusted = [...command.matchAll(/--github-environment (\S+)/g)].map((m) => m[1]!);
    expect([...new Set(used)].sort()).toEqual([...new Set(trusted)].sort());
  });

  it('gets AWS credentials through OIDC before anything talks to AWS', () => {
    expect(workflow().permissions).toMatchObject({ 'id-token': 'write', contents: 'read' });
    for (const job of jobs()) {
      const credentials = job.steps.findIndex((s) => s.uses?.startsWith('aws-actions/configure-aws-credentials@'));
      expect(credentials).toBeGreaterThanOrEqual(0);
      expect(job.steps[credentials]!.with?.['role-to-assume']).toBe('${{ secrets.SANDBOX_DEPLOY_ROLE_ARN }}');
      const firstAws = job.steps.findIndex((s) => isSandboxAction(s) || /npm run (deploy|admin|destroy)/.test(s.run ?? ''));
      expect(credentials).toBeLessThan(firstAws);
    }
  });

  it('pins every action by full commit SHA', () => {
    const uses = jobs().flatMap((j) => j.steps.flatMap((s) => (s.uses && s.uses !== './' ? [s.uses] : [])));
    expect(uses.length).toBeGreaterThan(0);
    expect(uses.filter((u) => !PINNED.test(u))).toEqual([]);
  });

  it('calls only npm scripts that package.json defines', () => {
    const called = jobs().flatMap((j) => j.steps.flatMap((s) => (s.run ? npmScripts(s.run) : [])));
    expect(called.filter((name) => !(name in scripts))).toEqual([]);
  });
});

describe(OWN, () => {
  it("uses this repository's own action and runs the e2e suite against the stage", () => {
    const steps = Object.values(workflows[OWN]!.jobs).flatMap((j) => j.steps);
    expect(steps.filter((s) => s.uses === './')).toHaveLength(2);
    expect(steps.some((s) => s.run === 'npm run test:e2e')).toBe(true);
  });

  it('runs the pull-request jobs in pr-sandbox and the unattended nightly prune in pr-sandbox-prune', () => {
    const { jobs } = workflows[OWN]!;
    expect(Object.fromEntries(Object.entries(jobs).map(([name, job]) => [name, job.environment]))).toEqual({
      e2e: 'pr-sandbox',
      destroy: 'pr-sandbox',
      prune: 'pr-sandbox-prune',
    });
  });

  it("destroys with the pull request's own code: its merge ref is gone once it is closed", () => {
    const close = Object.values(workflows[OWN]!.jobs).find((j) => j.if?.includes("== 'closed'"))!;
    expect(close.steps[0]!.with?.ref).toBe('${{ github.event.pull_request.head.sha }}');
  });

  it('prunes forgotten pull-request stacks on a schedule', () => {
    const workflow = workflows[OWN]!;
    expect(workflow.on.schedule).toEqual([{ cron: expect.stringMatching(/^\S+ \S+ \S+ \S+ \S+$/) }]);
    const job = Object.values(workflow.jobs).find((j) => j.steps.some((s) => s.run?.includes('stacks prune')))!;
    expect(job.if).toContain("github.event_name == 'schedule'");
    expect(job.steps.find((s) => s.run?.includes('stacks prune'))!.run).toBe("npm run admin -- stacks prune --older-than 3d --match 'pr-*'");
  });
});

describe(APP, () => {
  it('uses the sandbox action by commit, not by a branch or tag', () => {
    const steps = Object.values(workflows[APP]!.jobs).flatMap((j) => j.steps);
    const uses = steps.filter(isSandboxAction).map((s) => s.uses!);
    expect(uses).toHaveLength(2);
    for (const use of uses) expect(use).toMatch(/^[\w.-]+\/payment-sandbox@[0-9a-f]{40}$/);
  });
});
