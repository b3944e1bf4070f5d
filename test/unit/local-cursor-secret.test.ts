import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureCursorSecret } from '../../infra/local/sandbox';

const dir = mkdtempSync(join(tmpdir(), 'cursor-secret-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the local cursor secret file', () => {
  it('is made once, with a 32-byte random secret, and read back unchanged afterwards', () => {
    const file = join(dir, 'fresh', 'cursor-secret');
    const made = ensureCursorSecret(file);
    expect(Buffer.from(made, 'base64url')).toHaveLength(32);
    expect(ensureCursorSecret(file)).toBe(made);
    expect(ensureCursorSecret(join(dir, 'other', 'cursor-secret'))).not.toBe(made);
  });

  it('is refused when it holds no usable secret, with a message that says how to get a new one', () => {
    const file = join(dir, 'damaged');
    writeFileSync(file, 'short\n');
    expect(() => ensureCursorSecret(file)).toThrow(`${file} does not hold a cursor secret of at least 32 characters; delete it to get a new one`);
  });
});
