/**
 * Every scope a key can hold (docs/api.md §3). A key created without a scope list gets all of them
 * at that moment: stored keys hold an explicit list, so a key made before a scope was added lacks it.
 */
export const scopes = [
  'transactions:write',
  'transactions:read',
  'refunds:write',
  'settlements:read',
  'channels:read',
  'sandbox:simulate',
  'events:read',
  'webhooks:write',
] as const;

export type Scope = (typeof scopes)[number];

export function isScope(value: string): value is Scope {
  return (scopes as readonly string[]).includes(value);
}
