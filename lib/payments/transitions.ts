import type { Db } from '../db/db';
import type { TransactItem } from '../db/requests';
import { paymentChanged, type Change } from '../events/event';
import type { Recorder } from '../events/event-recorder';
import { recordEvents } from '../events/event-recorder';
import { NotFoundError } from '../errors';
import { InvalidStateError } from './errors';
import { settlementEntity, transactionEntity, type CARD_CHALLENGE, type StoredTransaction } from './items';
import { failureOf, type FailureCode } from '../objects/failures';
import { paymentEntry, type SettlementEntry } from './ledger';
import { transitions } from './states';
import { DUE_ATTRIBUTES } from '../db/due';
import { dueMarkerDelete, findTransaction, removeDue, writeTransactionChange } from './transaction-repository';
import type { PaymentDetails } from '../objects/transaction';
import { effectiveStatus, viewTransaction, type Transaction } from '../objects/transaction';

/**
 * The transitions of a transaction (docs/api.md §5), decided here for the use cases, the sweep and
 * an advance of the client's clock: which status may go to which, what each sets, what a refused
 * one answers (404, or 409 naming the status the client sees), and how often a lost race is read
 * and decided again. lib/payments/transaction-repository.ts only reads and writes.
 */

export type PendingExit = 'cancel' | 'fail' | 'expire' | 'settle';

/**
 * What a way out of `pending` may set besides its status and times: a cancel's reason, a failure's
 * code and sentence, the payment page's card (`payment_details`, whole).
 */
export interface ExitFields {
  readonly cancellation_reason?: string;
  readonly failure_code?: FailureCode;
  readonly failure_reason?: string;
  readonly payment_details?: PaymentDetails;
}

/**
 * A condition of a way out of `pending` beyond its status: an attribute of the item (never shown)
 * that must be there, and that the write removes (the payment page's waiting 3-D Secure challenge).
 */
export interface ExitRequires {
  readonly attribute: typeof CARD_CHALLENGE;
}

/**
 * The conditional update that takes a transaction out of `pending` for `operation` (conditioned on
 * the status and on the payment not having expired), and `changes`: what it sets — the new
 * status, its timestamp, and `fields` (a reason, a failure's code) — so a caller can know the new
 * item without reading it back. It also removes the due attributes: nothing is left for the sweep
 * to expire. The benchmark's floors use it too.
 */
export function pendingExit(clientId: string, transactionId: string, operation: PendingExit, now: Date, fields: ExitFields = {}, requires?: ExitRequires) {
  const t = transitions[operation];
  const at = now.toISOString();
  const changes = { status: t.to, [t.stamp]: at, updated_at: at, ...fields };
  const { Update: update } = transactionEntity.update(transactionEntity.key(clientId, transactionId), {
    set: changes,
    remove: requires ? [...DUE_ATTRIBUTES, requires.attribute] : DUE_ATTRIBUTES,
    when: [{ exists: 'pk' }, ['status', '=', t.from[0]], ['expires_at', '>', at], ...(requires ? [{ exists: requires.attribute }] : [])],
    returnOldOnRefusal: true,
  });
  return { update, changes };
}

/** Explains a failed transition: 404 when the item is not there, else 409 naming the status the client sees. */
function refused(old: StoredTransaction | undefined, operation: PendingExit, now: Date): Error {
  if (!old) return new NotFoundError('Transaction not found');
  return new InvalidStateError(effectiveStatus(old.transaction, now), transitions[operation].verb);
}

/** How often a transition that collides with a concurrent transaction is read and sent before answering 429. */
const TRANSITION_ATTEMPTS = 3;

/**
 * Takes a pending transaction out of `pending` (settle, fail, cancel, expire) and records its
 * event, in one TransactWriteItems: the conditional update, with `ledgerEntry` (the settle's
 * settlement entry) and `complete` (the idempotency record's completing update, when the request
 * carries a key) built from the transaction after the change. Returns that transaction.
 *
 * The item is read first, so the event and the stored response can hold the transaction after
 * the change; the update's condition (still pending, not expired) makes the read the truth: a
 * pending transaction changes only by leaving `pending`. When the write collides with a
 * concurrent transaction on the item (a settle, a refund, another transition: TransactionConflict,
 * which the SDK does not retry), it is read and decided again — usually a 409 naming the status the
 * other left — up to TRANSITION_ATTEMPTS times, then 429 with nothing written.
 */
export async function transitionTransaction(
  db: Db,
  clientId: string,
  transactionId: string,
  operation: PendingExit,
  now: Date,
  options: {
    readonly fields?: ExitFields;
    /** An attribute the item must hold, which the write removes (ExitRequires). */
    readonly requires?: ExitRequires;
    /** The transaction as the caller has just read it (strongly consistent), which saves the first read. */
    readonly read?: StoredTransaction;
    readonly recorder: Recorder;
    readonly ledgerEntry?: (after: Transaction) => SettlementEntry;
    readonly complete?: (after: Transaction) => TransactItem;
  },
): Promise<Transaction> {
  const { update, changes } = pendingExit(clientId, transactionId, operation, now, options.fields, options.requires);
  for (let attempt = 1; ; attempt++) {
    const stored = attempt === 1 && options.read ? options.read : await findTransaction(db, clientId, transactionId);
    if (!stored || effectiveStatus(stored.transaction, now) !== transitions[operation].from[0]) throw refused(stored, operation, now);
    const before = viewTransaction(stored.transaction, now);
    const after = viewTransaction({ ...stored.transaction, ...changes }, now);
    const entry = options.ledgerEntry?.(after);
    const completion = options.complete?.(after);
    const recorded = recordEvents(clientId, [paymentChanged(before, after)], options.recorder);
    const written = await writeTransactionChange(
      db,
      [{ Update: update }, ...(entry ? [settlementEntity.create({ clientId, entry })] : []), ...recorded.puts],
      completion,
      recorded.window,
    );
    if (written.outcome === 'written') return after;
    if (written.outcome === 'refused') throw refused(written.old, operation, now);
    if (written.outcome === 'cancelled' || attempt === TRANSITION_ATTEMPTS) throw written.error;
  }
}

/** What the sweep (or an advance of the client's clock) did with a transaction that was due. */
export type DueOutcome =
  /** Stored `expired`, with its payment.expired event, in one write. */
  | 'expired'
  /** Its scheduled outcome was applied, as the simulate endpoint would, with its event. */
  | 'scheduled outcome'
  /** It had left `pending` (settled, cancelled…) before: only its due attributes were removed. */
  | 'not pending'
  /** Still pending, but nothing of it falls due by `now`: left as it is. */
  | 'not due'
  /** No such item (any more). */
  | 'missing';

/** How often the sweep reads and decides a due transaction again after losing a race, before leaving it due for the next pass. */
const EXPIRY_ATTEMPTS = 3;

/**
 * Applies what is due for a pending transaction by `now` (the client's time), dated its own due
 * time: its scheduled outcome if that falls due first (before `expires_at`), exactly as the
 * simulate endpoint would make it (the same conditional write, the same event, settle's ledger
 * entry), dated the scheduled time; else its expiry if `expires_at <= now` (expireDueTransaction).
 * A transaction that left `pending` first only loses its due attributes. `recorder`
 * records the events (no request caused them).
 */
export async function applyDueTransaction(db: Db, clientId: string, transactionId: string, now: Date, recorder: Recorder): Promise<DueOutcome> {
  for (let attempt = 1; ; attempt++) {
    const stored = await findTransaction(db, clientId, transactionId);
    if (!stored) return 'missing';
    const { scheduled, transaction } = stored;
    if (transaction.status !== 'pending' || !scheduled || scheduled.at >= transaction.expires_at) {
      // The transaction just read is the expiry's first read too.
      return expireDueTransaction(db, clientId, transactionId, now, recorder, attempt === 1 ? stored : undefined);
    }
    if (scheduled.at > now.toISOString()) return 'not due';
    const at = new Date(scheduled.at);
    try {
      await transitionTransaction(db, clientId, transactionId, scheduled.outcome, at, {
        fields: scheduled.outcome === 'fail' ? SIMULATED_FAILURE : undefined,
        ledgerEntry: scheduled.outcome === 'settle' ? (after) => paymentEntry(after, at) : undefined,
        recorder,
      });
      return 'scheduled outcome';
    } catch (error) {
      // It left `pending` first (a cancel won the race): read again, and only tidy up.
      if (error instanceof InvalidStateError && attempt < EXPIRY_ATTEMPTS) continue;
      throw error;
    }
  }
}

/** What a simulated failure sets (the simulate endpoint's, and a scheduled `fail`'s): `failure_code` `simulated` and its sentence. */
export const SIMULATED_FAILURE: ExitFields = failureOf('simulated');

/**
 * The expiry of a pending transaction, as its change (payment.expired: before as the client saw it
 * while pending, after as every read has shown it since `expires_at`) and the conditional update that
 * stores it (still `pending`, `expires_at <= now`): it sets exactly what reads already show from
 * `expires_at` on (`expired`, `expired_at = updated_at = expires_at`) and removes the due attributes.
 */
function expiry(stored: StoredTransaction, now: Date): { change: Change; update: TransactItem } {
  const { transaction } = stored;
  const change = paymentChanged(viewTransaction(transaction, new Date(Date.parse(transaction.expires_at) - 1)), viewTransaction(transaction, now));
  const after = change.object as Transaction;
  const update = transactionEntity.update(transactionEntity.keyOf(stored), {
    set: { status: after.status, expired_at: after.expired_at, updated_at: after.updated_at },
    remove: DUE_ATTRIBUTES,
    when: [{ exists: 'pk' }, ['status', '=', 'pending'], ['expires_at', '<=', now.toISOString()]],
  });
  return { change, update };
}

/**
 * Stores the expiry of a pending transaction whose `expires_at` is at or before `now`: one
 * TransactWriteItems of its conditional update (expiry) and payment.expired, dated `expires_at`
 * and caused by no request; its due marker is left to an advance or its TTL. A transaction that
 * left `pending` meanwhile only loses its due attributes, with no event. When the write fails its
 * condition or collides with a concurrent transaction (a cancel or settle at the expiry instant,
 * another sweep), the transaction is read and decided again, at most EXPIRY_ATTEMPTS times: of any
 * number of racing writers, exactly one records a transition. `read`: the transaction as the caller
 * has just read it (strongly consistent), which saves the first read.
 */
export async function expireDueTransaction(
  db: Db,
  clientId: string,
  transactionId: string,
  now: Date,
  recorder: Recorder,
  read?: StoredTransaction,
): Promise<DueOutcome> {
  for (let attempt = 1; ; attempt++) {
    // The caller's strongly consistent read of it, if it has just made one; a lost race reads again.
    const stored = attempt === 1 && read ? read : await findTransaction(db, clientId, transactionId);
    if (!stored) return 'missing';
    if (stored.transaction.status !== 'pending') {
      if (stored.dueAt !== undefined) await removeDue(db, stored);
      return 'not pending';
    }
    if (stored.transaction.expires_at > now.toISOString()) return 'not due';
    const { change, update } = expiry(stored, now);
    const recorded = recordEvents(clientId, [change], recorder);
    const written = await writeTransactionChange(db, [update, ...recorded.puts], undefined, recorded.window);
    if (written.outcome === 'written') return 'expired';
    const lostRace = written.outcome === 'refused' || written.outcome === 'collided';
    if (!lostRace || attempt === EXPIRY_ATTEMPTS) throw written.error;
  }
}

/** Whether a transaction read for an advance is pending and its expiry (and nothing earlier) falls due by `now`. */
export function expiresBy(stored: StoredTransaction, now: Date): boolean {
  const { scheduled, transaction } = stored;
  return transaction.status === 'pending' && transaction.expires_at <= now.toISOString() && !(scheduled && scheduled.at < transaction.expires_at);
}

/**
 * Stores the expiry of several due transactions in one TransactWriteItems (at most 33: three items
 * each), for an advance: each as expireDueTransaction would (the same conditional update and
 * payment.expired dated `expires_at`) and its marker's delete, the events recorded in the order given. The
 * transactions are the caller's strongly consistent reads, each of which `expiresBy` its `now`.
 * Returns false, having written nothing, when one of them changed since it was read or the write
 * collided with another: the caller then applies them one at a time.
 */
export async function expireDueTogether(
  db: Db,
  clientId: string,
  due: readonly { readonly stored: StoredTransaction; readonly now: Date }[],
  recorder: Recorder,
): Promise<boolean> {
  const expiries = due.map(({ stored, now }) => expiry(stored, now));
  const recorded = recordEvents(
    clientId,
    expiries.map((e) => e.change),
    recorder,
  );
  const writes = due.flatMap(({ stored }, i): TransactItem[] => [expiries[i]!.update, dueMarkerDelete(stored)]);
  return (await writeTransactionChange(db, [...writes, ...recorded.puts], undefined, recorded.window)).outcome === 'written';
}
