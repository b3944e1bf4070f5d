import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildDashboard, type BuiltFile } from '../dashboard/build';

/** Part 10: the dashboard's page and files, as the stack and `npm start` build them, and what a browser downloads. */

/** The page, its script and its style sheet together, gzipped: the most a first visit transfers. */
export const DASHBOARD_GZIP_BUDGET_BYTES = 100 * 1024;

export interface DashboardResult {
  readonly files: readonly BuiltFile[];
  readonly totalBytes: number;
  readonly totalGzipBytes: number;
  readonly budgetGzipBytes: number;
  /** How long dashboard/build.ts took (esbuild, offline). */
  readonly buildMs: number;
}

export async function measureDashboard(): Promise<DashboardResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-dashboard-'));
  try {
    const started = performance.now();
    const files = await buildDashboard(dir);
    const buildMs = Math.round(performance.now() - started);
    return {
      files,
      totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
      totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
      budgetGzipBytes: DASHBOARD_GZIP_BUDGET_BYTES,
      buildMs,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
