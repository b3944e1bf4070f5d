import { catalog } from '../catalog';
import { errorCodes, errorStatus } from '../http/errors';
import { errorWhen } from './error-catalog';
import { routeList } from '../routes';
import { ACCOUNT, scopes } from '../scopes';

/**
 * The tables of docs/api.md that are facts of the code: endpoints and scopes (lib/routes.ts),
 * error codes (lib/http/errors.ts) and the payment catalog (lib/catalog.ts). The prose around them
 * is written by hand; these are rendered here, so they cannot drift. `npm run openapi` rewrites
 * them together with openapi.json, and test/unit/api-docs.test.ts fails while they are stale.
 */

const code = (text: string) => `\`${text}\``;

/** A Markdown table; a `|` inside a cell is escaped so it cannot split the cell. */
const table = (header: readonly string[], rows: readonly (readonly (string | number)[])[]): string =>
  [header, ...rows]
    .map((row) => `| ${row.map((cell) => String(cell).replace(/\|/g, '\\|')).join(' | ')} |`)
    .toSpliced(1, 0, `|${header.map(() => '---').join('|')}|`)
    .join('\n');

/** Each generated table of docs/api.md, by block name. */
export const referenceTables: Readonly<Record<string, () => string>> = {
  endpoints: () =>
    table(
      ['method', 'path', 'scope', 'what it does'],
      routeList.map((r) => [code(r.method), code(r.path), r.scope === ACCOUNT ? 'a session only' : r.scope ? code(r.scope) : 'none (public)', r.summary]),
    ),
  scopes: () =>
    table(
      ['scope', 'operations'],
      scopes.map((scope) => [
        code(scope),
        routeList
          .filter((r) => r.scope === scope)
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

const begin = (name: string) => `<!-- BEGIN GENERATED ${name} (npm run openapi) -->`;
const end = (name: string) => `<!-- END GENERATED ${name} -->`;

/**
 * docs/api.md with every generated table rendered afresh between its markers; everything else is
 * kept as written. Throws when a block's markers are missing, so a deleted block is not silently lost.
 */
export function renderApiReference(markdown: string): string {
  let result = markdown;
  for (const [name, render] of Object.entries(referenceTables)) {
    const start = result.indexOf(begin(name));
    const stop = result.indexOf(end(name), start);
    if (start < 0 || stop < 0) throw new Error(`docs/api.md lacks the generated block '${name}': ${begin(name)} … ${end(name)}`);
    result = `${result.slice(0, start)}${begin(name)}\n${render()}\n${result.slice(stop)}`;
  }
  return result;
}
