import * as z from 'zod/mini';
import { meta } from '../meta';

/*
 * The page a list use case answers with (lib/db/paging.ts makes it); lib/http/envelope-schemas.ts
 * puts it in the list envelope. Its own module so that use cases name its type without bundling zod.
 */

/** The `pagination` object of list responses (docs/api.md §1). */
export const Pagination = z.strictObject({
  limit: meta(z.int().check(z.gte(1), z.lte(100)), { description: 'The page size in effect (the `limit` asked for, default 20)' }),
  has_more: meta(z.boolean(), { description: 'True when another page follows' }),
  next_cursor: meta(z.nullable(z.string().check(z.minLength(1))), {
    description: 'Pass as `cursor` with the same filters to get the next page; null when `has_more` is false',
  }),
});
export type Pagination = Readonly<z.infer<typeof Pagination>>;
