import type { TokenHolder } from '../../auth/principal';
import { NotFoundError } from '../../errors';
import { logger } from '../../logger';
import type { PagePart } from './page-endpoint';

/**
 * Finds what a page's path token names (lib/routes.ts `pathToken`): the client and the object of
 * theirs. Throws NotFoundError for a token that names nothing — unknown, malformed, or its object
 * gone (a reset) — which the page answers as its 404 page. A holder may carry the object as read
 * (`H`), so its handler need not read it again. The payment page's looks the token up on
 * its transaction; a test's is a table (test/support/path-tokens.ts).
 */
export type TokenResolver<H extends TokenHolder = TokenHolder> = (token: string) => Promise<H>;

/** A page's 404 for a path that holds no token: here, and under the page's path where no route takes it (lib/http/fallback-endpoint.ts). */
export const noSuchPage = (): NotFoundError => new NotFoundError('No such page');

/**
 * The credential step of a page whose path holds its credential: the token in path parameter
 * `param`, resolved to its holder (on the context), or 404. The client's limits and clock come
 * next (lib/http/client-limits.ts).
 */
export function pathToken<H extends TokenHolder>(param: string, resolve: TokenResolver<H>): PagePart {
  return {
    before: async (request) => {
      const token = request.event.pathParameters?.[param];
      if (!token) throw noSuchPage();
      const holder = await resolve(token);
      request.context.holder = holder;
      logger.appendKeys({ clientId: holder.clientId });
    },
  };
}
