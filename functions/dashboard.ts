import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { getDashboardContract } from '../lib/contracts/get-dashboard';
import { getDashboardAssetContract } from '../lib/contracts/get-dashboard-asset';
import { DASHBOARD_PAGE, loadDashboardFiles, type DashboardFile } from '../lib/dashboard/assets';
import { dashboardAssetsDir, pageIdentity } from '../lib/dashboard/environment';
import { identityOrigin, pageWithIdentity } from '../lib/dashboard/identity';
import { NotFoundError } from '../lib/errors';
import { pageEndpoint } from '../lib/http/page/page-endpoint';

// Read once per container: the page and its two files are a few dozen KB (dashboard/build.ts), and
// where the page signs people in (none: the page says the stage has no identity service).
const identity = pageIdentity();
const files = loadDashboardFiles(dashboardAssetsDir(import.meta.url));
const page = files.get(DASHBOARD_PAGE)!;
const served = new Map(files).set(DASHBOARD_PAGE, { ...page, body: pageWithIdentity(page.body, identity) });
// Its face connects to the identity service: the one origin its policy allows besides its own.
const options = { connectOrigin: identity && identityOrigin(identity) };

const answer = (file: DashboardFile) => ({
  statusCode: 200,
  headers: { 'Content-Type': file.contentType, 'Cache-Control': file.cacheControl },
  body: file.body,
});

const pageRoute = pageEndpoint(getDashboardContract, () => answer(served.get(DASHBOARD_PAGE)!), options);

const assetRoute = pageEndpoint(
  getDashboardAssetContract,
  ({ params }) => {
    const file = params.asset === DASHBOARD_PAGE ? undefined : served.get(params.asset);
    if (!file) throw new NotFoundError(`The dashboard has no file ${params.asset}`);
    return answer(file);
  },
  options,
);

/**
 * GET /dashboard and GET /dashboard/{asset}: the built page and its files, two public page routes
 * of one function (docs/api.md §13), each with its own chain. The page holds no data; it signs a
 * person in at the identity service it names and calls this same API with their session. Like every
 * route they refuse query parameters they do not know (here: all of them); an unknown file is 404.
 */
export const handler = (event: APIGatewayProxyEventV2, context: Context) =>
  (event.pathParameters?.asset === undefined ? pageRoute : assetRoute)(event, context);
