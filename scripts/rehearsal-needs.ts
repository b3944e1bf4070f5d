/**
 * `node --import tsx scripts/rehearsal-needs.ts`: what the deploy rehearsal (`npm run rehearse`,
 * .ci/run's last step) needs of Python that this machine lacks, one line each on stdout, for .ci/run
 * to install: `apt <package>` (python3, its venv module) and `venv <dir>` (the pinned moto,
 * scripts/rehearse/requirements.txt, to be installed by pip into a virtual environment there, where
 * the rehearsal looks first). Nothing on stdout: nothing is missing. Why each is missing goes to stderr.
 * (.ci/run checks the tests' Java and Chromium itself.)
 */
import { pathToFileURL } from 'node:url';
import { MOTO_REQUIREMENT, meetsPin, type PythonProbe, probePython, REHEARSAL_VENV, rehearsalPython } from './rehearse/python';

/** One thing to install: Debian packages, or the pinned moto in a venv at `venv`; and why. */
export type Need = { readonly apt: readonly string[]; readonly why: string } | { readonly venv: string; readonly why: string };

const hasPinnedMoto = (probe: PythonProbe) => probe.runs && probe.moto !== undefined && meetsPin(probe.moto);

/** What the rehearsal's Python lacks, as .ci/run installs it, in that order; empty when python runs the pinned moto. */
export function rehearsalNeeds(env: NodeJS.ProcessEnv = process.env, venv = REHEARSAL_VENV): Need[] {
  const chosen = rehearsalPython(venv);
  if (chosen !== 'python3' && hasPinnedMoto(probePython(chosen, env))) return [];
  const python3 = probePython('python3', env);
  if (hasPinnedMoto(python3)) return [];
  const install: Need = { venv, why: `the rehearsal needs ${MOTO_REQUIREMENT}: installing it with pip in a venv, ${venv}` };
  if (!python3.runs) return [{ apt: ['python3', 'python3-venv'], why: 'the rehearsal needs Python 3: no python3 runs here' }, install];
  const lacks = python3.moto === undefined ? `cannot import moto's server (${python3.why ?? 'no moto'})` : `has moto ${python3.moto}`;
  const missing: Need = { ...install, why: `python3 ${lacks}; ${install.why}` };
  return python3.makesVenvs ? [missing] : [{ apt: ['python3-venv'], why: 'python3 cannot make a venv (no ensurepip): installing its venv module' }, missing];
}

/** The lines .ci/run reads: `apt <package>` and `venv <dir>`. */
export const needLines = (needs: readonly Need[]) => needs.flatMap((need) => ('apt' in need ? need.apt.map((p) => `apt ${p}`) : [`venv ${need.venv}`]));

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const needs = rehearsalNeeds();
  for (const need of needs) process.stderr.write(`${need.why}\n`);
  for (const line of needLines(needs)) process.stdout.write(`${line}\n`);
}
