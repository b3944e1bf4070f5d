/**
 * The errors domain code throws on purpose, shared by more than one domain (an error one domain
 * alone throws lives beside it: lib/payments/errors.ts, lib/sandbox/errors.ts). They know nothing
 * of HTTP: lib/http/errors.ts alone maps each class to its status, contract code and headers
 * (docs/decisions/0180-errors-belong-to-the-layer-that-knows-them.md).
 */

/** Base of every error a use case throws to refuse a request; anything else is unexpected. */
export abstract class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** One bad input: the body field (dotted path), query or path parameter or header, and what is wrong with it. */
export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

/** The input is wrong; `details` names each bad field. */
export class ValidationError extends DomainError {
  constructor(
    readonly details: readonly FieldProblem[],
    message = 'Request validation failed',
  ) {
    super(message);
  }
}

/** No such resource for this client (another client's is not found either). */
export class NotFoundError extends DomainError {
  constructor(message = 'Resource not found') {
    super(message);
  }
}

/** A per-client limit (docs/api.md §2) would be passed; `message` names the limit. */
export class LimitExceededError extends DomainError {}

/**
 * Another request was writing the same item at that moment: DynamoDB cancelled the transaction
 * (TransactionConflict), which the SDK does not retry, and so did the request's own attempts.
 * Nothing was written; the request may be sent again in a second.
 */
export class ConcurrentWriteError extends DomainError {
  constructor(message = 'Another request was changing the same data at the same moment; retry the request') {
    super(message);
  }
}

/**
 * A write that records events could not be sent within its send window (lib/db/transact.ts): it
 * was not sent, so nothing was written; the request may be sent again in a second.
 */
export class SendWindowClosedError extends DomainError {
  constructor() {
    super('The service is too busy to record this change right now; nothing was written, retry the request');
  }
}

/** The object's status forbids the operation: a transaction's (lib/payments/states.ts) or a server key's (lib/auth/key-lifecycle.ts). */
export class InvalidStateError extends DomainError {
  constructor(
    readonly status: string,
    readonly operation: string,
    readonly noun = 'transaction',
  ) {
    super(`Cannot ${operation} a ${noun} whose status is ${status}`);
  }
}
