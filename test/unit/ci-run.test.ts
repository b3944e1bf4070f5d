import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MOTO_REQUIREMENT } from '../../scripts/rehearse/python';

/** .ci/run, the CI entry point, read as the text it is: what it runs, in which order, and what README promises of it. */
const script = readFileSync('.ci/run', 'utf8').split('\n');
const readme = readFileSync('README.md', 'utf8');

/** The line numbers of .ci/run's lines that match. */
const linesOf = (pattern: RegExp) => script.flatMap((line, i) => (pattern.test(line) ? [i] : []));

describe('.ci/run', () => {
  it("runs npm ci, then exactly README's test command, then the bench's smoke run, then the deploy rehearsal, and no other npm command", () => {
    expect(readme).toContain('npm ci && npm test');
    expect(script.filter((line) => /^npm /.test(line))).toEqual(['npm ci --no-audit --no-fund', 'npm test', 'npm run test:bench', 'npm run rehearse']);
  });

  it("installs the rehearsal's moto from scripts/rehearse/requirements.txt before the first step runs, as scripts/rehearsal-needs.ts says", () => {
    const [needs] = linesOf(/scripts\/rehearsal-needs\.ts/);
    const [pip] = linesOf(/-m pip install .*-r scripts\/rehearse\/requirements\.txt/);
    const [test] = linesOf(/^npm test$/);
    expect(needs).toBeLessThan(pip!);
    expect(pip).toBeLessThan(test!);
  });

  it("is what README's prerequisites say npm run rehearse needs: Python 3 with the pinned moto", () => {
    const prerequisites = readme.slice(readme.indexOf('## Prerequisites'), readme.indexOf('## Run it locally'));
    expect(prerequisites).toContain('`npm run rehearse`');
    expect(prerequisites).toContain(`pip install '${MOTO_REQUIREMENT}'`);
  });
});
