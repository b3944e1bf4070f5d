/**
 * What every vitest project gives its tests' environment (vitest.config.ts and the configs beside it):
 * no warning from the AWS SDK about Node 20 on every client, and the functions' logs at CRITICAL
 * only, so a run prints what its tests say.
 */
export const QUIET_TEST_ENV = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'CRITICAL' } as const;
