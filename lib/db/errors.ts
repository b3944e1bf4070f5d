import { unmarshall } from '@aws-sdk/util-dynamodb';

/** Helpers that read DynamoDB's condition failures without leaking SDK types into domain code. */

interface CancellationReason {
  readonly Code?: string;
  readonly Item?: Record<string, unknown>;
}

/** True when a single conditional write failed its condition. */
export function isConditionFailed(error: unknown): boolean {
  return (error as Error | undefined)?.name === 'ConditionalCheckFailedException';
}

/**
 * True when a single-item write collided with a transaction writing the same item
 * (TransactionConflictException): nothing was written, and the SDK does not retry it.
 */
export function isTransactionConflict(error: unknown): boolean {
  return (error as Error | undefined)?.name === 'TransactionConflictException';
}

/** The cancellation reasons of a failed TransactWriteItems, or undefined for any other error. */
export function cancellationReasons(error: unknown): readonly CancellationReason[] | undefined {
  if ((error as Error | undefined)?.name !== 'TransactionCanceledException') return undefined;
  return (error as { CancellationReasons?: CancellationReason[] }).CancellationReasons ?? [];
}

/** True when the transaction was cancelled because item `index`'s condition failed. */
export function isCancelledBy(error: unknown, index: number): boolean {
  return cancellationReasons(error)?.[index]?.Code === 'ConditionalCheckFailed';
}

/**
 * The item a failed condition returned (ReturnValuesOnConditionCheckFailure: ALL_OLD). The
 * document client does not unmarshall items carried by errors, so this does.
 */
export function oldItem(raw: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  return raw ? unmarshall(raw as Parameters<typeof unmarshall>[0]) : undefined;
}
