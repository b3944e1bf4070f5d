import type { Context } from 'aws-lambda';
import { systemClock } from '../lib/clock';
import { defaultDb } from '../lib/db/default-db';
import { logger, setLogKeys } from '../lib/logger';
import { sweepAdvancedClients } from '../lib/sandbox/clock-advance';
import { dueHandlers } from '../lib/sweep/handlers';
import { sweep, type SweepResult } from '../lib/sweep/sweep';

/**
 * One sweep pass over what has fallen due (lib/sweep/sweep.ts), then over what falls due on the
 * clocks of the clients that advanced theirs (lib/sandbox/clock-advance.ts): invoked by the stack's
 * schedule every minute, and by `npm start` every second. Takes no input; every line it logs names
 * the job and its pass (the invocation's request id).
 */
export async function handler(_event: unknown, context: Context): Promise<SweepResult> {
  setLogKeys({ job: 'sweep', pass: context.awsRequestId });
  const now = systemClock.now();
  const result = await sweep(defaultDb, now, dueHandlers);
  const advanced = await sweepAdvancedClients(defaultDb, systemClock);
  const summary = { now: now.toISOString(), ms: systemClock.now().getTime() - now.getTime(), ...result, advanced };
  // An idle pass every second (locally) would drown the log; it is only worth a line when it did something.
  if (result.handled > 0 || result.failed > 0 || result.more || advanced.handled > 0 || advanced.failed > 0) logger.info('sweep', { sweep: summary });
  else logger.debug('sweep', { sweep: summary });
  return { ...result, handled: result.handled + advanced.handled, failed: result.failed + advanced.failed };
}
