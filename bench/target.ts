/**
 * One line of the bench's verdict: what was measured against which target, and whether it was met.
 * Apart from bench/report.ts, which writes the verdict, so that a part that states its own targets
 * (bench/user-cases.ts) need not import the report that imports it.
 */
export interface Target {
  readonly part:
    | 'latency'
    | 'minimal'
    | 'calls'
    | 'write units'
    | 'cost'
    | 'advance'
    | 'bundle size'
    | 'cold start'
    | 'load'
    | 'read units'
    | 'webhook delivery'
    | 'dashboard'
    | 'payment page'
    | 'start-up'
    | 'as a user meets it';
  readonly subject: string;
  readonly target: string;
  readonly value: string;
  /** null: not applicable (e.g. a route without DynamoDB calls has no floor to compare with). */
  readonly met: boolean | null;
}
