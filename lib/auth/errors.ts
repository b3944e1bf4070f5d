import { DomainError } from '../errors';

/**
 * Admission's refusals (lib/auth/admission.ts), in docs/api.md §2's order: the credential (401),
 * what it may do (403), the client's requests per second (429). Like every domain error they know
 * nothing of HTTP: lib/http/errors.ts maps each to its status, contract code and headers.
 */

/** The request's credential admits nobody: none, malformed, unknown, revoked or expired, or a session that was ended. */
export class CredentialRefusedError extends DomainError {
  constructor() {
    super('Invalid or missing API key');
  }
}

/**
 * The credential is good, but not for this: a key without the route's scope (or without the scope
 * a body field or the `Sandbox-Fault` header needs), or a key on a route for people only.
 */
export class NotPermittedError extends DomainError {
  constructor() {
    super('Insufficient permissions for this operation');
  }
}

/** The client has made its requests of this second (lib/limits.ts): nothing was done, and the next second admits it again. */
export class RequestLimitReachedError extends DomainError {
  constructor(readonly requestsPerSecond: number) {
    super(`Too many requests: this client may make ${requestsPerSecond} requests per second; retry after 1 second`);
  }
}
