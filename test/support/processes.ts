import { readdirSync, readFileSync } from 'node:fs';
import { ENV, LIMIT_ENV } from '../../lib/config/env';

/**
 * Processes a test started, known by pid and start time (a pid alone may be reused once its process
 * is gone), read from /proc: never looked up by name, since other sandboxes run on the machine.
 */
export interface Started {
  readonly pid: number;
  /** The kernel's start time of the process (clock ticks since boot): with the pid, who it is. */
  readonly startTime: string;
  /** What it runs (`node`, `java`, `bash`, `esbuild`…), for messages and to tell roles apart. */
  readonly command: string;
  /** Its command line, arguments joined by spaces. */
  readonly commandLine: string;
}

interface Stat {
  readonly state: string;
  readonly ppid: number;
  readonly startTime: string;
  readonly command: string;
}

/** /proc/<pid>/stat: `pid (comm) state ppid … starttime …`; comm may hold spaces and parentheses. */
function statOf(pid: number): Stat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  return { command: text.slice(text.indexOf('(') + 1, close), state: fields[0]!, ppid: Number(fields[1]), startTime: fields[19]! };
}

const commandLineOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
};

/** The process that has `pid` now, or undefined when there is none (or only its zombie). */
export function processOf(pid: number): Started | undefined {
  const stat = statOf(pid);
  if (!stat || stat.state === 'Z' || stat.state === 'X') return undefined;
  return { pid, startTime: stat.startTime, command: stat.command, commandLine: commandLineOf(pid) };
}

/** Every process's children, by parent pid: one read of /proc's stat files. */
function childrenByParent(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = statOf(Number(name));
    if (!stat) continue;
    const siblings = children.get(stat.ppid);
    if (siblings) siblings.push(Number(name));
    else children.set(stat.ppid, [Number(name)]);
  }
  return children;
}

/**
 * Every live process below each of `pids` (children, their children…), found through each process's
 * parent pid in one read of /proc: a test that follows several process trees at once reads the
 * machine's processes once a round, not once per tree.
 */
export function descendantsOfEach(pids: readonly number[]): Map<number, Started[]> {
  const children = childrenByParent();
  const walk = (parent: number, found: Started[]): Started[] => {
    for (const child of children.get(parent) ?? []) {
      const started = processOf(child);
      if (started) found.push(started);
      walk(child, found);
    }
    return found;
  };
  return new Map(pids.map((pid) => [pid, walk(pid, [])]));
}

/**
 * This very process as it is now, if it still runs (its pid is not free, nor reused by another, nor
 * a zombie): one sampled between its fork and its exec (a bash then) is named by what it runs now.
 */
export function asRunningNow(started: Started): Started | undefined {
  const now = processOf(started.pid);
  return now?.startTime === started.startTime ? now : undefined;
}

/** Whether this very process still runs. */
export const isRunning = (started: Started): boolean => asRunningNow(started) !== undefined;

/**
 * Those of `processes` still running once they have all ended, or once `deadlineMs` has passed: a
 * wait that ends as soon as they are gone, as long as a busy machine needs (nothing here is timed).
 */
export async function stillRunningAfter(processes: readonly Started[], deadlineMs: number): Promise<Started[]> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const running = processes.filter(isRunning);
    if (running.length === 0 || Date.now() > deadline) return running;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGKILLs each of `processes` that still runs (by pid, checked to be the same process first). */
export function killStillRunning(processes: readonly Started[]): void {
  for (const started of processes) {
    if (!isRunning(started)) continue;
    try {
      process.kill(started.pid, 'SIGKILL');
    } catch {
      // gone in between
    }
  }
}

/** How a process is named in a failure: `java (pid 123)`, with the start of its command line when `commandLine`. */
export const named = (processes: readonly Started[], { commandLine = false } = {}) =>
  processes.map((p) => `${p.command} (pid ${p.pid})${commandLine ? `: ${p.commandLine.replace(/\s+/g, ' ').slice(0, 60)}` : ''}`);

/**
 * How the tests run Java (decisions 0292 and 0401): Java's quick compiler only (C1) and its serial
 * collector, instead of spending a busy 2-core machine's CPU on C2 compilations and collector threads
 * that a JVM living seconds or a few minutes never gains from. The run's shared DynamoDB Local
 * (test/support/global-setup.ts) starts with them; what the tests assert (answers, output, files,
 * processes, signals) does not depend on how Java compiles or collects.
 */
export const QUICK_JAVA_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'] as const;

/** The environment the tests give an `npm start` they spawn, which Java reads: QUICK_JAVA_OPTIONS. */
const SHORT_LIVED_JAVA = { JAVA_TOOL_OPTIONS: QUICK_JAVA_OPTIONS.join(' ') } as const;

/**
 * The environment the tests give an `npm start` they spawn: this process's, without what would make
 * it another than a newcomer's (the run's limits and cursor secret, a SANDBOX_DIR, a PORT), with
 * SHORT_LIVED_JAVA, and then `settings`.
 */
export function npmStartEnvironment(settings: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const dropped = new Set<string>([...Object.values(LIMIT_ENV), ENV.cursorSecret, 'SANDBOX_DIR', 'PORT']);
  return { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !dropped.has(name))), ...SHORT_LIVED_JAVA, ...settings };
}
