import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** docs/performance.md: its prose is written by hand, its tables are the bench's report of bench/results.json. */
export const PERFORMANCE_PAGE = fileURLToPath(new URL('../docs/performance.md', import.meta.url));

const BEGIN = '<!-- bench:begin — written by `npm run bench` (or `npm run bench -- --render bench/results.json`); do not edit -->';
const END = '<!-- bench:end -->';

/** The page with its generated block replaced by `report`; throws when the page lost its markers. */
export function withReport(page: string, report: string): string {
  const begin = page.indexOf(BEGIN);
  const end = page.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${PERFORMANCE_PAGE} has no bench:begin … bench:end block`);
  return `${page.slice(0, begin + BEGIN.length)}\n\n${report.trim()}\n\n${page.slice(end)}`;
}

/** Writes `report` (a full run's, or one rendered again from its results) into docs/performance.md. */
export function writePerformancePage(report: string): void {
  writeFileSync(PERFORMANCE_PAGE, withReport(readFileSync(PERFORMANCE_PAGE, 'utf8'), report));
}
