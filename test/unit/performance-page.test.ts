import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PERFORMANCE_PAGE, withReport } from '../../bench/performance-page';
import { renderReport, type Results } from '../../bench/report';

const results = JSON.parse(readFileSync(fileURLToPath(new URL('../../bench/results.json', import.meta.url)), 'utf8')) as Results;

describe('docs/performance.md', () => {
  it('shows the bench report of the committed bench/results.json, as the bench renders it', () => {
    const page = readFileSync(PERFORMANCE_PAGE, 'utf8');
    expect(page, 'docs/performance.md is stale: run `npm run bench -- --render bench/results.json`').toBe(withReport(page, renderReport(results)));
  });

  it('refuses a page that lost its generated block rather than write the report somewhere else', () => {
    expect(() => withReport('# Performance\n\nno markers here\n', 'report')).toThrow(/bench:begin/);
  });
});
