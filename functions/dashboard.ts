import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { DASHBOARD_HEADERS, DASHBOARD_PAGE, dashboardAssetsDir, loadDashboardFiles } from '../lib/dashboard/assets';
import { NotFoundError, ValidationError } from '../lib/http/errors';
import { errorResult, requestIdOf, toHttpResponse } from '../lib/http/respond';
import { unexpectedKeys } from '../lib/http/validation';

// Read once per container: the page and its two files are a few dozen KB (dashboard/build.ts).
const files = loadDashboardFiles(dashboardAssetsDir(import.meta.url));

/**
 * GET /dashboard and GET /dashboard/{asset}: the built page and its files, public and table-less
 * (docs/api.md §13). The page holds no data; it asks for a key and calls this same API. Like every
 * route it refuses query parameters it does not know (here: all of them); an unknown file is 404.
 */
export const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>().handler(async (event, context) => {
  const requestId = requestIdOf(event, context);
  try {
    const errors = unexpectedKeys(event.queryStringParameters ?? {}, 'query');
    if (errors.length > 0) throw new ValidationError(errors);
    const asset = event.pathParameters?.asset;
    const file = asset === undefined ? files.get(DASHBOARD_PAGE) : asset === DASHBOARD_PAGE ? undefined : files.get(asset);
    if (!file) throw new NotFoundError(`The dashboard has no file ${asset}`);
    return {
      statusCode: 200,
      headers: { 'Content-Type': file.contentType, 'Cache-Control': file.cacheControl, 'X-Request-Id': requestId, ...DASHBOARD_HEADERS },
      body: file.body,
    };
  } catch (error) {
    const response = toHttpResponse(errorResult(error, requestId), requestId);
    return { ...response, headers: { ...response.headers, ...DASHBOARD_HEADERS } };
  }
});
