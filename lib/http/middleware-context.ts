import type { Context } from 'aws-lambda';
import type { Principal } from '../auth/key-repository';

/**
 * What the chain's middlewares learn about a request, carried on the Lambda context from one
 * middleware to the next: the request id, the authenticated principal, the validated input.
 */
export interface EndpointContext extends Context {
  requestId?: string;
  principal?: Principal;
  input?: {
    readonly params: unknown;
    readonly query: unknown;
    readonly body: unknown;
    /** The body as sent (parsed JSON, before validation): what an idempotent replay must match. */
    readonly rawBody: Record<string, unknown> | undefined;
    readonly idempotencyKey: string | undefined;
  };
}
