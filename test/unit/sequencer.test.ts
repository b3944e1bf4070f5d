import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LONGEST_FILES } from '../support/longest-files';

describe('the order a run starts its files in', () => {
  it('names only test files that exist, each once, so a renamed slow file is noticed instead of ordered by chance', () => {
    expect(LONGEST_FILES.filter((file) => !existsSync(file) || !file.endsWith('.test.ts'))).toEqual([]);
    expect(new Set(LONGEST_FILES).size).toBe(LONGEST_FILES.length);
  });
});
