import { systemClock } from '../clock';
import { config } from '../config/config';
import { createDb } from '../db/client';
import type { DeliveryDeps } from './dispatch';

/**
 * Delivery as this container runs it: the system clock and resolver, the configured settings and
 * URL policy, and a DynamoDB client of its own. Deployed, the dispatcher is a function of its own
 * anyway; under `npm start`, where it shares the process with the API handlers, its calls stay
 * apart from theirs (the bench counts the handlers' calls on their client).
 */
export const defaultDeliveryDeps: DeliveryDeps = {
  db: createDb(config.tableName, { endpoint: config.dynamoEndpoint }),
  clock: systemClock,
  settings: config.webhookDelivery,
  policy: config.webhookUrlPolicy,
};
