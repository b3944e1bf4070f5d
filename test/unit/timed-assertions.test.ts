import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Time in tests is the sandbox's, not the wall's (the house style): no test asserts that a measured
 * duration stayed under a bound, since a shared CI machine is slower than yours and sometimes busy.
 * What "at once" means is observable (what was never started, what was said first); a speed is the
 * bench's (bench/, test/bench/), where a miss is a number, not a red build.
 *
 * A static scan of test/: an `expect(…)` whose subject reads a clock (performance.now(), Date.now(),
 * process.hrtime) or names a duration (elapsed…, duration…, took, ms, …Ms, …_ms, or a difference of
 * times such as `x.at - startedAt`), followed by an upper bound (toBeLessThan, toBeLessThanOrEqual).
 * A lower bound is left alone: an injected delay took at least its time however busy the machine.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const BENCH = 'test/bench/';
const SAMPLES = JSON.parse(readFileSync(join(root, 'test/unit/timed-assertion-samples.json'), 'utf8'), (_key, value: unknown) =>
  // `{{performance.now}}()` in the file, so that it holds no timed assertion itself: written out here.
  typeof value === 'string' ? value.replace(/\{\{([\w.]+)\}\}/g, '$1') : value,
) as { named: string[]; leftAlone: string[] };

const CLOCK = /\b(?:performance\.now|Date\.now|process\.hrtime(?:\.bigint)?)\s*\(/;
const DURATION_NAME = /^(?:elapsed\w*|duration\w*|took|ms|millis|latency\w*|\w+Ms|\w+_ms|\w+Millis)$/;
const TIME_NAME = /^(?:at|\w+At|started\w*|start|startTime|t0)$/;
/** The matcher after an expectation, and whether `.not` comes before it. */
const MATCHER = /^\s*((?:\.\s*(?:not|resolves|rejects)\s*)*)\.\s*(\w+)\s*\(/;
/** An upper bound: `toBeLessThan(x)`, or `not.toBeGreaterThan(x)`. */
const upperBound = (matcher: string, negated: boolean) =>
  negated ? matcher === 'toBeGreaterThan' || matcher === 'toBeGreaterThanOrEqual' : matcher === 'toBeLessThan' || matcher === 'toBeLessThanOrEqual';

/** The index just past the parenthesis that closes the one before `from`, skipping strings; -1 if none. */
function closingParen(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === '`') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

/** Whether an expectation's subject (its source text) is a measured duration. */
function measuresTime(subject: string): boolean {
  const code = subject.replace(/'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|`(?:\\.|[^`\\])*`/g, "''");
  if (CLOCK.test(code)) return true;
  const names = code.match(/[A-Za-z_$][\w$]*/g) ?? [];
  if (names.some((name) => DURATION_NAME.test(name))) return true;
  // A difference of two times: `request.at - answeredAt`, `Date.now() - started`.
  return /[\w)\]!]\s*-\s*[\w(]/.test(code) && names.some((name) => TIME_NAME.test(name));
}

/** Each `line: expectation` of `text` that holds a measured duration to an upper bound. */
function timedAssertions(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\bexpect(?:\.soft)?\(/g)) {
    const start = match.index! + match[0].length;
    const end = closingParen(text, start);
    if (end < 0) continue;
    const [, modifiers = '', matcher = ''] = MATCHER.exec(text.slice(end)) ?? [];
    const negated = (modifiers.match(/\bnot\b/g) ?? []).length % 2 === 1;
    if (!upperBound(matcher, negated) || !measuresTime(text.slice(start, end - 1))) continue;
    const line = text.slice(0, match.index).split('\n').length;
    found.push(`${line}: ${text.slice(match.index, end)}${negated ? '.not' : ''}.${matcher}(…)`);
  }
  return found;
}

function testFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return `${path}/` === BENCH ? [] : testFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('timed assertions', () => {
  it('no test outside the bench holds a measured duration to an upper bound', () => {
    const files = testFiles('test');
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((path) => timedAssertions(readFileSync(join(root, path), 'utf8')).map((hit) => `${relative(root, join(root, path))}:${hit}`));
    expect(found).toEqual([]);
  });

  // Sample lines are data in a file of their own, so that no test file holds one (test/unit/timed-assertion-samples.json).
  it.each(SAMPLES.named)('names %j', (line) => {
    expect(timedAssertions(line)).toEqual([expect.stringMatching(/^\d+: expect/)]);
  });

  it.each(SAMPLES.leftAlone)('leaves %j alone', (line) => {
    expect(timedAssertions(line)).toEqual([]);
  });
});
