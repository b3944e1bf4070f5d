/**
 * What free text may hold (docs/api.md §1, "Text"): names, descriptions, reasons, metadata values,
 * labels. Never a lone surrogate (it is not Unicode: DynamoDB would store U+FFFD instead), never a
 * control character (U+0000–U+001F, U+007F–U+009F: NUL truncates strings in C code, escapes rewrite
 * terminals and logs); prose (descriptions, reasons) may hold tab and line feed.
 */

/** `line`: one line (names, metadata values, labels); `prose`: tab and line feed allowed too. */
export type TextKind = 'line' | 'prose';

const PROSE_WHITESPACE = new Set([0x09, 0x0a]);

const isControl = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);
const isSurrogate = (code: number) => code >= 0xd800 && code <= 0xdfff;
const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why `value` is not acceptable text of its kind (a message for `details`), or undefined when it is. */
export function textProblem(value: string, kind: TextKind): string | undefined {
  let position = 0;
  // for…of walks code points: a well-formed pair is one astral character, a lone half stays a surrogate.
  for (const character of value) {
    position += 1;
    const code = character.codePointAt(0)!;
    if (isSurrogate(code)) return `must be valid Unicode: character ${position} is a lone surrogate (${hex(code)})`;
    if (isControl(code) && !(kind === 'prose' && PROSE_WHITESPACE.has(code))) {
      const allowed = kind === 'prose' ? ' other than tab and line feed' : '';
      return `must not contain control characters${allowed}: character ${position} is ${hex(code)}`;
    }
  }
  return undefined;
}

/**
 * The same rule as a JSON Schema `pattern` for openapi.json (control characters only: a pattern
 * cannot name a lone surrogate portably; the API refuses those too).
 */
export function textPattern(kind: TextKind): string {
  return kind === 'prose' ? '^[^\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F]*$' : '^[^\\u0000-\\u001F\\u007F-\\u009F]*$';
}
