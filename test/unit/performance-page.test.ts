import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PERFORMANCE_PAGE, README_PAGE, TARGETS_MISSED_BLOCK, withReport } from '../../bench/performance-page';
import { renderReport, renderTargetsMissed, type Results } from '../../bench/report';

const results = JSON.parse(readFileSync(fileURLToPath(new URL('../../bench/results.json', import.meta.url)), 'utf8')) as Results;

describe('docs/performance.md', () => {
  it('shows the bench report of the committed bench/results.json, as the bench renders it', () => {
    const page = readFileSync(PERFORMANCE_PAGE, 'utf8');
    expect(page, 'docs/performance.md is stale: run `npm run bench -- --render bench/results.json`').toBe(withReport(page, renderReport(results)));
  });

  it('lists in README the targets the committed run missed, with their numbers, as the bench renders them', () => {
    const readme = readFileSync(README_PAGE, 'utf8');
    expect(readme, 'README.md is stale: run `npm run bench -- --render bench/results.json`').toBe(
      withReport(readme, renderTargetsMissed(results), TARGETS_MISSED_BLOCK),
    );
    for (const missed of results.targets.filter((t) => t.met === false)) expect(readme).toContain(missed.part);
  });

  it('refuses a page that lost its generated block rather than write the report somewhere else', () => {
    expect(() => withReport('# Performance\n\nno markers here\n', 'report')).toThrow(/bench:begin/);
  });
});
