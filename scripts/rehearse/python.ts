import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { coerce, satisfies } from 'semver';

/**
 * The Python that runs the rehearsal's moto (scripts/rehearse/moto_server.py): python3 when it
 * imports the pinned moto, else the virtual environment `.ci/run` makes for it under
 * node_modules/.cache (no root needed, nothing of the machine's Python touched).
 */

const requirementsFile = fileURLToPath(new URL('./requirements.txt', import.meta.url));

/** The pin, as pip reads it from scripts/rehearse/requirements.txt: `moto[server]>=5.2,<5.3`. */
export const MOTO_REQUIREMENT = readFileSync(requirementsFile, 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .find((line) => line !== '' && !line.startsWith('#'))!;

/** Where `.ci/run` installs the pinned moto when python3 lacks it. */
export const REHEARSAL_VENV = fileURLToPath(new URL('../../node_modules/.cache/rehearsal-python', import.meta.url));

/** The python the rehearsal runs moto with: the venv's once `.ci/run` made it, else python3 on PATH. */
export function rehearsalPython(venv = REHEARSAL_VENV): string {
  const python = join(venv, 'bin', 'python3');
  return existsSync(python) ? python : 'python3';
}

/** What a python can do for the rehearsal: run at all, import the pinned moto, make a venv (ensurepip). */
export type PythonProbe =
  | { readonly runs: false }
  | { readonly runs: true; readonly moto: string | undefined; readonly makesVenvs: boolean; readonly why?: string };

/** Imports what moto_server.py imports (moto's server needs the [server] extras), and says whether `-m venv` can bring pip. */
const PROBE = `
import importlib.util, json
out = {"makesVenvs": all(importlib.util.find_spec(m) is not None for m in ("venv", "ensurepip"))}
try:
    import moto, moto.moto_server.threaded_moto_server
    out["moto"] = moto.__version__
except Exception as error:
    out["why"] = f"{type(error).__name__}: {error}"
print(json.dumps(out))
`;

/** Runs `python` with the probe (in `env`, PATH included): what it can do, or `runs: false` when it cannot run or answer. */
export function probePython(python: string, env: NodeJS.ProcessEnv = process.env): PythonProbe {
  const ran = spawnSync(python, ['-c', PROBE], { env, encoding: 'utf8', timeout: 60_000 });
  if (ran.status !== 0) return { runs: false };
  try {
    const out = JSON.parse(ran.stdout.trim().split('\n').pop() ?? '') as { moto?: string; makesVenvs?: boolean; why?: string };
    return { runs: true, moto: out.moto, makesVenvs: out.makesVenvs === true, why: out.why };
  } catch {
    return { runs: false };
  }
}

/** Whether an installed moto version meets the pin (`>=5.2,<5.3` read as the range `>=5.2.0 <5.3.0`). */
export function meetsPin(version: string, requirement = MOTO_REQUIREMENT): boolean {
  const clauses = requirement.replace(/^[^<>=!~]*/, '').split(',');
  const range = clauses.map((clause) => {
    const [, op, at] = /^\s*(>=|<=|==|!=|~=|<|>)\s*(.+?)\s*$/.exec(clause) ?? [];
    if (!op || !at || op === '!=' || op === '~=') throw new Error(`${requirementsFile}: cannot read the clause '${clause}'`);
    return `${op === '==' ? '' : op}${coerce(at)?.version}`;
  });
  const installed = coerce(version);
  return installed !== null && satisfies(installed, range.join(' '));
}
