import { config } from '../config';
import { createDocumentClient } from './client';
import type { Db } from './db';

/** The one DynamoDB client of this container, configured from the environment. */
export const defaultDb: Db = {
  doc: createDocumentClient({ endpoint: config.dynamoEndpoint }),
  tableName: config.tableName,
};
