import { randomUUID } from 'node:crypto';
import { realClockOf } from '../clock';
import type { Db } from '../db/db';
import { cancellationReasons, isConditionFailed } from '../db/errors';
import { keys } from '../db/keys';
import type { PutCommandInput } from '@aws-sdk/lib-dynamodb';
import { deleteItem, putItem, type OnTable, type TransactItem } from '../db/requests';
import { transactWrite } from '../db/transact';
import { InvalidStateError, NotFoundError } from '../errors';
import { newId } from '../ids';
import type { UseCaseContext } from '../use-case';
import { webhookCheckEntity, CHECK_KEPT_SECONDS } from './check-items';
import { findWebhookEndpoint, signingSecrets } from './endpoint-repository';
import type { UrlPolicy } from '../config/webhook-url-policy';
import { runProbes, unsent, type ProbeResult } from './receiver-check';
import { sendWebhook } from './send-webhook';
import { resolveWebhookTarget, UnsafeWebhookUrlError, type HostResolver } from './url-policy';
import type { WebhookCheck } from './webhook-check';

/**
 * The check of a webhook receiver (docs/api.md §17, decisions 0260–0262): the battery of
 * receiver-check.ts sent to an endpoint's URL under the rules of a delivery — the URL checked again
 * by the stage's policy, every probe sent to the address it checked, no redirect followed, a short
 * timeout, nothing of the answer kept but its status — and stored 30 days. One check at a time per
 * endpoint: a running check holds a lease item, put conditionally, which its own write removes.
 */

/**
 * How long a lease holds if its check never ends it (its function died): longer than the check's
 * function may run (lib/routes.ts, `timeoutSeconds`), so a lease never runs out under a live check.
 */
export const CHECK_LEASE_MS = 60_000;

/** What a check works with besides the request's context. */
export interface CheckDeps {
  readonly policy: UrlPolicy;
  /** The system's resolver unless a test injects one. */
  readonly resolve?: HostResolver;
  /** How long each probe waits: the contract's 5 s unless a local test sandbox shortens it (decision 0350). */
  readonly probeTimeoutMs?: number;
}

/** The conditional put of the endpoint's check lease for `token`: it fails while another check's lease holds. */
export function leasePut(clientId: string, endpointId: string, token: string, now: Date): OnTable<PutCommandInput> {
  const until = now.getTime() + CHECK_LEASE_MS;
  return {
    Item: { ...keys.webhookCheckLease(clientId, endpointId), entity: 'webhook_check_lease', lease: token, until, ttl: Math.ceil(until / 1000) },
    ConditionExpression: 'attribute_not_exists(pk) OR #until < :now',
    ExpressionAttributeNames: { '#until': 'until' },
    ExpressionAttributeValues: { ':now': now.getTime() },
  };
}

/** Takes the endpoint's check lease for `token`; false when another check holds it. */
async function takeLease(db: Db, clientId: string, endpointId: string, token: string, now: Date): Promise<boolean> {
  try {
    await putItem(db, leasePut(clientId, endpointId, token, now));
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** The write that ends the lease: only this check's, and nothing when it is gone already (a reset). */
export const endLease = (clientId: string, endpointId: string, token: string): TransactItem => ({
  Delete: {
    Key: keys.webhookCheckLease(clientId, endpointId),
    ConditionExpression: 'attribute_not_exists(pk) OR lease = :token',
    ExpressionAttributeValues: { ':token': token },
  },
});

/**
 * Checks the receiver of one of the client's endpoints and stores the check; another client's id is
 * 404, a check already running on the endpoint is 409. The probes are signed with the secrets a
 * delivery would carry now, their `webhook-timestamp` in real time; the check's `created_at` is on
 * the client's clock.
 */
export async function checkWebhookEndpoint(context: UseCaseContext, endpointId: string, deps: CheckDeps): Promise<WebhookCheck> {
  const { db, clientId, clock, idempotency } = context;
  const real = realClockOf(clock);
  const stored = await findWebhookEndpoint(db, clientId, endpointId);
  if (!stored) throw new NotFoundError('Webhook endpoint not found');
  const token = randomUUID();
  if (!(await takeLease(db, clientId, endpointId, token, real.now()))) throw new InvalidStateError('checking', 'check', 'webhook endpoint');
  let written = false;
  try {
    const createdAt = clock.now();
    const checkId = newId('webhookCheck', real.now());
    const { url } = stored.endpoint;
    let results: ProbeResult[];
    try {
      const target = await resolveWebhookTarget(url, deps.policy, deps.resolve);
      const secrets = signingSecrets(stored, real.now()) as [string, ...string[]];
      results = await runProbes(
        (webhook, timeoutMs) => sendWebhook(target, webhook, timeoutMs),
        secrets,
        { checkId, endpointId },
        {
          real: () => real.now(),
          shown: () => clock.now(),
        },
        deps.probeTimeoutMs,
      );
    } catch (error) {
      if (!(error instanceof UnsafeWebhookUrlError)) throw error;
      results = unsent(`Not sent: the URL policy refuses it (${error.message})`);
    }
    const check: WebhookCheck = {
      id: checkId,
      endpoint_id: endpointId,
      url,
      passed: results.every((r) => r.passed),
      created_at: createdAt.toISOString(),
      results,
    };
    const ttl = Math.ceil(real.now().getTime() / 1000) + CHECK_KEPT_SECONDS;
    const put = webhookCheckEntity.create({ clientId, check, ttl });
    try {
      await transactWrite(db, [put, endLease(clientId, endpointId, token)], idempotency?.complete(check));
    } catch (error) {
      // Another check took the lease after ours was removed (a reset): this one is stored all the same.
      if (cancellationReasons(error)?.[1]?.Code !== 'ConditionalCheckFailed') throw error;
      await transactWrite(db, [put], idempotency?.complete(check));
    }
    written = true;
    return check;
  } finally {
    if (!written) {
      await deleteItem(db, {
        Key: keys.webhookCheckLease(clientId, endpointId),
        ConditionExpression: 'lease = :token',
        ExpressionAttributeValues: { ':token': token },
      }).catch(() => undefined);
    }
  }
}
