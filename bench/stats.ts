/** Order statistics of a sample of timings (nearest-rank percentiles, no interpolation). */
export interface Summary {
  readonly n: number;
  readonly p50: number;
  readonly p99: number;
  readonly mean: number;
  readonly min: number;
  readonly max: number;
}

/** The p-th percentile (0 < p ≤ 100) by nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summarize(values: readonly number[]): Summary {
  return {
    n: values.length,
    p50: median(values),
    p99: percentile(values, 99),
    mean: values.reduce((a, b) => a + b, 0) / Math.max(1, values.length),
    min: Math.min(...values),
    max: Math.max(...values),
  };
}

/** Rounds for reports and results.json (timings to µs, ratios to 0.01). */
export const round = (value: number, digits = 3): number => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value);

/** A summary with each figure rounded to `digits` decimals, for the report. */
export const roundSummary = (s: Summary, digits = 3): Summary => ({
  n: s.n,
  p50: round(s.p50, digits),
  p99: round(s.p99, digits),
  mean: round(s.mean, digits),
  min: round(s.min, digits),
  max: round(s.max, digits),
});

/** `items` rotated left by `by`: interleaved runs start each round at a different arm. */
export function rotate<T>(items: readonly T[], by: number): T[] {
  if (items.length === 0) return [];
  const k = ((by % items.length) + items.length) % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

/** Runs `fn` over `items` with at most `limit` in flight; rejects on the first failure. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
