import * as z from 'zod/mini';
import { idPattern, type IdKind } from '../ids';
import { meta } from '../meta';

/** Field schemas shared by the objects the API returns (docs/api.md §1 conventions). */

/** An id of one kind: its prefix and a ULID, sortable by creation time. */
export const idOf = (kind: IdKind) => z.string().check(z.regex(idPattern(kind)));

/** ISO 8601 UTC with milliseconds, e.g. 2026-11-22T01:02:03.456Z. */
export const timestamp = () => z.iso.datetime({ precision: 3 });

/** An amount in the currency's charged unit (IDR: whole rupiah). */
export const amount = () => z.int();

/** ISO 4217 currency code. */
export const currency = () => meta(z.string().check(z.regex(/^[A-Z]{3}$/)), { examples: ['IDR'] });

/**
 * A stored item as the API object `schema` describes: exactly the schema's fields (no keys,
 * no `entity`), a missing one as null.
 */
export function asApiObject<S extends z.ZodMiniObject>(schema: S, item: Record<string, unknown>): z.infer<S> {
  return pickFields(Object.keys(schema.shape), item) as z.infer<S>;
}

/** Exactly `fields` of a stored item, in that order, a missing one as null (asApiObject, by a schema's fields). */
export function pickFields<F extends string>(fields: readonly F[], item: Record<string, unknown>): Record<F, unknown> {
  return Object.fromEntries(fields.map((field) => [field, item[field] ?? null])) as Record<F, unknown>;
}
