/** A node:util parseArgs error (unknown option, missing value): a usage mistake, exit code 2. */
export function isParseArgsError(error: unknown): boolean {
  return String((error as { code?: unknown } | undefined)?.code ?? '').startsWith('ERR_PARSE_ARGS');
}
