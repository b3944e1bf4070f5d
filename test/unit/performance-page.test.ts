import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PERFORMANCE_PAGE, README_PAGE, TARGETS_MISSED_BLOCK, withReport } from '../../bench/performance-page';
import { renderReport, renderTargetsMissed, type Results } from '../../bench/report';
import { userCaseTargets, type UserCasesResult } from '../../bench/user-cases';

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

  it('shows part 13 once a run has measured it: each case beside the minimal service, both throughputs, and the targets they miss', () => {
    const at = (p50: number) => ({ n: 300, p50, p99: p50 * 2, mean: p50, min: p50 / 2, max: p50 * 3 });
    const load = (requestsPerSecond: number) => ({ requests: requestsPerSecond * 10, requestsPerSecond, p50: 30, p99: 90, errors: 0, non2xx: 0 });
    const userCases: UserCasesResult = {
      settings: { warmup: 30, rounds: 300, payments: 200, connections: 32, throughputWarmupSeconds: 5, throughputSeconds: 5 },
      dynamoEndpoint: 'http://127.0.0.1:1',
      payments: 200,
      latency: [{ case: 'POST /transaction/{id}/cancel right after its create', write: true, sandbox: at(15.16), minimal: at(11.66), ratio: 1.3 }],
      throughput: [{ path: '/transactions?limit=20', sandbox: load(307.5), minimal: load(525), ratio: 0.59 }],
      failures: [],
    };
    const run: Results = { ...results, userCases, targets: [...results.targets, ...userCaseTargets(userCases)] };
    const report = renderReport(run);
    expect(report).toContain('### 13. As a user meets it');
    expect(report).toContain('| POST /transaction/{id}/cancel right after its create | 15.16 | 30.32 | 11.66 | 23.32 | 1.30× | ✓ |');
    expect(report).toContain('| GET /transactions?limit=20 | 307.5 | 30 | 90 | 525 | 30 | 90 | 0.59× | ✗ missed |');
    expect(renderTargetsMissed(run)).toContain('GET /transactions?limit=20 at 32 connections 0.59× (307.5 against 525 requests/s)');
  });

  it('refuses a page that lost its generated block rather than write the report somewhere else', () => {
    expect(() => withReport('# Performance\n\nno markers here\n', 'report')).toThrow(/bench:begin/);
  });
});
