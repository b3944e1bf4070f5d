import { offsetOf, type Clock } from '../clock';
import type { SandboxClock } from './clock-schema';

/** A client's clock as the API shows it: its now, and its offset in seconds (whole milliseconds / 1000). */
export function viewClock(clock: Clock): SandboxClock {
  return { now: clock.now().toISOString(), offset_seconds: offsetOf(clock) / 1000 };
}
