import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { NoCredential, PageFace } from '../../routes';
import type { BodyOf, Contract, ParamsOf, QueryOf } from '../contract';
import type { EndpointContext } from '../middleware-context';
import { parseInput } from '../parse-input';
import { responds } from '../responder';
import { readFormBody } from './form-body';
import { pageFace, type PageResult } from './page-face';

type Event = APIGatewayProxyEventV2;
type Response = APIGatewayProxyStructuredResultV2;

/** A page route's contract: a page's face; its body, if it takes one, a form. */
export type PageContract = Contract & { readonly route: { readonly face: PageFace } };

/** What a page's handler receives: the request id and its validated inputs. */
export interface PageInput<C extends Contract> {
  readonly requestId: string;
  readonly params: ParamsOf<C>;
  readonly query: QueryOf<C>;
  readonly body: BodyOf<C>;
}

/** A chain part that comes between a page's responder and its input: its credential, its limits and clock. */
export type PagePart = middy.MiddlewareObj<Event, Response, Error, EndpointContext>;

/** Where a page's face connects besides its own origin (lib/routes.ts `connects`), as its function learnt it. */
export interface PageOptions {
  readonly connectOrigin?: string;
}

/**
 * The chain of a page route (face `page`), from one-job parts: the page face's responder (its
 * headers on every answer, errors as its face says: lib/http/page/page-face.ts) → `parts` (the
 * credential, and the client's limits and clock it leads to; none for a public page) → the form
 * body and the inputs (415/413/400: lib/http/parse-input.ts with lib/http/page/form-body.ts) →
 * `run`, whose page is answered with the page's headers.
 */
export function pageChain<C extends PageContract>(
  contract: C,
  parts: readonly PagePart[],
  run: (input: PageInput<C>, context: EndpointContext) => Promise<PageResult> | PageResult,
  options: PageOptions = {},
) {
  const face = pageFace(contract.route, options.connectOrigin);
  const chain = middy<Event, Response, Error, EndpointContext>().use(responds(contract.route.id, face));
  for (const part of parts) chain.use(part);
  return chain.use(parseInput(contract, readFormBody)).handler(async (_event, context) => {
    const requestId = context.requestId!;
    const { params, query, body } = context.input!;
    return face.answer(await run({ requestId, params: params as ParamsOf<C>, query: query as QueryOf<C>, body: body as BodyOf<C> }, context), requestId);
  });
}

/**
 * The handler of a public page (face `page`, credential `none`: the dashboard): no principal, no
 * client, no table; its bundle holds no DynamoDB client. `options.connectOrigin` is the origin its
 * face connects to, which it read from its environment.
 */
export function pageEndpoint<C extends PageContract & { readonly route: { readonly credential: NoCredential } }>(
  contract: C,
  run: (input: PageInput<C>) => Promise<PageResult> | PageResult,
  options: PageOptions = {},
) {
  return pageChain(contract, [], run, options);
}
