import { keys } from '../db/keys';
import { expireDuePayment } from '../payments/expiry';
import type { DueHandlers } from './sweep';

/**
 * What the sweep does with each kind of due item, by sort-key prefix: the one registry that the
 * scheduled function (functions/sweep.ts) and `npm start` run. A pending transaction falls due at
 * its `expires_at`.
 */
export const dueHandlers: DueHandlers = {
  [keys.transactionSortKey('')]: expireDuePayment,
};
