import { execFileSync } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger, setLogKeys, withOwnLogKeys } from '../../lib/logger';
import { captureLogLines, type LogLine } from '../support/log-lines';

/**
 * The logger's keys belong to one invocation (decision 0225): inside `withOwnLogKeys`, as the local
 * sandbox runs every invocation, what one appends is on its lines alone; outside (deployed: one
 * invocation at a time per container), `setLogKeys` starts each invocation's keys afresh.
 */

let lines: LogLine[];

beforeAll(() => {
  // The run logs at CRITICAL; these specifications read INFO lines.
  logger.setLogLevel('INFO');
  lines = captureLogLines();
});

afterEach(() => {
  lines.length = 0;
  logger.resetKeys();
});

afterAll(() => {
  vi.restoreAllMocks();
  logger.setLogLevel('CRITICAL');
});

/** A promise, and what settles it: a step of one invocation that waits until the test lets it go on. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const line = (message: string) => lines.find((l) => l.message === message);

describe('the keys of an invocation run with keys of its own', () => {
  it('are on its own lines only, when two invocations interleave', async () => {
    const firstAdmitted = gate();
    const secondDone = gate();
    const first = withOwnLogKeys(async () => {
      setLogKeys({ requestId: 'req-1', route: 'createPayment' });
      logger.appendKeys({ clientId: 'cli_first' });
      firstAdmitted.open();
      await secondDone.opened;
      logger.info('first answers');
    });
    await firstAdmitted.opened;
    await withOwnLogKeys(async () => {
      setLogKeys({ requestId: 'req-2', route: 'listTransactions' });
      logger.appendKeys({ clientId: 'cli_second' });
      logger.info('second answers');
    });
    secondDone.open();
    await first;

    expect(line('first answers')).toMatchObject({ requestId: 'req-1', route: 'createPayment', clientId: 'cli_first' });
    expect(line('second answers')).toMatchObject({ requestId: 'req-2', route: 'listTransactions', clientId: 'cli_second' });
  });

  it("start with none of an earlier invocation's keys", async () => {
    await withOwnLogKeys(async () => {
      logger.appendKeys({ requestId: 'req-1', clientId: 'cli_first' });
      logger.info('request');
    });
    await withOwnLogKeys(async () => {
      setLogKeys({ job: 'sweep', pass: 'pass-1' });
      logger.info('sweep');
    });

    expect(line('sweep')).toMatchObject({ job: 'sweep', pass: 'pass-1' });
    expect(line('sweep')).not.toHaveProperty('requestId');
    expect(line('sweep')).not.toHaveProperty('clientId');
  });

  it('never reach a line logged outside every invocation', async () => {
    await withOwnLogKeys(async () => logger.appendKeys({ clientId: 'cli_first' }));
    logger.info('between invocations');

    expect(line('between invocations')).not.toHaveProperty('clientId');
  });

  it('go when removed or reset, and give way to a key the line names itself', async () => {
    await withOwnLogKeys(async () => {
      logger.appendKeys({ requestId: 'req-1', route: 'createPayment', clientId: 'cli_first' });
      logger.removeKeys(['route']);
      logger.info('removed', { clientId: 'cli_named' });
      logger.resetKeys();
      logger.info('reset');
    });

    expect(line('removed')).toMatchObject({ requestId: 'req-1', clientId: 'cli_named' });
    expect(line('removed')).not.toHaveProperty('route');
    expect(line('reset')).not.toHaveProperty('requestId');
  });
});

describe('the keys of an invocation run without keys of its own (deployed: one at a time per container)', () => {
  it('are on its lines, and the next invocation forgets them when it sets its own', () => {
    setLogKeys({ requestId: 'req-1', route: 'createPayment' });
    logger.appendKeys({ clientId: 'cli_first' });
    logger.info('request');
    setLogKeys({ job: 'sweep', pass: 'pass-1' });
    logger.info('sweep');

    expect(line('request')).toMatchObject({ requestId: 'req-1', route: 'createPayment', clientId: 'cli_first' });
    expect(line('sweep')).toMatchObject({ job: 'sweep', pass: 'pass-1' });
    expect(Object.keys(line('sweep')!)).not.toContain('clientId');
  });
});

describe('the local sandbox', () => {
  it("loads the logger only once its caller's environment is set, so the log level it is given holds (the suites log nothing below CRITICAL)", () => {
    // What test/support/global-setup.ts and npm start do: import the sandbox, then set the environment, then start it.
    const script = [
      "await import('./infra/local/sandbox.ts');",
      "process.env.POWERTOOLS_LOG_LEVEL = 'CRITICAL';",
      "const { logger } = await import('./lib/logger.ts');",
      'console.log(logger.getLevelName());',
    ].join(' ');
    const { POWERTOOLS_LOG_LEVEL: _level, ...env } = process.env;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', env });
    expect(out.trim()).toBe('CRITICAL');
  }, 60_000);
});
