import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { JsonFace, NoCredential } from '../routes';
import type { BodyOf, Contract, ResultOf } from './contract';
import type { EndpointContext } from './middleware-context';
import { parseInput } from './parse-input';
import { readJsonBody } from './request';
import { jsonFace } from './respond';
import { responds } from './responder';

/** A public JSON route's contract: no credential, no table. */
type PublicContract = Contract & { readonly route: { readonly face: JsonFace; readonly credential: NoCredential; readonly table: 'none' } };

/**
 * The handler of a public JSON route that needs no table (face `json`, credential `none`: sign-up,
 * this API's document): the JSON face's responder and the input step of every route
 * (415/413/400, lib/http/parse-input.ts) around one use case, with no credential and so no
 * principal, no client and no limit of a client's (the gateway's throttle is its ceiling), and no
 * Idempotency-Key (there is no client to keep it under). Its bundle holds no DynamoDB client.
 */
export function publicEndpoint<C extends PublicContract>(contract: C, run: (input: { body: BodyOf<C>; requestId: string }) => Promise<ResultOf<C>>) {
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, EndpointContext>()
    .use(responds(contract.route.id, jsonFace))
    .use(parseInput(contract, readJsonBody))
    .handler(async (_event, context) => {
      const requestId = context.requestId!;
      return jsonFace.answer(await run({ body: context.input!.body as BodyOf<C>, requestId }), requestId);
    });
}
