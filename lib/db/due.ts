import type { Db } from './db';
import { DUE_PARTITION } from './keys';
import { DUE_INDEX } from './table';
import { queryPage } from './requests';

/**
 * What falls due — a pending payment's expiry, a webhook attempt to retry — is found through the
 * sparse `due` index (lib/db/table.ts): an item carries `due_pk`/`due_sk` (keys.due) exactly as
 * long as something of it is due, so a sweep queries only those, oldest first, never a Scan.
 * The index is eventually consistent and keys-only: a sweep re-reads each item and makes its
 * change with a conditional write, which is what decides; an item seen twice is settled once.
 */

/** The attributes that keep an item in the index (keys.due), for an entity's update that removes them. */
export const DUE_ATTRIBUTES = ['due_pk', 'due_sk'] as const;

/**
 * The update clause that takes an item out of the index (DUE_ATTRIBUTES): part of the write that
 * settles what was due, so the item stops being found exactly when that commits.
 */
export const REMOVE_DUE = `REMOVE ${DUE_ATTRIBUTES.join(', ')}`;

/** The base-table key of an item with something due, and when. */
export interface DueItem {
  readonly pk: string;
  readonly sk: string;
  readonly dueAt: string;
}

export interface DuePage {
  readonly items: readonly DueItem[];
  /** Where the next page starts, when there may be more due by the same time. */
  readonly next?: Record<string, unknown>;
}

/** What the sweep (lib/sweep/sweep.ts) does with one due item of a kind: decide it with a conditional write that removes its due attributes. */
export type DueHandler = (db: Db, item: DueItem, now: Date) => Promise<void>;

/** Handlers by sort-key prefix. */
export type DueHandlers = Readonly<Record<string, DueHandler>>;

/** One page of the items due at or before `now`, the longest overdue first. */
export async function findDue(db: Db, now: Date, options: { limit?: number; startKey?: Record<string, unknown> } = {}): Promise<DuePage> {
  const { Items = [], LastEvaluatedKey } = await queryPage(db, {
    IndexName: DUE_INDEX,
    KeyConditionExpression: 'due_pk = :due AND due_sk <= :now',
    ExpressionAttributeValues: { ':due': DUE_PARTITION, ':now': now.toISOString() },
    Limit: options.limit ?? 100,
    ExclusiveStartKey: options.startKey,
  });
  return {
    items: Items.map((item) => ({ pk: item.pk as string, sk: item.sk as string, dueAt: item.due_sk as string })),
    next: LastEvaluatedKey,
  };
}
