import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { JsonFace, NoCredential } from '../routes';
import type { BodyOf, Contract, ResultOf } from './contract';
import { errorResponses } from './error-responses';
import type { EndpointContext } from './middleware-context';
import { parseInput } from './parse-input';
import { toHttpResponse } from './respond';

/** A public JSON route's contract: no credential, no table. */
type PublicContract = Contract & { readonly route: { readonly face: JsonFace; readonly credential: NoCredential; readonly table: 'none' } };

/**
 * The handler of a public JSON route that needs no table (sign-up): the error envelope and the
 * input step of every route (415/413/400, lib/http/parse-input.ts) around one use case, with no
 * admission (no key, no client, no limit of a client's: the gateway's throttle is its ceiling), and
 * no Idempotency-Key (there is no client to keep it under). Its bundle holds no DynamoDB client.
 */
export function publicEndpoint<C extends PublicContract>(contract: C, run: (input: { body: BodyOf<C>; requestId: string }) => Promise<ResultOf<C>>) {
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, EndpointContext>()
    .use(errorResponses(contract.route.id))
    .use(parseInput(contract))
    .handler(async (_event, context) => {
      const requestId = context.requestId!;
      return toHttpResponse(await run({ body: context.input!.body as BodyOf<C>, requestId }), requestId);
    });
}
