/**
 * The per-client budget (docs/decisions/, docs/limits.md): how many requests one client may
 * make per second, and how many DynamoDB read units one list request may spend. A stage sets
 * both (CDK context, `npm run deploy -- --requests-per-second N --read-units-per-request N`);
 * these are the defaults. Functions read them from the environment (lib/config/env.ts, LIMIT_ENV).
 */

export interface Limits {
  /** Requests per second per client, all of its keys and routes together; the next one is 429 RATE_LIMITED. */
  readonly requestsPerSecond: number;
  /** Read units one list request may consume before it answers the page it has, with a cursor. */
  readonly readUnitsPerRequest: number;
}

export const DEFAULT_LIMITS: Limits = { requestsPerSecond: 50, readUnitsPerRequest: 256 };

/** The CDK context key (`-c key=N`) of each limit. */
export const LIMIT_CONTEXT: { readonly [K in keyof Limits]: string } = {
  requestsPerSecond: 'requests-per-second',
  readUnitsPerRequest: 'read-units-per-request',
};

/** A limit as text (environment, context, a flag): a positive integer in decimal digits, or an error naming it. */
export function parseLimit(name: string, value: unknown): number {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^[1-9][0-9]{0,8}$/.test(text.trim())) {
    throw new Error(`${name} must be a positive integer (at most 9 digits), got ${JSON.stringify(value)}`);
  }
  return Number(text.trim());
}
