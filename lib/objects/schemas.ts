import * as z from 'zod/mini';
import { idPattern, idPrefixes, isId, type IdKind } from '../ids';
import { meta } from '../meta';
import { textPattern, textProblem, type TextKind } from '../text';

/**
 * Field builders shared by the request schemas of the payment routes (docs/api.md §5). Each route's
 * schemas live in a module of their own (create-payment-body, transaction-requests,
 * list-queries, refund-body), so a function builds only the schemas of its route.
 */

const ORDER_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/** A string of `min`–`max` characters of `kind` (lib/text.ts), with the contract's messages. */
const freeText = (kind: TextKind, max: number, min: number) =>
  meta(
    z.string({ error: 'must be a string' }).check(
      z.minLength(min, { error: min === 1 ? 'must not be empty' : `must be at least ${min} characters` }),
      z.maxLength(max, { error: `must be at most ${max} characters` }),
      z.superRefine((value, ctx) => {
        const problem = textProblem(value, kind);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
      }),
    ),
    { override: { pattern: textPattern(kind) } },
  );

/** One line of text (a name, a metadata value): no control characters, no lone surrogates. */
export const text = (max: number, min = 0) => freeText('line', max, min);

/** Free prose (a description, a reason): as `text`, but tab and line feed are allowed. */
export const prose = (max: number) => freeText('prose', max, 0);

/**
 * An id of `kind` (`noun` in the message: 'transaction', 'webhook endpoint'): exactly what isId
 * accepts, with the contract's message and the id pattern in the OpenAPI document.
 */
export const idField = (kind: IdKind, noun: string) =>
  meta(
    z
      .string({ error: 'must be a string' })
      .check(z.refine((id) => isId(kind, id), { error: `must be ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun} id (${idPrefixes[kind]}_ followed by a ULID)` })),
    { override: { pattern: idPattern(kind).source } },
  );

export const orderId = z.string({ error: 'must be a string' }).check(z.regex(ORDER_ID, { error: 'must be 1–64 characters of A-Z a-z 0-9 _ . : -' }));

/**
 * An integer, optionally within [min, max], reported as one message per field. (zod's own
 * `z.int()` aborts the whole object on a fraction, which would hide the other fields' errors.)
 */
export const integer = (range?: { min?: number; max?: number; message: string }) =>
  // The refinement is invisible to JSON Schema; say what it checks.
  meta(
    z.number({ error: 'must be an integer' }).check(
      z.superRefine((n, ctx) => {
        if (!Number.isSafeInteger(n)) ctx.addIssue({ code: 'custom', message: 'must be an integer' });
        else if (range && ((range.min !== undefined && n < range.min) || (range.max !== undefined && n > range.max))) {
          ctx.addIssue({ code: 'custom', message: range.message });
        }
      }),
    ),
    {
      override: {
        type: 'integer',
        ...(range?.min !== undefined && { minimum: range.min }),
        ...(range?.max !== undefined && { maximum: range.max }),
      },
    },
  );

export const settlementTypes = ['payment', 'refund'] as const;
