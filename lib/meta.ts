// The OpenAPI keys of the metadata (override, param); types only, nothing is bundled.
/// <reference types="zod-openapi" />
import * as z from 'zod/mini';

/**
 * Classic zod's `schema.meta(data)` for zod/mini schemas: a copy of `schema` that inherits its
 * metadata, with `data` added in the global registry (where zod-openapi reads it). Unlike
 * `schema.check(z.meta(data))` it adds no check, so the schema is exactly what classic zod built.
 */
export function meta<S extends z.core.$ZodType>(schema: S, data: z.core.GlobalMeta): S {
  const copy = z.clone(schema);
  z.globalRegistry.add(copy, data);
  return copy;
}
