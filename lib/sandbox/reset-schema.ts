import * as z from 'zod/mini';
import { meta } from '../meta';

/** The body of POST /sandbox/reset (optional: no body is `{}`). */
export const ResetSandboxBody = meta(
  z.strictObject({
    webhook_endpoints: meta(z.optional(z.boolean({ error: 'must be true or false' })), {
      description: "Also delete the client's webhook endpoints (and free their limit of 10); default false: they stay",
    }),
  }),
  { examples: [{ webhook_endpoints: true }] },
);

/** What a reset answers. */
export const ResetSandboxResult = meta(
  z.strictObject({
    deleted: meta(z.int().check(z.minimum(0)), { description: 'How many items this call deleted' }),
    has_more: meta(z.boolean(), {
      description:
        'True only when this call ran out of time before the client was clean (a very large partition deployed): call again, with a new Idempotency-Key',
    }),
  }),
  { description: 'What a reset deleted', examples: [{ deleted: 42, has_more: false }] },
);
