import { readdirSync, readFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { pageCsp } from '../http/page/page-face';
import { getDashboardRoute } from '../routes';

/**
 * The dashboard's built files (dashboard/build.ts writes them; its route declares them: lib/routes.ts
 * `assets`): how each is served. Where the function finds them is its DASHBOARD_ASSETS_DIR
 * (lib/dashboard/environment.ts): a relative directory is relative to the function's own module,
 * which is how the stack points the bundled function at the copy inside its bundle; `npm start`
 * gives an absolute one (infra/local/sandbox.ts).
 */

/** The page itself, served at `{base_url}/dashboard`; every other file is served below it by name. */
export const DASHBOARD_PAGE = 'index.html';

/**
 * The dashboard's Content-Security-Policy, as the page face makes it from its declaration
 * (lib/http/page/page-face.ts): its own script and style sheet, its own origin and, when the stage
 * has one, the identity service where it signs people in (`identityOrigin`, lib/dashboard/identity.ts),
 * no form, no framing.
 */
export const dashboardCsp = (identityOrigin?: string): string => pageCsp(getDashboardRoute.face, identityOrigin);

/**
 * The page is checked again on every load (it names the current script and style sheet); those are
 * named after their content hash, so a browser may keep them for a year without asking.
 */
export const PAGE_CACHE_CONTROL = 'no-cache';
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export interface DashboardFile {
  readonly body: string;
  readonly contentType: string;
  readonly cacheControl: string;
}

/** Reads every built file of `dir` into memory, by file name; throws when the page or a type is missing. */
export function loadDashboardFiles(dir: string): ReadonlyMap<string, DashboardFile> {
  const files = new Map<string, DashboardFile>();
  for (const name of readdirSync(dir)) {
    const contentType = CONTENT_TYPES[extname(name)];
    if (!contentType) throw new Error(`${dir}: ${name} is not a file the dashboard serves (.html, .js, .css)`);
    files.set(name, {
      body: readFileSync(resolve(dir, name), 'utf8'),
      contentType,
      cacheControl: name === DASHBOARD_PAGE ? PAGE_CACHE_CONTROL : ASSET_CACHE_CONTROL,
    });
  }
  if (!files.has(DASHBOARD_PAGE)) throw new Error(`${dir} holds no ${DASHBOARD_PAGE}: build the dashboard first (npm run build:dashboard)`);
  return files;
}
