import { expireDueKey } from '../auth/key-lifecycle';
import { keys } from '../db/keys';
import { applyDuePayment } from '../payments/due-payment';
import { defaultDeliveryDeps } from '../webhooks/default-delivery';
import { deliveryDueHandlers } from '../webhooks/dispatch';
import { followUpReset } from '../webhooks/reset-follow-up';
import type { DueHandlers } from '../db/due';

/**
 * What the sweep does with each kind of due item, by sort-key prefix: the one registry that the
 * scheduled function (functions/sweep.ts) and `npm start` run. A pending transaction falls due at
 * its `expires_at`; an event whose webhook deliveries the stream did not create (`EVT#`) and a
 * webhook attempt that fell due (`DLV#`: a retry, or one whose worker died) are delivery's.
 */
export const dueHandlers: DueHandlers = {
  [keys.transactionSortKey('')]: applyDuePayment,
  // A server key past its `expires_at` (a rolled key's grace, or `expires_in_days`): api_key.expired.
  [keys.apiKey('', '').sk]: expireDueKey,
  ...deliveryDueHandlers(defaultDeliveryDeps),
  // A reset's follow-up: what attempts under way at the reset left of its removed events.
  [keys.resetFollowUpSortKey]: async (db, item, now) => {
    await followUpReset(db, item, now, defaultDeliveryDeps.settings);
  },
};
