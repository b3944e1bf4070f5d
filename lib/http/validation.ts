import type * as z from 'zod/mini';
import { ValidationError, type FieldError } from './errors';

/** Where a value came from; names unknown keys in the message. */
export type Source = 'body' | 'query' | 'path';

const unknownKeyMessage: Record<Source, string> = {
  body: 'is not a recognized field',
  query: 'is not a recognized query parameter',
  path: 'is not a recognized path parameter',
};

/** Turns zod issues into the contract's `details`, one entry per bad field. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[], source: Source): FieldError[] {
  return issues.flatMap((issue): FieldError[] => {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: [...path, key].join('.'), message: unknownKeyMessage[source] }));
    }
    const field = path.join('.') || source;
    if (issue.code === 'invalid_key') {
      return [{ field, message: `key ${issue.issues[0]?.message ?? 'is not valid'}` }];
    }
    if (issue.input === undefined && issue.code !== 'custom') return [{ field, message: 'is required' }];
    return [{ field, message: issue.message }];
  });
}

/** The field errors of inputs where none are accepted: one per key (what a strict empty schema reports). */
export function unexpectedKeys(value: Readonly<Record<string, unknown>>, source: Source): FieldError[] {
  return Object.keys(value).map((key) => ({ field: key, message: unknownKeyMessage[source] }));
}

/** Parses with a schema and returns the field errors instead of throwing. */
export function check<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  source: Source,
): { data: z.output<S>; errors: [] } | { data?: undefined; errors: FieldError[] } {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? { data: result.data, errors: [] } : { errors: toFieldErrors(result.error.issues, source) };
}

/** Parses with a schema or throws VALIDATION_ERROR naming each bad field. */
export function parseOrThrow<S extends z.ZodMiniType>(schema: S, value: unknown, source: Source): z.output<S> {
  const result = check(schema, value, source);
  if (result.errors.length > 0) throw new ValidationError(result.errors);
  return result.data as z.output<S>;
}
