import type { Scope } from '../scopes';

/**
 * Who a request acts for, as admission learnt it (docs/api.md §3, §14): a server key's client with
 * the key's scopes, or a signed-in person's client with every scope.
 */
export type Principal = KeyPrincipal | SessionPrincipal;

/** A request made with a server key. */
export interface KeyPrincipal {
  readonly kind: 'key';
  readonly clientId: string;
  readonly keyId: string;
  readonly scopes: readonly Scope[];
}

/** A request made with a person's session (an access token of the stage's user pool). */
export interface SessionPrincipal {
  readonly kind: 'session';
  readonly clientId: string;
  /** The user pool's `sub` of the person. */
  readonly userId: string;
  /** Their e-mail address as registered (what a key they make names as its maker). */
  readonly email: string;
  readonly scopes: readonly Scope[];
}

/** What an audit line and a key's `created_by` name the credential by: the key's id, or `user:<sub>`. */
export function credentialOf(principal: Principal): string {
  return principal.kind === 'key' ? principal.keyId : `user:${principal.userId}`;
}

/**
 * Whoever holds a page's path token (lib/routes.ts `pathToken`, the payment page): the token
 * names one client and one object of theirs, and lets its holder act on that object alone. No
 * principal: it has no key, no person and no scope.
 */
export interface TokenHolder {
  readonly clientId: string;
  readonly objectId: string;
}
