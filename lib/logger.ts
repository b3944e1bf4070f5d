import { Logger } from '@aws-lambda-powertools/logger';

/** The structured logger; never give it a whole event (keys travel in headers). */
export const logger = new Logger({ serviceName: 'payment-sandbox' });
