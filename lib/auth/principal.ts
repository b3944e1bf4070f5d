import type { Scope } from '../scopes';

/** Who a request acts for, as authentication learnt it from its server key (docs/api.md §3). */
export interface Principal {
  readonly clientId: string;
  readonly keyId: string;
  readonly scopes: readonly Scope[];
}
