import { randomBytes } from 'node:crypto';
import { PROBE_TIMEOUT_MS } from '../config/probe-timeout';
import { newId } from '../ids';
import type { OutgoingWebhook, SendResult } from './send-webhook';
import { newWebhookSecret, signature, signWebhook } from './signature';

/**
 * The battery of a receiver check (docs/api.md §17, decision 0260): nine probes, each a check event
 * POSTed to the receiver, some signed exactly as a delivery is (Standard Webhooks, with the secrets a
 * delivery would carry), some forged, and each graded by the receiver's answer. What POSTs them is
 * given: the sandbox's check (lib/webhooks/check-endpoint.ts) sends through `sendWebhook` to the
 * address the URL policy checked; `listen --check` (infra/local/listen-cli.ts) to its --forward-to.
 * Both run this code, so a receiver is graded the same way by either.
 */

/** The probes, in the order the contract's table and every answer list them. */
export const probeNames = [
  'valid_signature',
  'duplicate',
  'unknown_type',
  'multiple_signatures',
  'tampered_body',
  'wrong_secret',
  'missing_signature',
  'stale_timestamp',
  'future_timestamp',
] as const;
export type ProbeName = (typeof probeNames)[number];

/** What a probe passes on: a 2xx (the valid one: within 3 s), or a 4xx (a forgery refused, not a 5xx the sender would retry). */
export const expectations = ['2xx within 3 s', '2xx', '4xx'] as const;
export type Expectation = (typeof expectations)[number];

const expected: Record<ProbeName, Expectation> = {
  valid_signature: '2xx within 3 s',
  duplicate: '2xx',
  unknown_type: '2xx',
  multiple_signatures: '2xx',
  tampered_body: '4xx',
  wrong_secret: '4xx',
  missing_signature: '4xx',
  stale_timestamp: '4xx',
  future_timestamp: '4xx',
};

/** The valid probe's answer must come within this (the contract's 3 s). */
export const VALID_WITHIN_MS = 3_000;

/** How far the stale and the future probes' `webhook-timestamp` lie from real time: 10 minutes, twice Standard Webhooks' 5-minute tolerance. */
export const SKEW_SECONDS = 600;

/** The type of every probe's event, so a receiver can recognise a check and ignore it. */
export const CHECK_EVENT_TYPE = 'webhook_endpoint.check';

/** How one probe went, as the check answers it. */
export interface ProbeResult {
  readonly probe: ProbeName;
  readonly expected: Expectation;
  /** The receiver's status, when it answered in time. */
  readonly response_status: number | null;
  readonly response_time_ms: number | null;
  /** Why no answer came (a timeout, a refused connection, a URL the policy refuses); null when one came. */
  readonly error: string | null;
  readonly passed: boolean;
}

/** What a check is of: its id and the endpoint it checks (none for `listen --check`). */
export interface CheckSubject {
  readonly checkId: string;
  readonly endpointId: string | null;
}

/** POSTs one probe and says what came back; a check gives `sendWebhook` bound to its checked address. */
export type ProbePoster = (webhook: OutgoingWebhook, timeoutMs: number) => Promise<SendResult>;

export interface CheckClocks {
  /** Real time: what `webhook-timestamp` is signed with, since the receiver compares it with its own clock. */
  readonly real: () => Date;
  /** The time the events' `created_at` show (the client's sandbox clock for the check of an endpoint). */
  readonly shown: () => Date;
}

/** A check event's body, naming the check, the endpoint and the probe. */
function probeEvent(subject: CheckSubject, probe: ProbeName, type: string, createdAt: Date): { id: string; payload: unknown } {
  const id = newId('event');
  return {
    id,
    payload: {
      id,
      type,
      api_version: 'v1',
      created_at: createdAt.toISOString(),
      data: { object: { object: 'webhook_endpoint_check', check_id: subject.checkId, endpoint_id: subject.endpointId, probe } },
      request: { id: null, idempotency_key: null },
    },
  };
}

/** A type no receiver can know: random each time. */
const unknownType = () => `sandbox.unknown_${randomBytes(6).toString('hex')}`;

/**
 * The request of each probe but the duplicate (which repeats the valid one's exactly). `secrets` are
 * the ones a delivery would be signed with now, the current one first.
 */
export function buildProbes(
  secrets: readonly [string, ...string[]],
  subject: CheckSubject,
  clocks: CheckClocks,
): Record<Exclude<ProbeName, 'duplicate'>, OutgoingWebhook> {
  const now = clocks.real();
  const shown = clocks.shown();
  const signed = (probe: ProbeName, options: { type?: string; at?: Date; with?: readonly string[] } = {}) => {
    const event = probeEvent(subject, probe, options.type ?? CHECK_EVENT_TYPE, shown);
    return signWebhook(options.with ?? secrets, event.id, event.payload, options.at ?? now);
  };
  const shifted = (seconds: number) => new Date(now.getTime() + seconds * 1000);

  const multiple = signed('multiple_signatures');
  const timestamp = Number(multiple.headers['webhook-timestamp']);
  const stranger = signature(newWebhookSecret(), multiple.headers['webhook-id'], timestamp, multiple.body);

  const tampered = signed('tampered_body');
  const missing = signed('missing_signature');
  const { 'webhook-signature': _dropped, ...unsigned } = missing.headers;

  return {
    valid_signature: signed('valid_signature'),
    unknown_type: signed('unknown_type', { type: unknownType() }),
    multiple_signatures: { ...multiple, headers: { ...multiple.headers, 'webhook-signature': `${stranger} ${multiple.headers['webhook-signature']}` } },
    // One byte of the signed body changed, where the JSON stays valid: the probe's own name.
    tampered_body: { ...tampered, body: tampered.body.replace('"tampered_body"', '"tampered_bodY"') },
    wrong_secret: signed('wrong_secret', { with: [newWebhookSecret()] }),
    missing_signature: { headers: unsigned, body: missing.body },
    stale_timestamp: signed('stale_timestamp', { at: shifted(-SKEW_SECONDS) }),
    future_timestamp: signed('future_timestamp', { at: shifted(SKEW_SECONDS) }),
  };
}

/** Grades one probe's answer. */
export function grade(probe: ProbeName, sent: SendResult): ProbeResult {
  const status = sent.status ?? null;
  const want = expected[probe];
  let passed = false;
  if (status !== null) {
    if (want === '4xx') passed = status >= 400 && status < 500;
    else passed = status >= 200 && status < 300 && (want === '2xx' || sent.timeMs <= VALID_WITHIN_MS);
  }
  const error = status === null ? (sent.abandoned ? 'Not sent: the sandbox stopped' : (sent.error ?? 'No answer')) : null;
  return { probe, expected: want, response_status: status, response_time_ms: status === null && sent.error === undefined ? null : sent.timeMs, error, passed };
}

/** Every probe failed with the same reason before any was sent (the URL policy refuses the endpoint's URL now). */
export function unsent(reason: string): ProbeResult[] {
  return probeNames.map((probe) => ({ probe, expected: expected[probe], response_status: null, response_time_ms: null, error: reason, passed: false }));
}

/**
 * Runs the battery: every probe at once but the duplicate, which is sent when the valid probe has
 * been answered (the same `webhook-id`, headers and body again), so the receiver has seen the first
 * before the second. Each probe waits `timeoutMs` for its answer: the contract's 5 s
 * (lib/config/probe-timeout.ts) unless a test sandbox shortens it (decision 0350). The results are
 * in the order of `probeNames`.
 */
export async function runProbes(
  post: ProbePoster,
  secrets: readonly [string, ...string[]],
  subject: CheckSubject,
  clocks: CheckClocks,
  timeoutMs: number = PROBE_TIMEOUT_MS,
): Promise<ProbeResult[]> {
  const probes = buildProbes(secrets, subject, clocks);
  const send = async (probe: ProbeName, webhook: OutgoingWebhook) => grade(probe, await post(webhook, timeoutMs));
  const valid = send('valid_signature', probes.valid_signature);
  const duplicate = valid.then(() => send('duplicate', probes.valid_signature));
  const others = (Object.keys(probes) as (keyof typeof probes)[]).filter((p) => p !== 'valid_signature').map((p) => send(p, probes[p]));
  const results = await Promise.all([valid, duplicate, ...others]);
  return probeNames.map((name) => results.find((r) => r.probe === name)!);
}
