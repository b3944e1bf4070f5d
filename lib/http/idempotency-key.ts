/** Idempotency-Key: 1–255 printable ASCII characters (docs/api.md §8). */
export const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,255}$/;

/** True when the header value is an acceptable Idempotency-Key. */
export function isIdempotencyKey(value: string): boolean {
  return IDEMPOTENCY_KEY.test(value);
}
