import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'aws-lambda';
import { invokedAs } from '../../lib/db/call-recorder';
import { lambdaContext } from './lambda-event';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A function as lib/routes.ts declares it (a route, the fallback, a background function): its name and handler file. */
export interface FunctionDeclaration {
  readonly id: string;
  readonly handler: string;
}

/** A loaded handler, invoked as the local sandbox invokes it: with its event, and the request id its Lambda would get. */
export type LocalFunction<Event, Result> = (event: Event, requestId?: string) => Promise<Result>;

/**
 * Imports a declared function's very Lambda handler for the local sandbox. Its configuration
 * (TABLE_NAME…) must be in the environment first: handlers read it once, at import, as on Lambda.
 * Each invocation runs as function `id` (what the grant check records it doing) with a Lambda
 * context named `id`, whose remaining time starts at `timeoutMs` (else the API integration's), and
 * with log keys of its own: Lambda gives each invocation a container to itself, this process runs
 * many at once (requests that interleave, the sweep, webhook delivery, the identity triggers), and
 * what one appends (a request's id, route and client) must never show on another's lines.
 */
export async function loadFunction<Event, Result>(declaration: FunctionDeclaration, timeoutMs?: number): Promise<LocalFunction<Event, Result>> {
  const { handler } = (await import(join(projectRoot, declaration.handler))) as { handler: (event: Event, context: Context) => Promise<Result> };
  // Imported here, not at the top: the logger reads its level (POWERTOOLS_LOG_LEVEL) when first
  // loaded, which must come after the caller's environment is set, as for the handlers.
  const { withOwnLogKeys } = await import('../../lib/logger');
  return (event, requestId = randomUUID()) =>
    withOwnLogKeys(() => invokedAs(declaration.id, () => handler(event, lambdaContext(requestId, declaration.id, timeoutMs))));
}
