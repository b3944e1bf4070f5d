/**
 * The sandbox clock's limits (docs/api.md §12), apart from the zod schema so the dashboard can
 * use them without bundling zod.
 */

/** The longest single advance by `seconds`: a year. */
export const MAX_ADVANCE_SECONDS = 31_536_000;
