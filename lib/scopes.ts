/** Every scope a key can hold (docs/api.md §3). */
export const scopes = [
  'transactions:write',
  'transactions:read',
  'refunds:write',
  'settlements:read',
  'channels:read',
  'sandbox:simulate',
  'events:read',
] as const;

export type Scope = (typeof scopes)[number];

export function isScope(value: string): value is Scope {
  return (scopes as readonly string[]).includes(value);
}
