import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { needLines, rehearsalNeeds } from '../../scripts/rehearsal-needs';
import { MOTO_REQUIREMENT, meetsPin, rehearsalPython } from '../../scripts/rehearse/python';

/**
 * What .ci/run installs for the deploy rehearsal on a machine that lacks it (scripts/rehearsal-needs.ts),
 * decided against fake pythons on PATH: each answers the probe as a Python with or without moto, at
 * some version, with or without the venv module would. Nothing is installed here.
 */

const dir = mkdtempSync(join(tmpdir(), 'rehearsal-needs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let made = 0;

type Answer = { moto?: string; makesVenvs: boolean; why?: string } | null;

/** A `python3` that answers the probe with `answer` (exits 1 for `null`: it cannot run). */
const pythonScript = (answer: Answer) => `#!/bin/sh\n${answer === null ? 'exit 1' : `echo '${JSON.stringify(answer).replaceAll("'", "'\\''")}'`}\n`;

/** A directory for PATH holding such a `python3`. */
function fakePython(answer: Answer): string {
  const bin = join(dir, `bin-${++made}`);
  mkdirSync(bin);
  writeFileSync(join(bin, 'python3'), pythonScript(answer), { mode: 0o755 });
  return bin;
}

/** Where the venv goes: not made yet, or made, its bin/python3 answering as given. */
function venvAt(python?: Answer): string {
  const venv = join(dir, `venv-${++made}`);
  if (python !== undefined) {
    mkdirSync(join(venv, 'bin'), { recursive: true });
    writeFileSync(join(venv, 'bin', 'python3'), pythonScript(python), { mode: 0o755 });
  }
  return venv;
}

const noMoto = { makesVenvs: true, why: "ModuleNotFoundError: No module named 'moto'" };

describe("the deploy rehearsal's Python, as .ci/run decides what to install", () => {
  it('reads the pin pip installs from scripts/rehearse/requirements.txt', () => {
    expect(MOTO_REQUIREMENT).toBe('moto[server]>=5.2,<5.3');
  });

  it('installs nothing when python3 imports the pinned moto', () => {
    const venv = venvAt();
    expect(rehearsalNeeds({ PATH: fakePython({ moto: '5.2.1', makesVenvs: true }) }, venv)).toEqual([]);
    expect(rehearsalPython(venv)).toBe('python3');
  });

  it('installs the pinned moto with pip in a venv when python3 cannot import it, and the rehearsal then runs the venv', () => {
    const venv = venvAt();
    const needs = rehearsalNeeds({ PATH: fakePython(noMoto) }, venv);
    expect(needLines(needs)).toEqual([`venv ${venv}`]);
    expect(needs[0]!.why).toBe(
      `python3 cannot import moto's server (ModuleNotFoundError: No module named 'moto'); the rehearsal needs ${MOTO_REQUIREMENT}: installing it with pip in a venv, ${venv}`,
    );

    // Once .ci/run has made it, the rehearsal runs moto with the venv's python, and nothing more is needed.
    const installed = venvAt({ moto: '5.2.1', makesVenvs: true });
    expect(rehearsalPython(installed)).toBe(join(installed, 'bin', 'python3'));
    expect(rehearsalNeeds({ PATH: fakePython(noMoto) }, installed)).toEqual([]);
  });

  it.each(['4.2.14', '5.1.9', '5.3.0'])('installs the pinned moto when python3 has moto %s, which the pin excludes', (version) => {
    const venv = venvAt();
    const needs = rehearsalNeeds({ PATH: fakePython({ moto: version, makesVenvs: true }) }, venv);
    expect(needLines(needs)).toEqual([`venv ${venv}`]);
    expect(needs[0]!.why).toContain(`python3 has moto ${version}`);
  });

  it('makes the venv again when the one there cannot import the pinned moto', () => {
    const venv = venvAt(noMoto);
    expect(needLines(rehearsalNeeds({ PATH: fakePython(noMoto) }, venv))).toEqual([`venv ${venv}`]);
  });

  it("installs python3's venv module first when python3 lacks it (Debian's python3 without python3-venv)", () => {
    const venv = venvAt();
    expect(needLines(rehearsalNeeds({ PATH: fakePython({ ...noMoto, makesVenvs: false }) }, venv))).toEqual(['apt python3-venv', `venv ${venv}`]);
  });

  it('installs Python 3 itself, then the pinned moto, when no python3 runs', () => {
    const venv = venvAt();
    const empty = join(dir, `empty-${++made}`);
    mkdirSync(empty);
    expect(needLines(rehearsalNeeds({ PATH: empty }, venv))).toEqual(['apt python3', 'apt python3-venv', `venv ${venv}`]);
    expect(needLines(rehearsalNeeds({ PATH: fakePython(null) }, venv))).toEqual(['apt python3', 'apt python3-venv', `venv ${venv}`]);
  });
});

describe('the moto pin', () => {
  it.each([
    ['5.2.0', true],
    ['5.2.1', true],
    ['5.2.10', true],
    ['5.1.9', false],
    ['5.3.0', false],
    ['6.0.0', false],
    ['4.2', false],
  ] as const)('holds moto %s to be %s', (version, meets) => {
    expect(meetsPin(version)).toBe(meets);
  });
});
