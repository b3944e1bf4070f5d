import { setTimeout as sleep } from 'node:timers/promises';
import type { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Clock } from '../clock';
import { ConcurrentWriteError, SendWindowClosedError } from '../errors';
import type { Db } from './db';
import { cancellationReasons } from './errors';
import { type TransactItem, transactWriteCommand } from './requests';

/**
 * Thrown when the write that completes an idempotency claim failed its condition: the claim
 * expired and another request with the key took it over, so this request's effect was not
 * written. The caller answers as for a key in use.
 */
export class ClaimLostError extends Error {
  override readonly name = 'ClaimLostError';
  constructor() {
    super('The idempotency claim was lost before the write');
  }
}

/**
 * An Idempotency-Key this request holds (lib/http/idempotency.ts claims it). The use case completes
 * it inside the write that makes its effect.
 */
export interface IdempotencyClaim {
  /**
   * The TransactWriteItems element that stores `data` as this request's response (the route's
   * success status and `{"success": true, "data": …}`); pass it to the repository's write.
   */
  complete(data: unknown): TransactItem;
  /** The table key of the record this claim holds (a reset of the client's data keeps it). */
  readonly record: { readonly pk: string; readonly sk: string };
}

/**
 * The time by which every attempt of a write must be sent (the SDK's own retries included), on
 * `clock`: a write that records events must reach DynamoDB within TAIL_SEND_WINDOW_MS of their
 * recording time, or not at all (lib/events/event-repository.ts says why).
 */
export interface SendWindow {
  readonly clock: Clock;
  /** Epoch milliseconds; an attempt that would start later is not sent. */
  readonly closesAt: number;
}

/**
 * Sends `items` in one TransactWriteItems, with `completion` (an idempotency record's completing
 * update, see lib/http/idempotency.ts) as the last item when there is one, so the request's
 * effect and its stored response commit together or not at all. Condition failures of `items`
 * reach the caller as the SDK's TransactionCanceledException, indexed as `items`; a transaction
 * cancelled only by a concurrent one (TransactionConflict, no failed condition) is a
 * ConcurrentWriteError. With `window`, an attempt that would start after it closes is not sent:
 * SendWindowClosedError (429) when no earlier attempt can have been applied.
 */
export async function transactWrite(db: Db, items: readonly TransactItem[], completion?: TransactItem, window?: SendWindow): Promise<void> {
  const command = transactWriteCommand(db, completion ? [...items, completion] : items);
  if (window) sendWithin(command, window);
  try {
    await db.doc.send(command);
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (completion && reasons?.[items.length]?.Code === 'ConditionalCheckFailed') throw new ClaimLostError();
    const codes = reasons?.map((r) => r.Code) ?? [];
    if (codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed')) throw new ConcurrentWriteError();
    throw error;
  }
}

const COLLISION_ATTEMPTS = 8;

/**
 * Runs a write that concurrent ones collide with (TransactionConflict: DynamoDB cancels all but
 * one), such as the writes of a client's webhook endpoints, which all change its count. A
 * collision decided nothing: the write is sent again after a short random pause, up to
 * COLLISION_ATTEMPTS times, before the ConcurrentWriteError (429) reaches the caller.
 */
export async function retryingCollisions<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof ConcurrentWriteError) || attempt >= COLLISION_ATTEMPTS) throw error;
      await sleep(Math.random() * 10 * 2 ** Math.min(attempt, 5));
    }
  }
}

/**
 * Checks the window before each attempt, as late as the SDK allows: in its deserialize step,
 * below the retry loop, signing and the response parser, right where the request goes out. A
 * late first attempt wrote nothing (429); a late retry after an attempt that DynamoDB refused
 * (a 4xx: throttling) wrote nothing either; after one whose answer was lost or a 5xx, the write
 * may have happened, so that is not a 429 but an error of unknown outcome (500): a retry with the
 * request's Idempotency-Key finds out.
 */
function sendWithin(command: TransactWriteCommand, window: SendWindow): void {
  let sent = false;
  let lastRefused = false;
  command.middlewareStack.add(
    (next) => async (args) => {
      if (window.clock.now().getTime() > window.closesAt) {
        if (!sent || lastRefused) throw new SendWindowClosedError();
        throw new Error('A retry of a write that records events came after its send window; the earlier attempt may have been applied');
      }
      sent = true;
      lastRefused = false;
      const result = await next(args);
      const status = (result.response as { statusCode?: number } | undefined)?.statusCode ?? 0;
      lastRefused = status >= 400 && status < 500;
      return result;
    },
    // The document client's command shares its stack with the command it wraps, which adds it again.
    { step: 'deserialize', priority: 'low', name: 'sendWindow', override: true },
  );
}
