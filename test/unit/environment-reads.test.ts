import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENV } from '../../lib/config/env';

/**
 * The code that runs in a Lambda (lib/ and functions/) reads its environment in one module,
 * lib/config/env.ts, where each variable is named, typed and checked once: no other file mentions
 * `process.env`, and none spells a variable's name in a string of its own.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const THE_MODULE = 'lib/config/env.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const files = ['lib', 'functions'].flatMap(sourceFiles).map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));

/** The files other than `THE_MODULE` among `sources` that mention `process.env`. */
const readersBesides = (sources: readonly { path: string; text: string }[]) =>
  sources.filter(({ path, text }) => path !== THE_MODULE && /\bprocess\s*\.\s*env\b|\bprocess\s*\[\s*['"`]env['"`]\s*\]/.test(text)).map(({ path }) => path);

/** Each file other than `THE_MODULE` among `sources` that spells a variable's name as a string, with the name. */
const namersBesides = (sources: readonly { path: string; text: string }[]) =>
  sources.flatMap(({ path, text }) =>
    path === THE_MODULE
      ? []
      : Object.values(ENV)
          .filter((name) => new RegExp(`['"\`]${name}['"\`]`).test(text))
          .map((name) => `${path}: ${name}`),
  );

describe('the environment of the functions', () => {
  it('is read by lib/config/env.ts, which names every variable', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.find(({ path }) => path === THE_MODULE)?.text).toContain('process.env');
    expect(Object.values(ENV)).toEqual(expect.arrayContaining(['TABLE_NAME', 'API_BASE_URL', 'CURSOR_SECRET_ARN', 'IDENTITY_ISSUER']));
  });

  it('is read by no other file of lib/ or functions/', () => {
    expect(readersBesides(files), 'these files read process.env themselves; read a variable with readEnv (lib/config/env.ts)').toEqual([]);
  });

  it('has its variables named by no other file of lib/ or functions/', () => {
    expect(namersBesides(files), 'these files spell a variable of lib/config/env.ts again; use ENV').toEqual([]);
  });

  it('would name a file that reads process.env, however it spells it, or names a variable again', () => {
    const sources = [
      { path: 'functions/x.ts', text: 'const queue = process.env.WEBHOOK_TIMER_QUEUE_URL;' },
      { path: 'lib/db/y.ts', text: "const dir = process['env'][name];" },
      { path: 'lib/db/z.ts', text: "// reads process.\nconst table = env['TABLE_NAME'];" },
      { path: THE_MODULE, text: 'export const read = () => process.env;' },
    ];
    expect(readersBesides(sources)).toEqual(['functions/x.ts', 'lib/db/y.ts']);
    expect(namersBesides(sources)).toEqual(['lib/db/z.ts: TABLE_NAME']);
  });
});
