import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every Markdown file of the repository (tracked, or new and not ignored): what a reader follows. */
function markdownFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file.endsWith('.md') && existsSync(join(root, file)))
    .map((file) => join(root, file));
}

/** The text outside fenced code blocks and inline code: a link inside code is an example, not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading anchors: lowercased, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of markdown.replace(/^```[\s\S]*?^```/gm, '').split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1]!.replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

interface Link {
  readonly file: string;
  readonly target: string;
}

function linksOf(file: string): Link[] {
  const text = prose(readFileSync(file, 'utf8'));
  return [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => ({ file, target: m[1]! }));
}

/** Why a relative link does not lead where it says, or undefined when it does. */
function brokenBecause({ file, target }: Link): string | undefined {
  if (/^[a-z]+:/i.test(target)) return undefined;
  const [path, anchor] = target.split('#', 2) as [string, string | undefined];
  // A clone holds nothing beside the repository, so a link that climbs out of it reads as a mistake even where it lands inside.
  if (path.startsWith('..')) return 'climbs with ../';
  const resolved = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
  const inside = relative(root, resolved);
  if (inside.startsWith('..')) return 'points outside the repository';
  if (!existsSync(resolved)) return 'no such file';
  if (anchor === undefined) return undefined;
  if (!resolved.endsWith('.md')) return 'an anchor on a file that is not Markdown';
  return anchorsOf(readFileSync(resolved, 'utf8')).has(anchor) ? undefined : `no heading #${anchor} in ${inside}`;
}

describe("links in the repository's Markdown", () => {
  it('lead to files of the repository and headings that exist', () => {
    const broken = markdownFiles()
      .flatMap(linksOf)
      .map((link) => ({ link, why: brokenBecause(link) }))
      .filter((b) => b.why !== undefined)
      .map(({ link, why }) => `${relative(root, link.file)}: (${link.target}) ${why}`);
    expect(broken).toEqual([]);
  });

  it('README stays a landing page of at most 200 lines', () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').split('\n').length;
    expect(lines).toBeLessThanOrEqual(200);
  });

  it('finds a broken anchor and a missing file (the check itself works)', () => {
    const readme = join(root, 'README.md');
    expect(brokenBecause({ file: readme, target: 'docs/no-such-page.md' })).toBe('no such file');
    expect(brokenBecause({ file: readme, target: 'docs/api.md#no-such-heading' })).toMatch(/no heading/);
    expect(brokenBecause({ file: readme, target: '../outside.md' })).toBe('climbs with ../');
    expect(brokenBecause({ file: join(root, 'docs', 'api.md'), target: '../README.md' })).toBe('climbs with ../');
  });

  it('computes anchors the way GitHub does', () => {
    expect([...anchorsOf('## 10. Events\n## Webhooks in CI: `npm run listen`\n## Run\n## Run')]).toEqual([
      '10-events',
      'webhooks-in-ci-npm-run-listen',
      'run',
      'run-1',
    ]);
  });
});
