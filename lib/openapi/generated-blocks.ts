/**
 * The generated blocks of the docs (docs/api.md, docs/security.md): facts of the code rendered
 * between markers by `npm run openapi`, the prose around them written by hand.
 */

/** Code in Markdown. */
export const code = (text: string) => `\`${text}\``;

/** A Markdown table; a `|` inside a cell is escaped so it cannot split the cell. */
export const table = (header: readonly string[], rows: readonly (readonly (string | number)[])[]): string =>
  [header, ...rows]
    .map((row) => `| ${row.map((cell) => String(cell).replace(/\|/g, '\\|')).join(' | ')} |`)
    .toSpliced(1, 0, `|${header.map(() => '---').join('|')}|`)
    .join('\n');

const begin = (name: string) => `<!-- BEGIN GENERATED ${name} (npm run openapi) -->`;
const end = (name: string) => `<!-- END GENERATED ${name} -->`;

/**
 * `markdown` with each of `blocks` rendered afresh between its markers; everything else is kept as
 * written. Throws when a block's markers are missing from `file`, so a deleted block is not silently lost.
 */
export function renderGeneratedBlocks(markdown: string, blocks: Readonly<Record<string, () => string>>, file: string): string {
  let result = markdown;
  for (const [name, render] of Object.entries(blocks)) {
    const start = result.indexOf(begin(name));
    const stop = result.indexOf(end(name), start);
    if (start < 0 || stop < 0) throw new Error(`${file} lacks the generated block '${name}': ${begin(name)} … ${end(name)}`);
    result = `${result.slice(0, start)}${begin(name)}\n${render()}\n${result.slice(stop)}`;
  }
  return result;
}
