import { credentialOf, type Principal } from '../auth/principal';
import { logger } from '../logger';
import type { Route } from '../routes';

/** What one audit line says: who did what to which object. Never the key, never customer data. */
export interface AuditRecord {
  readonly requestId: string;
  readonly principal: Principal;
  readonly route: Route;
  /** The id of the object the operation created or changed (the response's `data.id`). */
  readonly objectId: string | undefined;
}

/**
 * Writes the audit line of a successful audited operation (routes with `audit: true`): one JSON
 * log line with the request id, client, key id, route and object id, so an operator can tell
 * which key (or which signed-in person: `user:<sub>`) refunded or cancelled what. The key id names
 * the key; the key itself, like a session's token, is never logged.
 */
export function audit({ requestId, principal, route, objectId }: AuditRecord): void {
  logger.info('audit', {
    audit: { requestId, clientId: principal.clientId, keyId: credentialOf(principal), route: route.id, objectId: objectId ?? null },
  });
}

/**
 * The audit line of a change made by whoever holds a page's path token (the payment page's
 * actions): as a key's, with `keyId` `page:<route>` in place of a key, since the token is no key
 * and is never logged.
 */
export function auditPageAction({ requestId, clientId, route, objectId }: { requestId: string; clientId: string; route: Route; objectId: string }): void {
  logger.info('audit', { audit: { requestId, clientId, keyId: `page:${route.id}`, route: route.id, objectId } });
}
