import { call, type ApiResponse } from './fixtures';

/** POST /sandbox/clock/advance with `body` ({seconds} or {to}). */
export const advance = (key: string, body: unknown): Promise<ApiResponse> => call('POST', '/sandbox/clock/advance', { key, body });

/** GET /sandbox/clock: the client's `{now, offset_seconds}`. */
export async function clockOf(key: string): Promise<{ now: string; offset_seconds: number }> {
  const res = await call('GET', '/sandbox/clock', { key });
  if (res.status !== 200) throw new Error(`GET /sandbox/clock: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** An ISO time `seconds` after `iso`. */
export const secondsAfter = (iso: string, seconds: number): string => new Date(Date.parse(iso) + seconds * 1000).toISOString();

/** Polls `read` every 200 ms until `done` holds for its value (or `timeoutMs` passes), and returns the last value. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}
