import { CloudFormationClient, DeleteStackCommand, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../../infra/local/admin-cli';
import { awsError, describedStack, NOW } from '../support/cloudformation';

// `stacks list` and `stacks prune` against a mocked CloudFormation: only the control plane.

const cf = mockClient(CloudFormationClient);
beforeEach(() => cf.reset());
afterAll(() => cf.restore());

async function admin(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(
    [...args, '--region', 'eu-west-1'],
    { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } },
    { now: () => NOW },
  );
  return { code, stdout, stderr };
}

const DAY = 24;
/** The account: sandbox stacks of several ages, one being deleted, one busy, one that is not ours. */
const account = {
  oldPr: describedStack('pr-1', { createdHoursAgo: 10 * DAY }),
  activePr: describedStack('pr-2', { createdHoursAgo: 10 * DAY, updatedHoursAgo: 5 }),
  stalePr: describedStack('pr-3', { createdHoursAgo: 3 * DAY + 4, updatedHoursAgo: 3 * DAY + 1 }),
  busyPr: describedStack('pr-4', { createdHoursAgo: 8 * DAY, status: 'UPDATE_IN_PROGRESS' }),
  gonePr: describedStack('pr-5', { createdHoursAgo: 9 * DAY, status: 'DELETE_COMPLETE' }),
  team: describedStack('team-a', { createdHoursAgo: 40 * DAY, updatedHoursAgo: 6 * DAY }),
  notOurs: describedStack('legacy', {
    name: 'PaymentSandbox-legacy',
    createdHoursAgo: 90 * DAY,
    tags: [{ Key: 'project', Value: 'something-else' }],
  }),
};

/** DescribeStacks without a name, in two pages. */
function givenAccount() {
  const { oldPr, activePr, stalePr, busyPr, gonePr, team, notOurs } = account;
  cf.on(DescribeStacksCommand).resolves({ Stacks: [oldPr, notOurs, activePr], NextToken: 'page-2' });
  cf.on(DescribeStacksCommand, { NextToken: 'page-2' }).resolves({ Stacks: [stalePr, busyPr, gonePr, team] });
}

const deleted = () => cf.commandCalls(DeleteStackCommand).map((c) => c.args[0].input);

describe('admin CLI stacks list', () => {
  it('shows every sandbox stack of all pages with stage, status, age, last deploy and ApiUrl, oldest deploy first', async () => {
    givenAccount();
    const res = await admin('stacks', 'list');
    expect(res.code).toBe(0);
    expect(res.stdout.split('\n')).toEqual([
      'STAGE   STATUS              AGE     LAST DEPLOY  API URL',
      'pr-1    CREATE_COMPLETE     10d 0h  10d 0h ago   https://pr-1.execute-api.eu-west-1.amazonaws.com/api/v1',
      'pr-4    UPDATE_IN_PROGRESS  8d 0h   8d 0h ago    https://pr-4.execute-api.eu-west-1.amazonaws.com/api/v1',
      'team-a  CREATE_COMPLETE     40d 0h  6d 0h ago    https://team-a.execute-api.eu-west-1.amazonaws.com/api/v1',
      'pr-3    CREATE_COMPLETE     3d 4h   3d 1h ago    https://pr-3.execute-api.eu-west-1.amazonaws.com/api/v1',
      'pr-2    CREATE_COMPLETE     10d 0h  5h 0m ago    https://pr-2.execute-api.eu-west-1.amazonaws.com/api/v1',
      '',
    ]);
    // The paginator followed NextToken to the second page (it reuses one input object, so only the count and last token show).
    expect(cf.commandCalls(DescribeStacksCommand)).toHaveLength(2);
    expect(cf.commandCalls(DescribeStacksCommand)[1]!.args[0].input).toEqual({ NextToken: 'page-2' });
  });

  it('prints one JSON document with --json', async () => {
    givenAccount();
    const res = await admin('stacks', 'list', '--json');
    const stacks = JSON.parse(res.stdout);
    expect(stacks.map((s: any) => s.stage)).toEqual(['pr-1', 'pr-4', 'team-a', 'pr-3', 'pr-2']);
    expect(stacks[2]).toEqual({
      stack_name: 'PaymentSandbox-team-a',
      stage: 'team-a',
      status: 'CREATE_COMPLETE',
      created_at: '2026-10-13T12:00:00.000Z',
      last_deployed_at: '2026-11-16T12:00:00.000Z',
      age: '40d 0h',
      api_url: 'https://team-a.execute-api.eu-west-1.amazonaws.com/api/v1',
    });
  });

  it('says so when the account has no sandbox stack', async () => {
    cf.on(DescribeStacksCommand).resolves({ Stacks: [account.notOurs] });
    expect((await admin('stacks', 'list')).stdout).toBe('No sandbox stacks in eu-west-1\n');
  });

  it('says plainly when no AWS credentials are found', async () => {
    cf.on(DescribeStacksCommand).rejects(awsError('CredentialsProviderError', 'Could not load credentials from any providers'));
    const res = await admin('stacks', 'list');
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^admin: no AWS credentials found \(set AWS_PROFILE/);
  });
});

describe('admin CLI stacks prune', () => {
  it('deletes exactly the sandbox stacks not deployed for more than --older-than, by stack id', async () => {
    givenAccount();
    cf.on(DeleteStackCommand).resolves({});
    const res = await admin('stacks', 'prune', '--older-than', '3d');
    expect(res.code).toBe(0);
    expect(deleted()).toEqual([{ StackName: account.oldPr.StackId }, { StackName: account.team.StackId }, { StackName: account.stalePr.StackId }]);
    expect(res.stdout.split('\n')).toEqual([
      'Deleting PaymentSandbox-pr-1 (stage pr-1, CREATE_COMPLETE, last deployed 10d 0h ago)',
      'Deleting PaymentSandbox-team-a (stage team-a, CREATE_COMPLETE, last deployed 6d 0h ago)',
      'Deleting PaymentSandbox-pr-3 (stage pr-3, CREATE_COMPLETE, last deployed 3d 1h ago)',
      'Skipped PaymentSandbox-pr-4: UPDATE_IN_PROGRESS',
      'Kept 1 sandbox stack',
      '',
    ]);
  });

  it('never touches a stack without the project tag, however old', async () => {
    givenAccount();
    cf.on(DeleteStackCommand).resolves({});
    await admin('stacks', 'prune', '--older-than', '1m');
    expect(deleted().map((d) => d.StackName)).not.toContain(account.notOurs.StackId);
    expect(deleted()).toHaveLength(4);
  });

  it('limits pruning to the stages that match --match, so long-lived team stages stay', async () => {
    givenAccount();
    cf.on(DeleteStackCommand).resolves({});
    const res = await admin('stacks', 'prune', '--older-than', '72h', '--match', 'pr-*');
    expect(deleted()).toEqual([{ StackName: account.oldPr.StackId }, { StackName: account.stalePr.StackId }]);
    expect(res.stdout).toContain('Kept 2 sandbox stacks');
  });

  it('deletes nothing with --dry-run and says what it would delete', async () => {
    givenAccount();
    const res = await admin('stacks', 'prune', '--older-than', '3d', '--match', 'pr-*', '--dry-run');
    expect(res.code).toBe(0);
    expect(cf.commandCalls(DeleteStackCommand)).toEqual([]);
    expect(res.stdout.split('\n')).toEqual([
      'Would delete PaymentSandbox-pr-1 (stage pr-1, CREATE_COMPLETE, last deployed 10d 0h ago)',
      'Would delete PaymentSandbox-pr-3 (stage pr-3, CREATE_COMPLETE, last deployed 3d 1h ago)',
      'Skipped PaymentSandbox-pr-4: UPDATE_IN_PROGRESS',
      'Kept 2 sandbox stacks (dry run: nothing deleted)',
      '',
    ]);
  });

  it('prints one JSON document with --json', async () => {
    givenAccount();
    cf.on(DeleteStackCommand).resolves({});
    const res = JSON.parse((await admin('stacks', 'prune', '--older-than', '4d', '--json')).stdout);
    expect(res).toMatchObject({
      older_than: '4d',
      match: null,
      dry_run: false,
      deleted: ['PaymentSandbox-pr-1', 'PaymentSandbox-team-a'],
      failed: [],
      kept: ['PaymentSandbox-pr-3', 'PaymentSandbox-pr-2'],
    });
    expect(res.skipped.map((s: any) => s.stack_name)).toEqual(['PaymentSandbox-pr-4']);
  });

  it('says when nothing is stale', async () => {
    givenAccount();
    const res = await admin('stacks', 'prune', '--older-than', '60d');
    expect(cf.commandCalls(DeleteStackCommand)).toEqual([]);
    expect(res.stdout).toBe('Nothing to prune: no sandbox stack idle for more than 60d\nKept 5 sandbox stacks\n');
  });

  it('goes on after a failed deletion, reports it and exits with 1', async () => {
    givenAccount();
    cf.on(DeleteStackCommand).resolves({});
    cf.on(DeleteStackCommand, { StackName: account.oldPr.StackId }).rejects(awsError('AccessDenied', 'not authorized to perform cloudformation:DeleteStack'));
    const res = await admin('stacks', 'prune', '--older-than', '3d', '--match', 'pr-*');
    expect(res.code).toBe(1);
    expect(deleted()).toHaveLength(2);
    expect(res.stdout).toContain(
      'Could not delete PaymentSandbox-pr-1: not allowed to call cloudformation:DeleteStack: not authorized to perform cloudformation:DeleteStack',
    );
    expect(res.stdout).toContain('Deleting PaymentSandbox-pr-3');
  });

  it.each([['3'], ['3w'], ['0d'], ['1.5d'], ['3 days'], ['']])('refuses --older-than %j with exit code 2 before calling AWS', async (duration) => {
    const res = await admin('stacks', 'prune', '--older-than', duration);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--older-than takes a duration like 3d, 12h, 90m or 1d12h');
    expect(cf.calls()).toEqual([]);
  });

  it('needs --older-than', async () => {
    const res = await admin('stacks', 'prune');
    expect(res).toMatchObject({ code: 2, stderr: 'admin: stacks prune needs --older-than, e.g. --older-than 3d\n' });
  });
});
