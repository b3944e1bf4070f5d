import { Logger } from '@aws-lambda-powertools/logger';
import { SERVICE_NAME } from './service';

/** The structured logger; never give it a whole event (keys travel in headers). */
export const logger = new Logger({ serviceName: SERVICE_NAME });
