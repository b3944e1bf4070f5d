import * as z from 'zod';
import { idPattern, type IdKind } from '../ids';

/** Field schemas shared by the objects the API returns (API.md §1 conventions). */

/** An id of one kind: its prefix and a ULID, sortable by creation time. */
export const idOf = (kind: IdKind) => z.string().regex(idPattern(kind));

/** ISO 8601 UTC with milliseconds, e.g. 2026-11-22T01:02:03.456Z. */
export const timestamp = () => z.iso.datetime({ precision: 3 });

/** An amount in the currency's charged unit (IDR: whole rupiah). */
export const amount = () => z.int();

/** ISO 4217 currency code. */
export const currency = () => z.string().regex(/^[A-Z]{3}$/).meta({ examples: ['IDR'] });

/**
 * A stored item as the API object `schema` describes: exactly the schema's fields (no keys,
 * no `entity`), a missing one as null.
 */
export function asApiObject<S extends z.ZodObject>(schema: S, item: Record<string, unknown>): z.infer<S> {
  return Object.fromEntries(schema.keyof().options.map((field) => [field, item[field as string] ?? null])) as z.infer<S>;
}
