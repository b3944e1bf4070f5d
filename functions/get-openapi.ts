import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ValidationError } from '../lib/http/errors';
import { errorResult, toHttpResponse } from '../lib/http/respond';
import { unexpectedKeys } from '../lib/http/validation';
import document from '../openapi.json' with { type: 'json' };

/**
 * GET /openapi.json: the committed document (written by `npm run openapi`), bundled into the
 * function. Public and table-less, so it does without `endpoint` and its configuration; like
 * every route it rejects query parameters it does not know (here: all of them).
 */
export const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>().handler(
  async (event, context) => {
    const requestId = event.requestContext?.requestId || context.awsRequestId;
    try {
      const errors = unexpectedKeys(event.queryStringParameters ?? {}, 'query');
      if (errors.length > 0) throw new ValidationError(errors);
      return toHttpResponse({ statusCode: 200, body: document }, requestId);
    } catch (error) {
      return toHttpResponse(errorResult(error, requestId), requestId);
    }
  },
);
