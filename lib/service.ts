/** The service name on every log line (the Logger's serviceName and every function's POWERTOOLS_SERVICE_NAME). */
export const SERVICE_NAME = 'payment-sandbox';
