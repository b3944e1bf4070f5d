import { DASHBOARD_HEADERS, DASHBOARD_PAGE, dashboardAssetsDir, loadDashboardFiles } from '../lib/dashboard/assets';
import { NotFoundError } from '../lib/errors';
import { plainEndpoint, refuseQueryParameters } from '../lib/http/plain-endpoint';

// Read once per container: the page and its two files are a few dozen KB (dashboard/build.ts).
const files = loadDashboardFiles(dashboardAssetsDir(import.meta.url));

/**
 * GET /dashboard and GET /dashboard/{asset}: the built page and its files, public and table-less
 * (docs/api.md §13). The page holds no data; it asks for a key and calls this same API. Like every
 * route it refuses query parameters it does not know (here: all of them); an unknown file is 404.
 */
export const handler = plainEndpoint(
  (event) => {
    refuseQueryParameters(event);
    const asset = event.pathParameters?.asset;
    const file = asset === undefined ? files.get(DASHBOARD_PAGE) : asset === DASHBOARD_PAGE ? undefined : files.get(asset);
    if (!file) throw new NotFoundError(`The dashboard has no file ${asset}`);
    return { statusCode: 200, headers: { 'Content-Type': file.contentType, 'Cache-Control': file.cacheControl }, rawBody: file.body };
  },
  { headers: DASHBOARD_HEADERS },
);
