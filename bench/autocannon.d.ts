// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    readonly mean: number;
    readonly max: number;
    readonly p50: number;
    readonly p90: number;
    readonly p99: number;
    readonly total?: number;
    readonly sent?: number;
  }
  interface RawRequest {
    method?: string;
    path?: string;
    body?: string;
    headers?: Record<string, string>;
  }
  type Context = Record<string, unknown>;
  interface RequestSpec extends RawRequest {
    setupRequest?: (request: RawRequest, context: Context) => RawRequest;
    onResponse?: (status: number, body: string, context: Context, headers: Record<string, string>) => void;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    requests?: RequestSpec[];
  }
  interface Result {
    readonly duration: number;
    readonly errors: number;
    readonly timeouts: number;
    readonly mismatches: number;
    readonly non2xx: number;
    readonly resets: number;
    readonly statusCodeStats: Record<string, { count: number }>;
    readonly latency: Histogram;
    readonly requests: Histogram;
  }
  interface Instance extends PromiseLike<Result> {
    stop(): void;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
