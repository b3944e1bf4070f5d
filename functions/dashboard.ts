import { DASHBOARD_PAGE, dashboardAssetsDir, dashboardHeaders, loadDashboardFiles } from '../lib/dashboard/assets';
import { identityOrigin, pageIdentity, pageWithIdentity } from '../lib/dashboard/identity';
import { NotFoundError } from '../lib/errors';
import { plainEndpoint, refuseQueryParameters } from '../lib/http/plain-endpoint';

// Read once per container: the page and its two files are a few dozen KB (dashboard/build.ts), and
// where the page signs people in (none: the page says the stage has no identity service).
const identity = pageIdentity(process.env);
const files = loadDashboardFiles(dashboardAssetsDir(import.meta.url));
const page = files.get(DASHBOARD_PAGE)!;
const served = new Map(files).set(DASHBOARD_PAGE, { ...page, body: pageWithIdentity(page.body, identity) });

/**
 * GET /dashboard and GET /dashboard/{asset}: the built page and its files, public and table-less
 * (docs/api.md §13). The page holds no data; it signs a person in at the identity service it names
 * and calls this same API with their session. Like every route it refuses query parameters it does
 * not know (here: all of them); an unknown file is 404.
 */
export const handler = plainEndpoint(
  (event) => {
    refuseQueryParameters(event);
    const asset = event.pathParameters?.asset;
    const file = asset === undefined ? served.get(DASHBOARD_PAGE) : asset === DASHBOARD_PAGE ? undefined : served.get(asset);
    if (!file) throw new NotFoundError(`The dashboard has no file ${asset}`);
    return { statusCode: 200, headers: { 'Content-Type': file.contentType, 'Cache-Control': file.cacheControl }, rawBody: file.body };
  },
  { headers: dashboardHeaders(identity && identityOrigin(identity)) },
);
