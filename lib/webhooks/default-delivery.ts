import { systemClock } from '../clock';
import { config } from '../config';
import { defaultDb } from '../db/default-db';
import type { DeliveryDeps } from './dispatch';

/** Delivery as this container runs it: its table, the system clock and resolver, the configured settings and URL policy. */
export const defaultDeliveryDeps: DeliveryDeps = {
  db: defaultDb,
  clock: systemClock,
  settings: config.webhookDelivery,
  policy: config.webhookUrlPolicy,
};
