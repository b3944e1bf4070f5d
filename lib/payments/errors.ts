import { DomainError } from '../errors';

/** The errors of payments' use cases; lib/http/errors.ts maps each to its contract response. */

/** `order_id` has already been used by this client. */
export class DuplicateOrderIdError extends DomainError {
  constructor(readonly orderId: string) {
    super(`order_id '${orderId}' has already been used`);
  }
}

/** The transaction's status forbids the operation (lib/payments/states.ts); shared with the keys' lifecycle. */
export { InvalidStateError } from '../errors';

/** The refund is larger than what is left to refund. */
export class AmountExceedsRefundableError extends DomainError {
  constructor(
    readonly requested: number,
    readonly refundable: number,
  ) {
    super(`Refund amount ${requested} exceeds the refundable amount ${refundable}`);
  }
}
