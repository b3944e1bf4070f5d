import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// npm 11 warns about a dependency's install script that package.json's `allowScripts` does not
// name, and runs only those it allows (docs/contributing.md, "Install scripts"); npm 10 ignores
// the field. Each entry is a package reviewed by name: no blanket approval.

const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as { allowScripts?: Record<string, boolean> };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { hasInstallScript?: boolean }> };

describe('install scripts', () => {
  it("runs esbuild's (it puts the platform's binary in place) and skips aws-sdk's (a notice that v2 is in maintenance)", () => {
    expect(packageJson.allowScripts).toEqual({ esbuild: true, 'aws-sdk': false });
  });

  it('reviews every locked package that has an install script, and names no other', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.replace(/^.*node_modules\//, ''));
    expect(Object.keys(packageJson.allowScripts ?? {}).sort()).toEqual([...new Set(withScripts)].sort());
  });

  it('keeps the policy in package.json alone: no .npmrc of the project allows scripts besides it', () => {
    const npmrc = existsSync('.npmrc') ? readFileSync('.npmrc', 'utf8') : '';
    expect(npmrc).not.toMatch(/^\s*(allow-scripts|dangerously-allow-all-scripts)\s*=/m);
  });
});
