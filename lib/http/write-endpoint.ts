import type { WriteMethod } from '../routes';
import { endpointOf, type ApiContract, type EndpointOptions, type UseCaseRun } from './endpoint';
import { runIdempotently } from './idempotency';

/** A contract of an API route whose method writes (lib/routes.ts writeMethods): it takes an Idempotency-Key (docs/api.md §8). */
type WriteContract = ApiContract & { readonly route: { readonly method: WriteMethod } };

/**
 * The handler of a route whose method writes (lib/http/endpoint.ts, endpointOf): the request chain and
 * its use case, run idempotently when the request carries an Idempotency-Key (lib/http/idempotency.ts).
 */
export function writeEndpoint<C extends WriteContract>(contract: C, run: UseCaseRun<C>, options: EndpointOptions<C> = {}) {
  return endpointOf(contract, run, options, runIdempotently);
}
