import type * as z from 'zod/mini';
import type { FieldError } from './errors';

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

/**
 * One field error per `__proto__` key anywhere in a parsed JSON body, named by its path. JSON.parse
 * keeps such a key as an own property, but zod's records skip it (and an object would take it for
 * its prototype), so without this it would vanish from a request that still succeeds.
 */
export function protoKeyErrors(value: unknown): FieldError[] {
  const errors: FieldError[] = [];
  // Breadth-first with a list, not recursion: a 16 KiB body can nest thousands of levels deep.
  const nodes: Array<{ node: unknown; path: string[] }> = [{ node: value, path: [] }];
  for (let i = 0; i < nodes.length; i += 1) {
    const { node, path } = nodes[i]!;
    if (node === null || typeof node !== 'object') continue;
    for (const [key, child] of Object.entries(node)) {
      const childPath = [...path, key];
      if (key === '__proto__') errors.push({ field: childPath.join('.'), message: 'key must not be __proto__' });
      nodes.push({ node: child, path: childPath });
    }
  }
  return errors;
}

/** Parses with a schema and returns the field errors instead of throwing; a body's `__proto__` keys are errors too. */
export function check<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  source: Source,
): { data: z.output<S>; errors: [] } | { data?: undefined; errors: FieldError[] } {
  const protoKeys = source === 'body' ? protoKeyErrors(value) : [];
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success && protoKeys.length === 0) return { data: result.data, errors: [] };
  // A strict object also reports the key as unknown; name each field once.
  const named = new Set(protoKeys.map((error) => error.field));
  const errors = result.success ? [] : toFieldErrors(result.error.issues, source).filter((error) => !named.has(error.field));
  return { errors: [...errors, ...protoKeys] };
}
