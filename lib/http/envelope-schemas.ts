import * as z from 'zod/mini';
import { Pagination } from '../db/pagination';
import { meta } from '../meta';

/**
 * The schemas of the success envelopes (docs/api.md §1), for the OpenAPI document and for types (the
 * error envelopes are built in lib/openapi/document.ts, the only place that needs them).
 * Kept apart from envelope.ts so that handlers which only answer errors do not bundle zod. Like
 * every response schema they are strict objects: a response carries exactly the fields the
 * document names (the rendered schemas say `additionalProperties: false`).
 */

/** One bad input of a VALIDATION_ERROR. */
export const FieldError = z.strictObject({
  field: meta(z.string(), {
    description: 'The body field (dotted path), query parameter, path parameter or header that is wrong',
    examples: ['customer.email'],
  }),
  message: meta(z.string(), { examples: ['must be an e-mail address'] }),
});
export type FieldError = Readonly<z.infer<typeof FieldError>>;

/** The schema of `{"success": true, "data": …}` around one object. */
export const successEnvelope = <S extends z.ZodMiniType>(data: S) => z.strictObject({ success: z.literal(true), data });

/** The schema of a list response: `data` is a page of items, `pagination` says how to get the next. */
export const listEnvelope = <S extends z.ZodMiniType>(item: S) => z.strictObject({ success: z.literal(true), data: z.array(item), pagination: Pagination });
