import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The file mode mask `npm start` runs with (docs/security.md): whatever it makes, and whatever
 * DynamoDB Local (a child, which inherits the mask) makes, is its owner's alone — directories
 * 0700, files 0600. The sandbox directory holds every client's data, the webhook secrets, the demo
 * key, the cursor secret and the emulator's people with their passwords and refresh tokens.
 */
export const OWNER_ONLY_UMASK = 0o077;

/** Group and other permission bits: what is taken away. */
const NOT_OWNER = 0o077;

/**
 * The sandbox directory, ready for a start: made 0700 when it does not exist; when it is the
 * sandbox's own (`.sandbox/` of this checkout, `ownDir`), made 0700 if an older version left it
 * open; and each of the sandbox's `entries` in it, recursively (symbolic links are not followed),
 * stripped of group and other permissions. A SANDBOX_DIR that exists keeps its own mode: it is the
 * directory you chose; what the sandbox keeps in it is its owner's only all the same.
 */
export function prepareSandboxDir(dir: string, options: { readonly entries: readonly string[]; readonly ownDir: boolean }): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (options.ownDir) tighten(dir, false);
  for (const entry of options.entries) tighten(entry, true);
}

/** Takes group and other permissions from `path`, and from everything under it when `deep`. */
function tighten(path: string, deep: boolean): void {
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (stat.isSymbolicLink()) return;
  if ((stat.mode & NOT_OWNER) !== 0) chmodSync(path, stat.mode & 0o7777 & ~NOT_OWNER);
  if (deep && stat.isDirectory()) for (const name of readdirSync(path)) tighten(join(path, name), true);
}
