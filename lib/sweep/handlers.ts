import { defaultDeliveryDeps } from '../webhooks/default-delivery';
import { deliveryDueHandlers } from '../webhooks/dispatch';
import type { DueHandlers } from './sweep';

/**
 * What the sweep (lib/sweep/sweep.ts) does with each kind of due item, by sort-key prefix: `EVT#`
 * an event whose webhook deliveries the stream did not create, `DLV#` a webhook attempt that fell
 * due (a retry, or one whose worker died). Expiry registers `TXN#` here too.
 */
export const dueHandlers: DueHandlers = {
  ...deliveryDueHandlers(defaultDeliveryDeps),
};
