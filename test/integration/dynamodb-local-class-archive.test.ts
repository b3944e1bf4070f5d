import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { classArchive, compiledLauncher, findJava, NO_CLASS_ARCHIVE } from '../../infra/local/dynamodb-local';

/**
 * Java starts DynamoDB Local from a class-data archive that the first start records (decision 0415):
 * a start then maps the classes it needs instead of loading and verifying them from the jars.
 * Checked on the run's own DynamoDB Local, started by the global setup exactly as `npm start` starts
 * it (on a fresh clone, that start is the one that records the archive).
 */

/** The java process serving `port`: the one whose command line names that port. */
function javaServing(port: number): number | undefined {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (args[0]?.endsWith('java') && args.includes('-port') && args[args.indexOf('-port') + 1] === String(port)) return Number(name);
    } catch {
      // gone in between
    }
  }
  return undefined;
}

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe("DynamoDB Local's class-data archive", () => {
  it('is mapped by a DynamoDB Local that npm start started (Linux: the memory maps of its java)', async () => {
    if (process.platform !== 'linux') return; // no /proc: the start's speed is all there is to see
    const pid = javaServing(Number(new URL(inject('dynamoEndpoint')).port));
    expect(pid, 'the java serving the run').toBeDefined();
    const java = findJava();
    const launcher = compiledLauncher(java);
    expect(launcher).toBeDefined();
    // The run's start recorded it (or found it): asking again answers the same file, or undefined and a note of why.
    const archive = await classArchive(java, launcher!);
    const refused = join(launcher!, NO_CLASS_ARCHIVE);
    expect(archive, existsSync(refused) ? readFileSync(refused, 'utf8') : 'no archive and no note').toBeDefined();
    expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toContain(`-XX:SharedArchiveFile=${archive}`);
    expect(readFileSync(`/proc/${pid}/maps`, 'utf8')).toContain(archive);
  });

  it('is not tried again where it cannot be recorded: the reason is kept beside the launcher instead', async () => {
    // A launcher folder without its jars: the recording DynamoDB Local cannot start.
    const folder = mkdtempSync(join(tmpdir(), 'launcher-'));
    scratch.push(folder);
    const java = findJava();
    expect(await classArchive(java, folder)).toBeUndefined();
    const refused = join(folder, NO_CLASS_ARCHIVE);
    expect(readFileSync(refused, 'utf8')).toMatch(/DynamoDB Local exited during start-up/);
    const noted = statSync(refused).mtimeMs;
    expect(await classArchive(java, folder)).toBeUndefined();
    expect(statSync(refused).mtimeMs).toBe(noted);
    expect(readdirSync(folder)).toEqual([NO_CLASS_ARCHIVE]); // no recording left behind
  });
});
