/**
 * The shell examples of the docs, run as written (docs/contributing.md, "Examples that run"). A page's
 * ```sh blocks are read into commands (a command ends at a line break outside quotes and not after a
 * `\`); each command runs with `bash -c` under `set -euo pipefail`, with the variables the page's
 * earlier commands set, against the running sandbox; every `curl` it makes is recorded (status,
 * body, headers) without changing what it prints, and checked against what the page says it answers.
 *
 * What the Markdown tells the runner, the rest being what a reader copies:
 * - `<!-- example: not run — why -->` on the line before a block: the block is not run (a deploy,
 *   `npm start` itself, a CI job).
 * - `<!-- example: in the background, listening on 4242 -->`: the block's commands keep running
 *   while the page goes on (a receiver "in another terminal"), on a free port in place of 4242 (in
 *   the block, and as `127.0.0.1:4242` in every later command); they are stopped with the run.
 * - `# → 201 …` after a command (on its last line, or on the lines below it): its last request
 *   answers that status; without a status, or without the comment, every request answers 2xx. The
 *   comment's `"name": value` pairs (a field of that name somewhere in the answer holds the value;
 *   `…` in a string stands for any text) and `Header-Name: value` pairs are checked too.
 * - `txn_…`, `whe_…`, `sk_sbx_…` (an id's prefix and `…`) in a command: the newest such value the
 *   page has been answered (else the one npm start printed); `NAME=…` takes the value of the
 *   answer's field its comment names in backticks (`` # `pagination.next_cursor` of the answer ``).
 * - `127.0.0.1:3000`, npm start's documented address, is the address of the sandbox the run uses.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../infra/local/free-port';
import { DEFAULT_LOCAL_PORT } from '../../lib/routes';

/** What a page says a command answers: the `# →` comment after it. */
export interface Expectation {
  readonly text: string;
  readonly status?: number;
  /** `"name": value` pairs of the comment: a string value may hold `…`, any text. */
  readonly fields: readonly (readonly [string, unknown])[];
  readonly headers: readonly (readonly [string, string])[];
}

export interface Command {
  /** `file:line` of its first line. */
  readonly where: string;
  /** As written, comments included. */
  readonly text: string;
  /** What bash runs: the text without its comments. */
  readonly code: string;
  /** The comments on its lines, without `#`. */
  readonly comments: readonly string[];
  readonly expect?: Expectation;
}

export interface Block {
  readonly where: string;
  readonly mode: 'run' | 'background' | 'not run';
  /** Why a block is not run, as its marker says. */
  readonly why?: string;
  /** The port a background block listens on, as written. */
  readonly port?: number;
  readonly commands: readonly Command[];
}

/** A command that did not do what its page says, or could not run. */
export interface Failure {
  readonly where: string;
  readonly command: string;
  readonly why: string;
}

const SHELL_FENCE = /^(\s*)```(?:sh|bash|shell)\s*$/;
const ANY_FENCE = /^(\s*)```/;
const MARKER = /^\s*<!--\s*example:\s*(.*?)\s*-->\s*$/;

/** Every fenced shell block of `markdown`, with its marker and its commands; `file` names them in failures. */
export function shellBlocks(markdown: string, file: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = ANY_FENCE.exec(lines[i]!);
    if (!fence) continue;
    const indent = fence[1]!.length;
    let end = i + 1;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end]!)) end++;
    if (SHELL_FENCE.test(lines[i]!)) {
      let before = i - 1;
      while (before >= 0 && lines[before]!.trim() === '') before--;
      const marker = before >= 0 ? MARKER.exec(lines[before]!)?.[1] : undefined;
      const body = lines.slice(i + 1, end).map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)));
      blocks.push({ where: `${file}:${i + 1}`, ...modeOf(marker, `${file}:${before + 1}`), commands: commandsOf(body, file, i + 2) });
    }
    i = end;
  }
  return blocks;
}

function modeOf(marker: string | undefined, where: string): Pick<Block, 'mode' | 'why' | 'port'> {
  if (marker === undefined) return { mode: 'run' };
  const notRun = /^not run\b\W*(.*)$/.exec(marker);
  if (notRun) return { mode: 'not run', why: notRun[1] };
  const background = /^in the background, listening on (\d+)$/.exec(marker);
  if (background) return { mode: 'background', port: Number(background[1]) };
  throw new Error(`${where}: an example marker the runner does not know: <!-- example: ${marker} -->`);
}

/** A command being read, line by line. */
interface Reading {
  readonly line: number;
  readonly text: string[];
  code: string;
  readonly comments: string[];
}

/** The commands of a block's lines (the first of them line `firstLine` of `file`). */
function commandsOf(lines: readonly string[], file: string, firstLine: number): Command[] {
  const commands: Command[] = [];
  let reading: Reading | undefined;
  let quote: "'" | '"' | undefined;
  /** The `# →` comment being read: its lines go on while comment lines follow it. */
  let arrow: { readonly of: number; readonly lines: string[] } | undefined;
  const finish = (r: Reading) => {
    commands.push({ where: `${file}:${r.line}`, text: r.text.join('\n'), code: r.code.trimEnd(), comments: r.comments });
    const trailing = r.comments.findIndex((c) => c.startsWith('→'));
    arrow = trailing >= 0 ? { of: commands.length - 1, lines: r.comments.slice(trailing) } : undefined;
  };
  const closeArrow = () => {
    if (!arrow) return;
    const command = commands[arrow.of]!;
    commands[arrow.of] = { ...command, expect: expectationOf(arrow.lines.join(' ').replace(/^→\s*/, '')) };
    arrow = undefined;
  };
  lines.forEach((line, index) => {
    if (!reading) {
      const trimmed = line.trim();
      if (trimmed.startsWith('#')) {
        const comment = trimmed.replace(/^#\s?/, '').trim();
        if (comment.startsWith('→') && commands.length > 0) {
          closeArrow();
          arrow = { of: commands.length - 1, lines: [comment] };
        } else if (arrow) arrow.lines.push(comment);
        return;
      }
      closeArrow();
      if (trimmed === '') return;
      if (/<<-?\s*['"]?\w/.test(line)) throw new Error(`${file}:${firstLine + index}: the runner does not read here-documents`);
      reading = { line: firstLine + index, text: [], code: '', comments: [] };
    }
    reading.text.push(line);
    let code = '';
    let continued = false;
    for (let j = 0; j < line.length; j++) {
      const c = line[j]!;
      if (quote === "'") {
        if (c === "'") quote = undefined;
        code += c;
      } else if (c === '\\') {
        if (j === line.length - 1) continued = true;
        code += line.slice(j, j + 2);
        j++;
      } else if (quote === '"') {
        if (c === '"') quote = undefined;
        code += c;
      } else if (c === "'" || c === '"') {
        quote = c;
        code += c;
      } else if (c === '#' && (j === 0 || /\s/.test(line[j - 1]!))) {
        reading.comments.push(line.slice(j + 1).trim());
        break;
      } else code += c;
    }
    reading.code += `${code}\n`;
    if (quote === undefined && !continued) {
      finish(reading);
      reading = undefined;
    }
  });
  if (reading) throw new Error(`${file}:${reading.line}: a command whose quote is never closed`);
  closeArrow();
  return commands;
}

const FIELD = /"([A-Za-z_]\w*)"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|true|false|null)/g;
const HEADER = /\b([A-Z][a-z]+(?:-[A-Z][a-z]+)+): ([^\s,;)]+)/g;

/** What a `# →` comment says: a status first, then `"name": value` and `Header-Name: value` pairs anywhere. */
export function expectationOf(text: string): Expectation {
  const status = /^(\d{3})\b/.exec(text)?.[1];
  return {
    text,
    status: status === undefined ? undefined : Number(status),
    fields: [...text.matchAll(FIELD)].map((m) => [m[1]!, JSON.parse(m[2]!)] as const),
    headers: [...text.matchAll(HEADER)].map((m) => [m[1]!, m[2]!] as const),
  };
}

/** Whether `actual` is `expected`, where `…` in an expected string stands for any text. */
function matches(actual: unknown, expected: unknown): boolean {
  if (typeof expected !== 'string' || !expected.includes('…')) return actual === expected;
  const pattern = expected
    .split('…')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return typeof actual === 'string' && new RegExp(`^${pattern}$`, 's').test(actual);
}

/** Whether some field `name` anywhere in `json` holds `expected`. */
function holds(json: unknown, name: string, expected: unknown): boolean {
  if (Array.isArray(json)) return json.some((item) => holds(item, name, expected));
  if (json === null || typeof json !== 'object') return false;
  return Object.entries(json).some(([key, value]) => (key === name && matches(value, expected)) || holds(value, name, expected));
}

/** The first string in `json`, in document order, that is `prefix` and more. */
function firstWithPrefix(json: unknown, prefix: string): string | undefined {
  if (typeof json === 'string') return json.startsWith(prefix) && json.length > prefix.length ? json : undefined;
  if (json === null || typeof json !== 'object') return undefined;
  for (const value of Object.values(json)) {
    const found = firstWithPrefix(value, prefix);
    if (found !== undefined) return found;
  }
  return undefined;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** One request a command made, as the `curl` wrapper recorded it. */
interface Answer {
  readonly status: number;
  readonly body: string;
  readonly headers: ReadonlyMap<string, string>;
}

/**
 * `curl` for the commands: the real one, its status, body and headers recorded in $DOC_EXAMPLE_ANSWERS
 * and the body printed as curl prints it. A request that gets no answer fails the command (`--show-error` says why).
 */
const CURL = `curl() {
  local body head status
  body=$(mktemp "$DOC_EXAMPLE_DIR/body.XXXXXX")
  head=$(mktemp "$DOC_EXAMPLE_DIR/head.XXXXXX")
  status=$(command curl --show-error --max-time 30 -o "$body" -D "$head" -w '%{http_code}' "$@")
  printf '%s %s %s\\n' "$status" "$body" "$head" >> "$DOC_EXAMPLE_ANSWERS"
  cat "$body"
}`;

/** What a command's bash starts with: the page's variables so far, and the recording curl. */
const prologue = (stateFile: string) => ['set -euo pipefail', 'shopt -s inherit_errexit', `source ${shellWord(stateFile)}`, CURL].join('\n');

const shellWord = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** The names a command assigns (`export A=… B=…`, `auth=(…)`), kept for the page's next commands. */
const assignedNames = (code: string) => [...code.matchAll(/(?:^|[\s;(])([A-Za-z_][A-Za-z0-9_]*)=/gm)].map((m) => m[1]!);

/** The address npm start serves on as the docs write it. */
const DOCUMENTED_ADDRESS = `127.0.0.1:${DEFAULT_LOCAL_PORT}`;

interface Background {
  readonly where: string;
  readonly child: ChildProcess;
  readonly exited: Promise<void>;
  readonly log: string;
}

export interface ExampleRunner {
  /** Runs a page's blocks in order, its variables starting empty; stops the page at its first failure, which it returns. */
  runPage(blocks: readonly Block[]): Promise<Failure[]>;
  /** Stops what the pages left running in the background, and removes the run's files. */
  stop(): Promise<void>;
}

/**
 * A runner for pages against the sandbox at `address` (`127.0.0.1:<port>`), whose start printed
 * `banner` (where `sk_sbx_…` is found). Commands run in a directory of their own, with PATH and HOME
 * only from this environment.
 */
export function exampleRunner(options: { readonly address: string; readonly banner: string }): ExampleRunner {
  const dir = mkdtempSync(join(tmpdir(), 'doc-examples-'));
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, LANG: 'C.UTF-8', DOC_EXAMPLE_DIR: dir };
  /** Documented `host:port` → the run's, as background blocks declare theirs. */
  const addresses = new Map<string, string>([[DOCUMENTED_ADDRESS, options.address]]);
  const backgrounds: Background[] = [];
  let pages = 0;

  const readAnswers = (file: string): Answer[] =>
    existsSync(file)
      ? readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => {
            const [status, body, head] = line.split(' ') as [string, string, string];
            const headers = new Map(
              readFileSync(head, 'utf8')
                .split(/\r?\n/)
                .flatMap((h) => {
                  const m = /^([^:\s]+):\s*(.*)$/.exec(h);
                  return m ? [[m[1]!.toLowerCase(), m[2]!] as const] : [];
                }),
            );
            return { status: Number(status), body: readFileSync(body, 'utf8'), headers };
          })
      : [];

  /** Runs a command's script: its exit code, and what it printed on stderr (curl's warnings, bash's errors). */
  const runBash = (script: string, answersFile: string) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn('bash', ['-c', script], { cwd: dir, env: { ...env, DOC_EXAMPLE_ANSWERS: answersFile }, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.once('close', (code) => resolve({ code, stderr: stderr.trim().split('\n').slice(-3).join(' | ') }));
    });

  /** The command's code with the run's addresses and the placeholders filled in, or why it cannot be. */
  const resolve = (command: Command, answers: readonly Answer[], ports: ReadonlyMap<number, number>): string | { why: string } => {
    let code = command.code;
    for (const [documented, actual] of ports) code = code.replace(new RegExp(`\\b${documented}\\b`, 'g'), String(actual));
    for (const [documented, actual] of addresses) code = code.split(documented).join(actual).split(documented.replace('127.0.0.1', 'localhost')).join(actual);
    const missing: string[] = [];
    code = code.replace(/\b([a-z][a-z0-9]*_(?:[a-z0-9]+_)*)…/g, (_, prefix: string) => {
      const found =
        answers
          .toReversed()
          .map((a) => firstWithPrefix(parse(a.body), prefix))
          .find((v) => v !== undefined) ?? new RegExp(`\\b${prefix}[\\w-]+`).exec(options.banner)?.[0];
      if (found === undefined) missing.push(`no answer so far holds a ${prefix}… value`);
      return found ?? `${prefix}…`;
    });
    code = code.replace(/\b([A-Za-z_][A-Za-z0-9_]*)=…(?=\s|$)/g, (whole, name: string) => {
      const path = command.comments.map((c) => /`([\w.]+)`/.exec(c)?.[1]).find((p) => p !== undefined);
      if (path === undefined) {
        missing.push(`${name}=… names no field of the answer in backticks`);
        return whole;
      }
      const value = path
        .split('.')
        .reduce<unknown>(
          (at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined),
          parse(answers.at(-1)?.body ?? ''),
        );
      if (typeof value !== 'string') {
        missing.push(`the previous answer has no ${path} to fill ${name}=… with (it is ${JSON.stringify(value)})`);
        return whole;
      }
      return `${name}=${shellWord(value)}`;
    });
    if (missing.length > 0) return { why: missing.join('; ') };
    if (code.includes('…')) return { why: 'it holds a … the runner cannot fill (write an id as prefix_…, or NAME=… with the field in backticks)' };
    return code;
  };

  /** Why `answers` are not what `command` says it gets, if they are not. */
  const judge = (command: Command, answers: readonly Answer[]): string | undefined => {
    const expect = command.expect;
    if (expect && answers.length === 0) return `it says it answers "→ ${expect.text}" but makes no request`;
    const shown = (a: Answer) => `${a.status} ${a.body.length > 400 ? `${a.body.slice(0, 400)}…` : a.body}`;
    for (const [i, answer] of answers.entries()) {
      const last = i === answers.length - 1;
      const wanted = last ? expect?.status : undefined;
      if (wanted !== undefined ? answer.status !== wanted : answer.status < 200 || answer.status > 299) {
        return `answered ${shown(answer)}; the page says ${wanted ?? '2xx'}${last && expect ? ` ("→ ${expect.text}")` : ''}`;
      }
    }
    const answer = answers.at(-1);
    if (!expect || !answer) return undefined;
    const json = parse(answer.body);
    const fields = expect.fields.filter(([name, value]) => !holds(json, name, value));
    if (fields.length > 0)
      return `answered ${shown(answer)}, where no ${fields.map(([n, v]) => `"${n}": ${JSON.stringify(v)}`).join(', no ')} is ("→ ${expect.text}")`;
    const headers = expect.headers.filter(([name, value]) => answer.headers.get(name.toLowerCase()) !== value);
    if (headers.length > 0) return `answered without the header ${headers.map(([n, v]) => `${n}: ${v}`).join(', ')} ("→ ${expect.text}")`;
    return undefined;
  };

  const startBackground = async (block: Block, code: string, where: string, stateFile: string, port: number): Promise<string | undefined> => {
    const log = join(dir, `background-${backgrounds.length}.log`);
    const fd = openSync(log, 'w');
    const child = spawn('bash', ['-c', `${prologue(stateFile)}\n${code}`], {
      cwd: dir,
      env: { ...env, DOC_EXAMPLE_ANSWERS: join(dir, 'background.answers') },
      stdio: ['ignore', fd, fd],
      detached: true,
    });
    closeSync(fd);
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    backgrounds.push({ where, child, exited, log });
    // It is "another terminal": the page goes on once it listens (or says why it stopped).
    for (let waited = 0; waited < 10_000; waited += 50) {
      if (child.exitCode !== null || child.signalCode !== null) return `it stopped: ${readFileSync(log, 'utf8').trim()}`;
      if (await accepts(port)) return undefined;
      await new Promise((r) => setTimeout(r, 50));
    }
    return `nothing listens on the port its block names (${block.port}, here ${port})`;
  };

  return {
    async runPage(blocks) {
      const page = pages++;
      const stateFile = join(dir, `page-${page}.variables`);
      writeFileSync(stateFile, '');
      const names = new Set<string>();
      const answers: Answer[] = [];
      for (const block of blocks) {
        if (block.mode === 'not run') continue;
        const ports = new Map<number, number>();
        if (block.mode === 'background') {
          const port = await freePort();
          ports.set(block.port!, port);
          addresses.set(`127.0.0.1:${block.port}`, `127.0.0.1:${port}`);
        }
        for (const [index, command] of block.commands.entries()) {
          const failed = (why: string): Failure[] => [{ where: command.where, command: command.text.split('\n')[0]!, why }];
          const code = resolve(command, answers, ports);
          if (typeof code !== 'string') return failed(code.why);
          if (block.mode === 'background') {
            const why = await startBackground(block, code, command.where, stateFile, ports.get(block.port!)!);
            if (why) return failed(why);
            continue;
          }
          for (const name of assignedNames(code)) names.add(name);
          const answersFile = join(dir, `page-${page}-${block.where.replace(/\W/g, '_')}-${index}.answers`);
          const keep = names.size > 0 ? `{ declare -p ${[...names].join(' ')} 2>/dev/null || true; } > ${shellWord(stateFile)}` : '';
          const { code: exit, stderr } = await runBash(`${prologue(stateFile)}\n${code}\n${keep}`, answersFile);
          const made = readAnswers(answersFile);
          if (exit !== 0) return failed(`exited with ${exit}: ${stderr}`);
          const why = judge(command, made);
          if (why) return failed(stderr ? `${why}; curl said: ${stderr}` : why);
          answers.push(...made);
        }
      }
      return [];
    },
    async stop() {
      for (const { child, exited } of backgrounds) {
        if (child.exitCode === null && child.signalCode === null) {
          killGroup(child.pid!, 'SIGTERM');
          const stopped = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5_000))]);
          if (!stopped) killGroup(child.pid!, 'SIGKILL');
        }
        killGroup(child.pid!, 'SIGKILL'); // whatever its commands started and left behind
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Signals a process group; one that is gone already is no error. */
function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** Failures as a reader fixes them: where, the command's first line, and why. */
export const describeFailures = (failures: readonly Failure[]): string => failures.map((f) => `${f.where}: ${f.command}\n  ${f.why}`).join('\n');
