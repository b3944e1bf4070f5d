import { config } from '../config/config';
import { createDb } from './client';
import type { Db } from './db';

/** The one DynamoDB client of this container, configured from the environment. */
export const defaultDb: Db = createDb(config.tableName, { endpoint: config.dynamoEndpoint });
