import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { resetSandboxRoute } from '../routes';
import { ResetSandboxBody, ResetSandboxResult } from '../sandbox/reset-schema';

export const resetSandboxContract = contract({
  route: resetSandboxRoute,
  tag: 'Sandbox',
  description:
    'Deletes every transaction, order reservation, refund, ledger entry, event, webhook delivery attempt and ' +
    "idempotency record of the key's client, so a CI run starts from a clean slate; keys stay, and webhook " +
    'endpoints stay unless `webhook_endpoints` is true. Pending deliveries of the removed events stop. Other ' +
    'clients are untouched. `has_more` is true only when the call ran out of time first (a very large partition ' +
    'on a deployed stage): call again, with a new `Idempotency-Key` if you send one.',
  body: ResetSandboxBody,
  bodyOptional: true,
  response: {
    status: 200,
    description: 'What was deleted',
    schema: successEnvelope(ResetSandboxResult),
    example: { success: true, data: { deleted: 42, has_more: false } },
  },
});
