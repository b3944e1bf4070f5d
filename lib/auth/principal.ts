import type { Scope } from '../scopes';

/** Who a request acts for, as admission learnt it (docs/api.md §3, §14): a server key or a person's session. */
export type Principal = KeyPrincipal | SessionPrincipal;

/** A server key: its client, its id and the scopes it was issued with. */
export interface KeyPrincipal {
  readonly kind: 'key';
  readonly clientId: string;
  readonly keyId: string;
  readonly scopes: readonly Scope[];
}

/** A signed-in person (a session token of the stage's user pool): every scope of the person's client. */
export interface SessionPrincipal {
  readonly kind: 'session';
  readonly clientId: string;
  /** The user pool's `sub` of the person. */
  readonly userId: string;
  readonly scopes: readonly Scope[];
}
