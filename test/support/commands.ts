import { execFile } from 'node:child_process';

/** What a command left when it ended: its exit code (or the signal that ended it), stdout and stderr. */
export interface Ran {
  readonly code: number | string | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs a command to its end, in this environment plus `env`; one still running after `timeoutMs`
 * (one that waits for something instead of answering) is ended, and its code is the signal.
 */
export function runCommand(command: string, args: readonly string[], env: NodeJS.ProcessEnv = {}, timeoutMs = 50_000): Promise<Ran> {
  return new Promise((resolve) =>
    execFile(command, [...args], { env: { ...process.env, ...env }, timeout: timeoutMs }, (error, stdout, stderr) =>
      resolve({ code: error ? (error.signal ?? (typeof error.code === 'number' ? error.code : null)) : 0, stdout, stderr }),
    ),
  );
}

/** `npm run --silent <script> -- …args`, as a user types it. */
export const npmRun = (script: string, args: readonly string[], env?: NodeJS.ProcessEnv): Promise<Ran> =>
  runCommand('npm', ['run', '--silent', script, '--', ...args], env);
