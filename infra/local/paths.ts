import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Local state lives under `.sandbox/` (git-ignored); SANDBOX_DIR moves it (tests use a temporary one). */
export const sandboxDir = process.env.SANDBOX_DIR || fileURLToPath(new URL('../../.sandbox/', import.meta.url));
/** `.sandbox/` of this checkout is the sandbox's own; a SANDBOX_DIR is a directory someone chose. */
export const ownsSandboxDir = !process.env.SANDBOX_DIR;
export const dbDir = join(sandboxDir, 'db');
/** The identity emulator's user pool, people, sessions and outbox of temporary passwords and codes. */
export const identityDir = join(sandboxDir, 'identity');
export const demoFile = join(sandboxDir, 'demo.json');
/** Written while `npm start` runs, so the admin CLI finds the running sandbox with no flags. */
export const runtimeFile = join(sandboxDir, 'runtime.json');
export const dynamoLogFile = join(sandboxDir, 'dynamodb-local.log');
/** The secret that signs this sandbox's list cursors (made on first start, mode 0600). */
export const cursorSecretFile = join(sandboxDir, 'cursor-secret');
/** Everything the sandbox keeps in its directory: its owner's only (infra/local/sandbox-dir.ts). */
export const sandboxEntries: readonly string[] = [dbDir, identityDir, demoFile, runtimeFile, dynamoLogFile, cursorSecretFile];

export interface RuntimeInfo {
  readonly baseUrl: string;
  readonly dynamoEndpoint: string;
  readonly tableName: string;
  /** The identity emulator's JSON API and pool (the admin CLI's `users` commands); absent in files of older sandboxes. */
  readonly identityEndpoint?: string;
  readonly userPoolId?: string;
  /** The dashboard's app client of that pool: what a person signs in as. */
  readonly userPoolClientId?: string;
  readonly pid: number;
}
