import { catalog } from '../catalog';
import { errorCodes, errorStatus } from '../http/errors';
import { errorWhen } from './error-catalog';
import { code, renderGeneratedBlocks, table } from './generated-blocks';
import { routeList, scopeOf, type RouteCredential } from '../routes';
import { scopes } from '../scopes';

/**
 * The tables of docs/api.md that are facts of the code: endpoints and scopes (lib/routes.ts),
 * error codes (lib/http/errors.ts) and the payment catalog (lib/catalog.ts). The prose around them
 * is written by hand; these are rendered here, so they cannot drift. `npm run openapi` rewrites
 * them together with openapi.json, and test/unit/api-docs.test.ts fails while they are stale.
 */

/** The endpoints table's `scope` column: who may call a route. */
function whoMay(credential: RouteCredential): string {
  switch (credential.kind) {
    case 'key':
      return code(credential.scope);
    case 'session':
      return 'a session only';
    case 'pathToken':
      return `the token in its path (${code(`{${credential.param}}`)})`;
    case 'none':
      return 'none (public)';
  }
}

/** Each generated table of docs/api.md, by block name. */
export const referenceTables: Readonly<Record<string, () => string>> = {
  endpoints: () =>
    table(
      ['method', 'path', 'scope', 'what it does'],
      routeList.map((r) => [code(r.method), code(r.path), whoMay(r.credential), r.summary]),
    ),
  scopes: () =>
    table(
      ['scope', 'operations'],
      scopes.map((scope) => [
        code(scope),
        routeList
          .filter((r) => scopeOf(r.credential) === scope)
          .map((r) => code(`${r.method} ${r.path}`))
          .join(', '),
      ]),
    ),
  errors: () =>
    table(
      ['status', 'code', 'when'],
      errorCodes.map((c) => [errorStatus[c], code(c), errorWhen[c]]),
    ),
  catalog: () =>
    table(
      ['payment_method', 'payment_channel', 'name', 'currency', 'min_amount', 'max_amount', 'fee.flat', 'fee.percent', 'expiry_minutes', 'enabled'],
      catalog.flatMap((m) =>
        m.channels.map((c) => [
          code(m.payment_method),
          code(c.payment_channel),
          c.name,
          c.currency,
          c.min_amount,
          c.max_amount,
          c.fee.flat,
          c.fee.percent,
          c.expiry_minutes,
          c.enabled ? 'yes' : 'no',
        ]),
      ),
    ),
};

/** docs/api.md with every generated table rendered afresh between its markers; everything else is kept as written. */
export const renderApiReference = (markdown: string): string => renderGeneratedBlocks(markdown, referenceTables, 'docs/api.md');
