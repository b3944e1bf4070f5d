import type { TokenHolder } from '../../auth/principal';
import { systemClock, type ClientClock, type Clock } from '../../clock';
import { config } from '../../config/config';
import type { Db } from '../../db/db';
import { defaultDb } from '../../db/default-db';
import type { PathTokenCredential } from '../../routes';
import { clientLimits } from '../client-limits';
import type { Contract } from '../contract';
import { pageChain, type PageContract, type PageInput, type PageOptions } from './page-endpoint';
import type { PageResult } from './page-face';
import { pathToken, type TokenResolver } from './path-token';

/** What a token page's handler receives besides its inputs: what its token names, and that client's clock. */
export interface TokenPageInput<C extends Contract, H extends TokenHolder = TokenHolder> extends PageInput<C> {
  readonly holder: H;
  /** The client's name: the merchant the page names. */
  readonly clientName: string;
  /** The client's clock (docs/api.md §12): what the page shows as the time left, and the time of what it does. */
  readonly clock: ClientClock;
}

/** Where a token page counts and reads (the stage's table, the real clock and the stage's limit unless a test says otherwise). */
export interface TokenPageOptions extends PageOptions {
  readonly db?: Db;
  readonly real?: Clock;
  readonly requestsPerSecond?: number;
}

/**
 * The handler of a page whose path holds its credential (face `page`, credential `pathToken`: the
 * payment page): the page chain (lib/http/page/page-endpoint.ts) with the path's token
 * (404 for one `resolve` does not know) and the client's limits and clock (429) as its parts. Page
 * actions count against the client's requests per second like any request.
 */
export function tokenPageEndpoint<
  C extends PageContract & { readonly route: { readonly credential: PathTokenCredential } },
  H extends TokenHolder = TokenHolder,
>(contract: C, resolve: TokenResolver<H>, run: (input: TokenPageInput<C, H>) => Promise<PageResult> | PageResult, options: TokenPageOptions = {}) {
  const { db = defaultDb, real = systemClock, requestsPerSecond = config.limits.requestsPerSecond } = options;
  const parts = [pathToken(contract.route.credential.param, resolve), clientLimits(db, real, requestsPerSecond)];
  // The holder on the context is the one `resolve` gave (lib/http/page/path-token.ts).
  return pageChain(
    contract,
    parts,
    (input, context) => run({ ...input, holder: context.holder as H, clientName: context.clientName!, clock: context.clock! }),
    options,
  );
}
