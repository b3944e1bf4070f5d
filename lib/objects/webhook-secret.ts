/**
 * What a webhook endpoint's signing secret looks like (docs/api.md §11), as the endpoint object
 * describes it and lib/webhooks/signature.ts makes it: Standard Webhooks' `whsec_` and base64.
 */

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** The random bytes of a secret the sandbox makes (192 bits); a multiple of 3, so their base64 has no padding. */
export const SECRET_BYTES = 24;
