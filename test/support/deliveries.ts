import { expect } from 'vitest';
import type { ApiResponse } from './fixtures';

/** A request made as one client of a test: method, path and body. */
export type Send = (method: string, path: string, body?: unknown) => Promise<ApiResponse>;

/** The attempts GET /event/{id}/deliveries lists, oldest first. */
export async function attemptsOf(send: Send, eventId: string): Promise<any[]> {
  const res = await send('GET', `/event/${eventId}/deliveries?limit=100`);
  expect(res.status).toBe(200);
  return [...res.body.data].reverse();
}

/**
 * Reads the event's attempts (oldest first) until they satisfy `done`, and returns them; fails
 * with the last list read once `timeoutMs` has passed. Not a timed assertion: the limit is for a
 * delivery that never comes, far beyond what a slow machine takes.
 */
export async function attemptsWhen(send: Send, eventId: string, done: (attempts: any[]) => boolean, timeoutMs = 30_000): Promise<any[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const attempts = await attemptsOf(send, eventId);
    if (done(attempts)) return attempts;
    if (Date.now() > deadline) throw new Error(`attempts of ${eventId} never reached the expected state: ${JSON.stringify(attempts)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
