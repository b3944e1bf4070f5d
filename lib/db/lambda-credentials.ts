import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles (an esbuild alias set by
 * infra/constructs/sandbox-function.ts); never imported by name, and not used locally.
 *
 * Lambda hands a function its execution role's credentials in the environment
 * (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), the first source the SDK's default
 * chain tries. The rest of that chain — SSO, shared ini files, credential processes, web identity
 * and the container and instance metadata endpoints, with the STS, SSO and sign-in clients they
 * bring — can never apply there, yet is ~140 KB of every bundle, compiled on every cold start.
 */
export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]): ReturnType<typeof fromEnv> => fromEnv(init);
