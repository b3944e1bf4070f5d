import type { Db } from '../db/db';
import { type DueHandlers, findDue } from '../db/due';
import { forEachLimited } from '../concurrency';
import { logger } from '../logger';

/**
 * The sweep: one pass over what has fallen due (lib/db/due.ts), oldest first, each item handed to
 * the handler of its kind — the prefix of its sort key (`TXN#` a pending payment's expiry, `DLV#`
 * a webhook attempt to retry). Deployed, a schedule invokes it every minute; locally `npm start`
 * runs the same pass every second. A handler decides with a conditional write and removes the
 * item's due attributes in it, so an item seen twice (the index is eventually consistent, a pass
 * may overlap another) is settled once; one whose handler throws stays due and is tried again on
 * the next pass, without holding up the others.
 */

export interface SweepResult {
  readonly handled: number;
  readonly failed: number;
  /** Items of a kind no handler is registered for; left as they are. */
  readonly unknown: number;
  /** True when the pass stopped at `maxItems` with more possibly due. */
  readonly more: boolean;
}

/** How much one pass may do before it yields to the next; what is left is still due then. */
export const SWEEP_MAX_ITEMS = 1_000;

export async function sweep(db: Db, now: Date, handlers: DueHandlers, options: { maxItems?: number; concurrency?: number } = {}): Promise<SweepResult> {
  const maxItems = options.maxItems ?? SWEEP_MAX_ITEMS;
  const concurrency = options.concurrency ?? 8;
  const prefixes = Object.keys(handlers);
  let handled = 0;
  let failed = 0;
  let unknown = 0;
  let seen = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await findDue(db, now, { limit: Math.min(100, maxItems - seen), startKey });
    startKey = page.next;
    seen += page.items.length;
    await forEachLimited(page.items, concurrency, async (item) => {
      const prefix = prefixes.find((p) => item.sk.startsWith(p));
      if (!prefix) {
        unknown++;
        return;
      }
      try {
        await handlers[prefix]!(db, item, now);
        handled++;
      } catch (error) {
        failed++;
        logger.error('sweep: a due item failed; it stays due', { pk: item.pk, sk: item.sk, error: error as Error });
      }
    });
  } while (startKey && seen < maxItems);
  return { handled, failed, unknown, more: startKey !== undefined };
}
