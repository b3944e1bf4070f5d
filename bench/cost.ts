import { round } from './stats';

/**
 * Part 5: what 1 million create-payment calls cost deployed.
 *
 * Prices: us-east-1 on-demand list prices as we assume them, as published 2026-11; free tiers,
 * data transfer, CloudWatch Logs and storage (table, PITR, streams) are left out. Check
 * https://aws.amazon.com/lambda/pricing/, /api-gateway/pricing/ and /dynamodb/pricing/on-demand/
 * before quoting these.
 */
export const PRICES_AS_OF = '2026-11';
export const PRICE_REGION = 'us-east-1';
/** Lambda, arm64: per GB-second of billed duration (first pricing tier). */
export const LAMBDA_ARM64_USD_PER_GB_SECOND = 0.0000133334;
/** Lambda: per million requests. */
export const LAMBDA_USD_PER_MILLION_REQUESTS = 0.2;
/** Lambda bills duration rounded up to the millisecond. */
export const LAMBDA_BILLING_GRANULARITY_MS = 1;
/** API Gateway HTTP API: per million requests (first 300 million, each up to 512 KB). */
export const HTTP_API_USD_PER_MILLION_REQUESTS = 1.0;
/** DynamoDB on-demand (Standard table class): per million write request units (a transactional write is 2 WRU per KB per item). */
export const DYNAMODB_USD_PER_MILLION_WRU = 0.625;
/** DynamoDB on-demand (Standard table class): per million read request units (a strongly consistent read of ≤ 4 KB is 1 RRU). */
export const DYNAMODB_USD_PER_MILLION_RRU = 0.125;

export interface CostInput {
  readonly calls: number;
  /** The function's configured memory (from the synthesized template). */
  readonly memoryMb: number;
  /** The handler's duration per call (the measured median, locally). */
  readonly durationMs: number;
  /** Request units per call (bench/capacity.ts, from the counted calls). */
  readonly rru: number;
  readonly wru: number;
  /**
   * The request counter's write units per call, at most (lib/auth/request-counter.ts): not among the
   * counted calls, since a process reserves a client's requests of a second in blocks; a client's
   * only request in a second still pays one.
   */
  readonly counterWru: number;
}

export interface CostLine {
  readonly item: string;
  readonly quantity: string;
  readonly unitPrice: string;
  readonly usd: number;
}

export interface CostResult {
  readonly pricesAsOf: string;
  readonly region: string;
  readonly input: CostInput & { readonly billedMs: number };
  readonly lines: CostLine[];
  readonly totalUsd: number;
  /** The Lambda duration line again, at durations a deployed function is more likely to see. */
  readonly sensitivity: { readonly durationMs: number; readonly lambdaComputeUsd: number; readonly totalUsd: number }[];
  readonly notes: string[];
}

const millions = (n: number) => n / 1_000_000;

/** The cost of `calls` create-payment requests, line by line. */
export function costOfCreates(input: CostInput): CostResult {
  const billedMs = Math.ceil(input.durationMs / LAMBDA_BILLING_GRANULARITY_MS) * LAMBDA_BILLING_GRANULARITY_MS;
  const gbSeconds = (ms: number) => input.calls * (input.memoryMb / 1024) * (ms / 1000);
  const compute = (ms: number) => gbSeconds(ms) * LAMBDA_ARM64_USD_PER_GB_SECOND;
  const lines: CostLine[] = [
    {
      item: 'Lambda requests',
      quantity: `${millions(input.calls)} M`,
      unitPrice: `$${LAMBDA_USD_PER_MILLION_REQUESTS} / M`,
      usd: millions(input.calls) * LAMBDA_USD_PER_MILLION_REQUESTS,
    },
    {
      item: `Lambda duration (arm64, ${input.memoryMb} MB, ${billedMs} ms billed)`,
      quantity: `${round(gbSeconds(billedMs), 1)} GB-s`,
      unitPrice: `$${LAMBDA_ARM64_USD_PER_GB_SECOND} / GB-s`,
      usd: compute(billedMs),
    },
    {
      item: 'API Gateway HTTP API requests',
      quantity: `${millions(input.calls)} M`,
      unitPrice: `$${HTTP_API_USD_PER_MILLION_REQUESTS.toFixed(2)} / M`,
      usd: millions(input.calls) * HTTP_API_USD_PER_MILLION_REQUESTS,
    },
    {
      item: `DynamoDB reads (${input.rru} RRU per call)`,
      quantity: `${round(millions(input.calls * input.rru), 2)} M RRU`,
      unitPrice: `$${DYNAMODB_USD_PER_MILLION_RRU} / M`,
      usd: millions(input.calls * input.rru) * DYNAMODB_USD_PER_MILLION_RRU,
    },
    {
      item: `DynamoDB writes (${input.wru} WRU per call)`,
      quantity: `${round(millions(input.calls * input.wru), 2)} M WRU`,
      unitPrice: `$${DYNAMODB_USD_PER_MILLION_WRU} / M`,
      usd: millions(input.calls * input.wru) * DYNAMODB_USD_PER_MILLION_WRU,
    },
    {
      item: `DynamoDB request counter (at most ${input.counterWru} WRU per call)`,
      quantity: `${round(millions(input.calls * input.counterWru), 2)} M WRU`,
      unitPrice: `$${DYNAMODB_USD_PER_MILLION_WRU} / M`,
      usd: millions(input.calls * input.counterWru) * DYNAMODB_USD_PER_MILLION_WRU,
    },
  ];
  const total = lines.reduce((sum, line) => sum + line.usd, 0);
  const others = total - compute(billedMs);
  return {
    pricesAsOf: PRICES_AS_OF,
    region: PRICE_REGION,
    input: { ...input, durationMs: round(input.durationMs), billedMs },
    lines: lines.map((line) => ({ ...line, usd: round(line.usd, 4) })),
    totalUsd: round(total, 4),
    sensitivity: [10, 25, 50].map((ms) => ({ durationMs: ms, lambdaComputeUsd: round(compute(ms), 4), totalUsd: round(others + compute(ms), 4) })),
    notes: [
      'Duration is the median handler time measured locally against DynamoDB Local on this machine; deployed, each DynamoDB call is a network round trip and 256 MB gives the function a fraction of a vCPU, so expect more (see sensitivity).',
      'Warm invocations only: since 2025-08 Lambda also bills the INIT phase of cold starts, a small share at steady traffic.',
      "Request units follow AWS on-demand rules from the counted calls and item sizes (bench/capacity.ts); DynamoDB Local's own ConsumedCapacity does not double transactional writes.",
      "The request counter is priced at its most, one write per call: a process reserves a client's requests of a second in blocks (1, 2, 4, … up to a tenth of the limit), so a client making 50 requests a second through one container pays 14 writes for the 50 (0.28 WRU per call), and one making a request now and then pays 1.",
    ],
  };
}
