import type { TokenHolder } from '../../lib/auth/principal';
import { noSuchPage, type TokenResolver } from '../../lib/http/page/path-token';

/**
 * A path-token resolver over a table of tokens (lib/http/page/path-token.ts): what each names, and
 * NotFoundError for any other, as the payment page's lookup will answer. `asked` lists the tokens
 * it was asked, in order.
 */
export function tokenTable(tokens: Readonly<Record<string, TokenHolder>>): TokenResolver & { readonly asked: string[] } {
  const asked: string[] = [];
  const resolve = async (token: string) => {
    asked.push(token);
    const holder = Object.hasOwn(tokens, token) ? tokens[token] : undefined;
    if (!holder) throw noSuchPage();
    return holder;
  };
  return Object.assign(resolve, { asked });
}
