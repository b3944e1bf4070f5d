import { resetSandboxContract } from '../lib/contracts/reset-sandbox';
import { writeEndpoint } from '../lib/http/write-endpoint';
import { ok } from '../lib/http/envelope';
import { resetClientData } from '../lib/sandbox/reset';

export const handler = writeEndpoint(resetSandboxContract, async ({ db, principal, body, remainingMs, idempotency }) =>
  ok(
    await resetClientData(
      db,
      principal.clientId,
      // The request's own idempotency record is kept: the reset completes it last.
      { webhookEndpoints: body.webhook_endpoints ?? false, remainingMs, keep: idempotency ? [idempotency.record] : [] },
      idempotency && ((result) => idempotency.complete(result)),
    ),
  ),
);
