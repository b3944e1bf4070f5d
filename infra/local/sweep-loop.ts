import { setTimeout as sleep } from 'node:timers/promises';
import { systemClock, type Clock } from '../../lib/clock';
import type { Db } from '../../lib/db/db';
import { logger } from '../../lib/logger';
import { sweep, type DueHandlers } from '../../lib/sweep/sweep';

/**
 * The sweep for `npm start` (deployed, a schedule invokes it every minute): one pass over what is
 * due, then the next a second later, until stopped. A pass that fails is logged and the next one
 * tries again; whatever it left is still due.
 */
export interface SweepLoop {
  /** Stops after the pass under way, if any. */
  stop(): Promise<void>;
}

export const LOCAL_SWEEP_INTERVAL_MS = 1_000;

export function startSweepLoop(options: { db: Db; handlers: DueHandlers; intervalMs?: number; clock?: Clock }): SweepLoop {
  const stopping = new AbortController();
  const clock = options.clock ?? systemClock;
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      try {
        await sweep(options.db, clock.now(), options.handlers);
      } catch (error) {
        if (!stopping.signal.aborted) logger.error('local sweep: a pass failed; the next one tries again', { error: error as Error });
      }
      await sleep(options.intervalMs ?? LOCAL_SWEEP_INTERVAL_MS, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  })();
  return {
    stop: async () => {
      stopping.abort();
      await loop;
    },
  };
}
