import { readFileSync } from 'node:fs';
import { subset, validRange } from 'semver';
import { describe, expect, it } from 'vitest';

// `engines.node` is a promise: every Node.js version it admits can install and run the project.
// npm only warns (EBADENGINE) about the version it runs on; this checks every version we claim.

const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { version?: string; engines?: Record<string, string> | string[] }>;
};

describe('engines', () => {
  it('admits only Node.js versions that every locked package supports', () => {
    const claimed = packageJson.engines.node;
    expect(validRange(claimed)).not.toBeNull();
    const unsupported = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        // A few old packages still use the array form (["node >= 0.8"]); it names no range npm checks.
        const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return wanted && !subset(claimed, wanted) ? [`${path.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${wanted}`] : [];
      });
    expect(unsupported, `package.json engines.node is ${claimed}`).toEqual([]);
  });

  it('keeps the lock file in step with package.json', () => {
    expect((lock.packages['']?.engines as Record<string, string> | undefined)?.node).toBe(packageJson.engines.node);
  });
});
