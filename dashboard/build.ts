import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/**
 * The one build of the dashboard (docs/decisions/, "Dashboard"): esbuild bundles
 * dashboard/src/main.tsx (Preact, openapi-fetch, the style sheet) into `app-<hash>.js` and
 * `app-<hash>.css`, and writes `index.html` naming them. `npm start` builds it at start
 * (infra/local/sandbox.ts); the stack builds it into the dashboard function's bundle
 * (infra/stack.ts). Offline, in well under a second.
 */

const dashboardDir = fileURLToPath(new URL('.', import.meta.url));

export interface BuiltFile {
  readonly name: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

/** Builds the dashboard into `outDir` (emptied first) and lists what it wrote. */
export async function buildDashboard(outDir: string): Promise<BuiltFile[]> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    absWorkingDir: dashboardDir,
    entryPoints: { app: 'src/main.tsx' },
    outdir: outDir,
    entryNames: '[name]-[hash]',
    bundle: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = Object.keys(result.metafile.outputs).map((path) => basename(path));
  const script = outputs.find((name) => name.endsWith('.js'));
  const style = outputs.find((name) => name.endsWith('.css'));
  if (!script || !style) throw new Error(`dashboard build: expected a script and a style sheet, got ${outputs.join(', ')}`);
  const page = readFileSync(join(dashboardDir, 'index.html'), 'utf8').replace('%SCRIPT%', `dashboard/${script}`).replace('%STYLE%', `dashboard/${style}`);
  writeFileSync(join(outDir, 'index.html'), page);
  return ['index.html', script, style].map((name) => {
    const content = readFileSync(join(outDir, name));
    return { name, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
}

let once: Promise<string> | undefined;

/**
 * Builds the dashboard once per process into a temporary directory (removed when the process
 * exits) and returns that directory: every local sandbox of the process serves the same build.
 */
export function buildDashboardOnce(): Promise<string> {
  once ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payment-sandbox-dashboard-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    await buildDashboard(dir);
    return dir;
  })();
  return once;
}
