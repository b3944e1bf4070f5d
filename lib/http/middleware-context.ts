import type { Context } from 'aws-lambda';
import type { Principal, TokenHolder } from '../auth/principal';
import type { ClientClock } from '../clock';
import type { Prefetched } from '../db/prefetch';

/**
 * What the chain's parts learn about a request, carried on the Lambda context from one part to the
 * next: the request id, who the credential admitted (a principal, or the holder of a path's token),
 * the client's clock, the validated input.
 */
export interface EndpointContext extends Context {
  requestId?: string;
  /** Who a server key or a session acts for (lib/http/admission.ts). */
  principal?: Principal;
  /** What a page's path token names (lib/http/page/path-token.ts). */
  holder?: TokenHolder;
  /** The client's clock (docs/api.md §12), read by admission beside the key, or by the limits step after a path's token. */
  clock?: ClientClock;
  /** The client's name, read with its clock after a path's token (lib/http/client-limits.ts): the merchant a page names. */
  clientName?: string;
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
    /** The body as sent (parsed JSON, or a form's fields), before validation: what an idempotent replay must match. */
    readonly rawBody: Record<string, unknown> | undefined;
    readonly idempotencyKey: string | undefined;
  };
}
