import type { Method, WriteMethod } from '../routes';
import { endpointOf, type ApiContract, type EndpointOptions, type UseCaseRun } from './endpoint';

/** A contract of an API route whose method only reads (GET): it takes no Idempotency-Key (docs/api.md §8). */
type ReadContract = ApiContract & { readonly route: { readonly method: Exclude<Method, WriteMethod> } };

/**
 * The handler of a GET route (lib/http/endpoint.ts, endpointOf): the request chain and its use
 * case, without the Idempotency-Key store, which a read never uses.
 */
export function readEndpoint<C extends ReadContract>(contract: C, run: UseCaseRun<C>, options: EndpointOptions<C> = {}) {
  return endpointOf(contract, run, options);
}
