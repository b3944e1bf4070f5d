import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** docs/performance.md: its prose is written by hand, its tables are the bench's report of bench/results.json. */
export const PERFORMANCE_PAGE = fileURLToPath(new URL('../docs/performance.md', import.meta.url));

/** README.md: its "Targets missed" list is the bench's too (renderTargetsMissed), beside prose written by hand. */
export const README_PAGE = fileURLToPath(new URL('../README.md', import.meta.url));

/** A block of a page that the bench writes, between two markers. */
interface Block {
  readonly begin: string;
  readonly end: string;
}

export const REPORT_BLOCK: Block = {
  begin: '<!-- bench:begin — written by `npm run bench` (or `npm run bench -- --render bench/results.json`); do not edit -->',
  end: '<!-- bench:end -->',
};

export const TARGETS_MISSED_BLOCK: Block = {
  begin: '<!-- targets-missed:begin — written by `npm run bench` (or `npm run bench -- --render bench/results.json`); do not edit -->',
  end: '<!-- targets-missed:end -->',
};

/** The page with its generated block replaced by `text`; throws when the page lost its markers. */
export function withReport(page: string, text: string, block: Block = REPORT_BLOCK): string {
  const begin = page.indexOf(block.begin);
  const end = page.indexOf(block.end);
  if (begin < 0 || end < begin) throw new Error(`the page has no ${block.begin.slice(5, block.begin.indexOf(':begin') + 6)} … end block`);
  return `${page.slice(0, begin + block.begin.length)}\n\n${text.trim()}\n\n${page.slice(end)}`;
}

/** Writes `report` (a full run's, or one rendered again from its results) into docs/performance.md, and its missed targets into README.md. */
export function writePerformancePage(report: string, targetsMissed: string): void {
  writeFileSync(PERFORMANCE_PAGE, withReport(readFileSync(PERFORMANCE_PAGE, 'utf8'), report));
  writeFileSync(README_PAGE, withReport(readFileSync(README_PAGE, 'utf8'), targetsMissed, TARGETS_MISSED_BLOCK));
}
