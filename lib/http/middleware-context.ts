import type { Context } from 'aws-lambda';
import type { Principal } from '../auth/principal';
import type { ClientClock } from '../clock';
import type { Prefetched } from '../db/prefetch';

/**
 * What the chain's middlewares learn about a request, carried on the Lambda context from one
 * middleware to the next: the request id, the authenticated principal, the validated input.
 */
export interface EndpointContext extends Context {
  requestId?: string;
  principal?: Principal;
  /** The client's clock (docs/api.md §12), read by admission beside the key. */
  clock?: ClientClock;
  /** The item admission read ahead for the use case (lib/db/prefetch.ts), with the key, when the route names one. */
  prefetched?: Prefetched;
  /** The sampled write of the key's last use admission started (lib/auth/key-use.ts), awaited before the answer. */
  keyUseNoted?: Promise<void>;
  /** The `Sandbox-Fault` the handler itself must apply, set by lib/http/sandbox-fault.ts (which reads this context). */
  sandboxFault?: { readonly kind: 'error_after_commit' };
  input?: {
    readonly params: unknown;
    readonly query: unknown;
    readonly body: unknown;
    /** The body as sent (parsed JSON, before validation): what an idempotent replay must match. */
    readonly rawBody: Record<string, unknown> | undefined;
    readonly idempotencyKey: string | undefined;
  };
}
