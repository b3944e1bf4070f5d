/**
 * What wakes webhook delivery when an attempt planned for later falls due (a chaos delay or
 * reverse-order window, docs/api.md §17; decision 0267): finer than the sweep's minute. Deployed,
 * an SQS queue whose messages are delayed until then (lib/webhooks/queue-timer.ts); under
 * `npm start`, a timer in the process that hands the very same handler the same messages
 * (infra/local/webhook-delivery.ts). Either way the attempt stays due in the table, so the sweep
 * makes it if the timer never fires.
 */

/** An attempt to make when it falls due: its table key and its due time (real time, ISO). */
export interface DueAttempt {
  readonly pk: string;
  readonly sk: string;
  readonly dueAt: string;
}

export interface DeliveryTimer {
  /** Asks to be woken for each attempt at its due time. */
  wake(attempts: readonly DueAttempt[]): Promise<void>;
}

/** The longest an SQS message can be delayed: 15 minutes, longer than any chaos delay and window. */
export const MAX_TIMER_DELAY_SECONDS = 900;

/** Whole seconds from `now` until `dueAt`, rounded up so that the wake is never early, at most MAX_TIMER_DELAY_SECONDS. */
export function delaySecondsUntil(dueAt: string, now: Date): number {
  return Math.min(MAX_TIMER_DELAY_SECONDS, Math.max(0, Math.ceil((Date.parse(dueAt) - now.getTime()) / 1000)));
}

/** The message body that names an attempt to make: its table key. */
export const timerMessage = (attempt: DueAttempt): string => JSON.stringify({ pk: attempt.pk, sk: attempt.sk });

let inProcess: DeliveryTimer | undefined;

/** `npm start`'s timer, in its process (infra/local/webhook-delivery.ts); undefined when it stops. */
export function setInProcessTimer(timer: DeliveryTimer | undefined): void {
  inProcess = timer;
}

/** The timer of `npm start`'s process, whichever is set when an attempt is planned; none outside npm start. */
export const inProcessTimer: DeliveryTimer = {
  wake: (attempts) => inProcess?.wake(attempts) ?? Promise.resolve(),
};
