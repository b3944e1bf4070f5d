import { setTimeout as sleep } from 'node:timers/promises';
import type middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { logger } from '../logger';
import { NotPermittedError } from '../auth/errors';
import { ApiError, RETRY_AFTER } from './errors';
import { ValidationError } from '../errors';
import type { EndpointContext } from './middleware-context';
import { header } from './request';
import { internalErrorMessage } from './http-response';

/*
 * The `Sandbox-Fault` header (docs/api.md §12): a client with `sandbox:simulate` asks the sandbox
 * to misbehave on purpose, so it can test its own retries. One middleware, right after the
 * client's request rate in the chain (lib/http/endpoint.ts): the request has counted, so faults
 * are no way around the budget and a client already over it gets the real 429.
 */

export const SANDBOX_FAULT_HEADER = 'Sandbox-Fault';

/** The longest delay `latency_<ms>` may ask for. */
export const MAX_FAULT_LATENCY_MS = 10_000;

/** The values the header accepts besides `latency_<ms>`. */
export const FIXED_FAULTS = ['error_500', 'error_503', 'rate_limit', 'error_after_commit'] as const;
export type FixedFault = (typeof FIXED_FAULTS)[number];

const LATENCY_PREFIX = 'latency_';

// The milliseconds `latency_<ms>` accepts, an integer 0…MAX_FAULT_LATENCY_MS without leading zeros:
// 0, every number of fewer digits than the maximum, and the maximum (which must be a power of ten).
const maxDigits = String(MAX_FAULT_LATENCY_MS).length;
if (!/^10+$/.test(String(MAX_FAULT_LATENCY_MS))) throw new Error('MAX_FAULT_LATENCY_MS must be a power of ten (10, 100, …)');
const LATENCY_MS = `0|[1-9][0-9]{0,${maxDigits - 2}}|${MAX_FAULT_LATENCY_MS}`;

/** Every value the header accepts: the fixed ones and `latency_<ms>`. */
export const SANDBOX_FAULT = new RegExp(`^(?:${FIXED_FAULTS.join('|')}|${LATENCY_PREFIX}(?:${LATENCY_MS}))$`);

export type SandboxFault = { readonly kind: FixedFault } | { readonly kind: 'latency'; readonly ms: number };

/** The fault a valid header value asks for, or undefined for a value the header does not accept. */
export function parseSandboxFault(value: string): SandboxFault | undefined {
  if (!SANDBOX_FAULT.test(value)) return undefined;
  if (value.startsWith(LATENCY_PREFIX)) return { kind: 'latency', ms: Number(value.slice(LATENCY_PREFIX.length)) };
  return { kind: value as FixedFault };
}

/** What the 400 says of a value the header does not accept. */
const FAULT_VALUES_MESSAGE = `must be ${FIXED_FAULTS.join(', ')} or ${LATENCY_PREFIX}<ms> with ms an integer 0–${MAX_FAULT_LATENCY_MS}`;

/** Says in the log that this answer (or delay) was asked for, not met: an injected 500 is no incident. */
export function logInjected(value: string): void {
  logger.warn('Sandbox-Fault injected', { sandboxFault: value });
}

/** The 500 of a fault: worded exactly as a real one, and logged as injected rather than with a stack. */
export function injectedInternalError(requestId: string): ApiError {
  return new ApiError('INTERNAL_ERROR', internalErrorMessage(requestId));
}

/**
 * The chain's fault step. Without the header it does nothing. With it: 403 FORBIDDEN unless the key
 * holds `sandbox:simulate` (whatever the route's own scope), 400 VALIDATION_ERROR naming the header
 * for a value it does not accept; then `error_500`, `error_503` and `rate_limit` answer at once with
 * nothing done, `latency_<ms>` waits and lets the request go on, and `error_after_commit` is left on
 * the context for the handler, which answers 500 once the request's effect has committed.
 */
export function sandboxFault(): middy.MiddlewareObj<APIGatewayProxyEventV2, unknown, Error, EndpointContext> {
  return {
    before: async (request) => {
      const value = header(request.event, SANDBOX_FAULT_HEADER);
      if (value === undefined) return;
      const principal = request.context.principal;
      if (!principal) throw new Error('sandboxFault must follow admission in the chain');
      if (!principal.scopes.includes('sandbox:simulate')) throw new NotPermittedError();
      const fault = parseSandboxFault(value);
      if (!fault) {
        throw new ValidationError([{ field: SANDBOX_FAULT_HEADER, message: FAULT_VALUES_MESSAGE }]);
      }
      switch (fault.kind) {
        case 'error_500':
          logInjected(value);
          throw injectedInternalError(request.context.requestId!);
        case 'error_503':
          logInjected(value);
          throw new ApiError('SERVICE_UNAVAILABLE', 'The service is unavailable for the moment; nothing was done, retry the request later');
        case 'rate_limit':
          logInjected(value);
          throw new ApiError('RATE_LIMITED', 'Too many requests; nothing was done, retry after 1 second', undefined, RETRY_AFTER);
        case 'latency':
          logInjected(value);
          await sleep(fault.ms);
          return;
        case 'error_after_commit':
          request.context.sandboxFault = { kind: fault.kind };
          return;
      }
    },
  };
}
