import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids';
import { isDueNow, planDeliveries, REORDER_COPY_FALLBACK_MS, REORDER_SETTLE_MS, windowOpenerAmong, windowOrder } from '../../lib/webhooks/delivery-plan';
import { delaySecondsUntil } from '../../lib/webhooks/delivery-timer';
import { pendingAttempt } from '../../lib/webhooks/delivery-repository';
import type { StoredWebhookEndpoint } from '../../lib/webhooks/items';
import { queueTimer } from '../../lib/webhooks/queue-timer';
import { makeDueAttempts } from '../../lib/webhooks/due-attempts';
import type { DeliveryDeps } from '../../lib/webhooks/dispatch';
import type { SQSEvent } from 'aws-lambda';
import { NO_CHAOS, type Chaos } from '../../lib/objects/webhook-endpoint';

/** The delivery plan (lib/webhooks/delivery-plan.ts, decision 0266) and the deployed timer's messages (decision 0267). */

const recorded = new Date('2026-11-26T10:00:00.000Z');
const event = { id: newId('event', recorded), type: 'payment.created' };

function endpoint(id: string, chaos: Partial<Chaos> = {}, extra: Partial<StoredWebhookEndpoint['endpoint']> = {}): StoredWebhookEndpoint {
  return {
    clientId: 'cli_1',
    secret: 'whsec_x',
    endpoint: {
      id,
      url: 'https://example.com/hooks',
      enabled_events: ['*'],
      description: null,
      status: 'enabled',
      chaos: { ...NO_CHAOS, ...chaos },
      created_at: recorded.toISOString(),
      ...extra,
    },
  };
}

describe('planDeliveries', () => {
  it('owes each subscribed endpoint one attempt due now when it has no chaos', () => {
    const now = new Date(recorded.getTime() + 50);
    expect(planDeliveries(event, [endpoint('whe_a'), endpoint('whe_b')], now)).toEqual([
      { endpointId: 'whe_a', duplicate: false, reorder: false, dueAt: now },
      { endpointId: 'whe_b', duplicate: false, reorder: false, dueAt: now },
    ]);
  });

  it('owes nothing to a disabled endpoint or one not subscribed to the type', () => {
    const now = new Date(recorded.getTime() + 50);
    expect(planDeliveries(event, [endpoint('whe_a', {}, { status: 'disabled' }), endpoint('whe_b', {}, { enabled_events: ['payment.settled'] })], now)).toEqual(
      [],
    );
  });

  it('plans the delivery then its copies with duplicates, all due together', () => {
    const now = new Date(recorded.getTime() + 50);
    const plan = planDeliveries(event, [endpoint('whe_a', { duplicates: 3 })], now);
    expect(plan.map((p) => p.duplicate)).toEqual([false, true, true, true]);
    expect(new Set(plan.map((p) => p.dueAt.getTime()))).toEqual(new Set([now.getTime()]));
  });

  it('holds the first attempt delay_seconds after the event was recorded, or due now when that is past', () => {
    expect(planDeliveries(event, [endpoint('whe_a', { delay_seconds: 3 })], new Date(recorded.getTime() + 50))[0]!.dueAt).toEqual(
      new Date(recorded.getTime() + 3_000),
    );
    const late = new Date(recorded.getTime() + 5_000);
    expect(planDeliveries(event, [endpoint('whe_a', { delay_seconds: 3 })], late)[0]!.dueAt).toEqual(late);
  });

  it('holds a reverse-order delivery 5 s after its event (plus any delay), and its copies as a fallback 30 s after it', () => {
    const plan = planDeliveries(event, [endpoint('whe_a', { reverse_order: true, duplicates: 1, delay_seconds: 1 })], new Date(recorded.getTime() + 50));
    expect(plan).toEqual([
      { endpointId: 'whe_a', duplicate: false, reorder: true, dueAt: new Date(recorded.getTime() + 6_000) },
      { endpointId: 'whe_a', duplicate: true, reorder: true, dueAt: new Date(recorded.getTime() + 6_000 + REORDER_COPY_FALLBACK_MS) },
    ]);
  });

  it('never lets the writer make a held attempt at once, even overdue: it is sent in a window', () => {
    const late = new Date(recorded.getTime() + 60_000);
    const [held] = planDeliveries(event, [endpoint('whe_a', { reverse_order: true })], late);
    expect(isDueNow(held!, late)).toBe(false);
    const [plain] = planDeliveries(event, [endpoint('whe_a')], late);
    expect(isDueNow(plain!, late)).toBe(true);
  });
});

describe('planDeliveries, when the stream runs behind', () => {
  it("holds a late event's reverse-order attempt the settle time from when it reaches delivery, so the window's later events can be written first", () => {
    // Reaching delivery 6 s after it was recorded, past its 5 s: due 3 s from then, not at once.
    const late = new Date(recorded.getTime() + 6_000);
    const [held] = planDeliveries(event, [endpoint('whe_a', { reverse_order: true })], late);
    expect(held!.dueAt).toEqual(new Date(late.getTime() + REORDER_SETTLE_MS));
    // On time, the settle time from now ends before the 5 s after the recording: that stays.
    const onTime = new Date(recorded.getTime() + 50);
    expect(planDeliveries(event, [endpoint('whe_a', { reverse_order: true })], onTime)[0]!.dueAt).toEqual(new Date(recorded.getTime() + 5_000));
  });
});

describe('windowOrder', () => {
  it('sends the newest event first, each delivery before its copies', () => {
    const older = newId('event', recorded);
    const newer = newId('event', new Date(recorded.getTime() + 1_500));
    const at = new Date(recorded.getTime() + 4_000);
    const attempts = [
      pendingAttempt(older, 'whe_a', 1, at, 'event', 0, { duplicate: true, reorder: true }),
      pendingAttempt(older, 'whe_a', 1, at, 'event', 0, { reorder: true }),
      pendingAttempt(newer, 'whe_a', 1, at, 'event', 0, { duplicate: true, reorder: true }),
      pendingAttempt(newer, 'whe_a', 1, at, 'event', 0, { reorder: true }),
    ];
    expect(windowOrder(attempts).map((a) => [a.event_id, a.duplicate])).toEqual([
      [newer, false],
      [newer, true],
      [older, false],
      [older, true],
    ]);
  });
});

describe('windowOpenerAmong', () => {
  it("cuts windows oldest first, 2 s each: events at 0, 1.5, 3 and 4 s make windows opened at 0 and 3 s, an event's copy in its delivery's", () => {
    const at = new Date(recorded.getTime() + 9_000);
    const [e0, e15, e3, e4] = [0, 1_500, 3_000, 4_000].map((ms) => newId('event', new Date(recorded.getTime() + ms)));
    const held = (event: string, duplicate = false) => pendingAttempt(event!, 'whe_a', 1, at, 'event', 0, { duplicate, reorder: true });
    const [a0, a15, a3, a3copy, a4] = [held(e0!), held(e15!), held(e3!), held(e3!, true), held(e4!)];
    const pending = [a4!, a3copy!, a15!, a0!, a3!];
    expect(windowOpenerAmong(pending, a15!)).toBe(a0);
    expect(windowOpenerAmong(pending, a3copy!)).toBe(a3);
    expect(windowOpenerAmong(pending, a4!)).toBe(a3);
    // Once the first window is sent, the rest is cut the same way.
    expect(windowOpenerAmong([a4!, a3!, a3copy!], a4!)).toBe(a3);
  });
});

describe('the deployed timer', () => {
  it('delays each message until its attempt is due, in whole seconds rounded up, never negative, at most 15 minutes', () => {
    const now = new Date('2026-11-26T10:00:00.000Z');
    expect(delaySecondsUntil('2026-11-26T10:00:03.001Z', now)).toBe(4);
    expect(delaySecondsUntil('2026-11-26T10:00:03.000Z', now)).toBe(3);
    expect(delaySecondsUntil('2026-11-26T09:59:00.000Z', now)).toBe(0);
    expect(delaySecondsUntil('2026-11-26T11:00:00.000Z', now)).toBe(900);
  });

  it('sends one message per attempt naming its table key, ten to a batch, and fails when SQS refuses one', async () => {
    const sqs = mockClient(SQSClient);
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
    const now = new Date('2026-11-26T10:00:00.000Z');
    const timer = queueTimer('https://sqs.example/queue', { now: () => now }, new SQSClient({ region: 'eu-west-1' }));
    const attempts = Array.from({ length: 12 }, (_, i) => ({ pk: 'C#cli_1', sk: `DLV#evt_1#dlv_${i}`, dueAt: '2026-11-26T10:00:05.000Z' }));
    await timer.wake(attempts);
    const calls = sqs.commandCalls(SendMessageBatchCommand);
    expect(calls.map((c) => c.args[0].input.Entries!.length)).toEqual([10, 2]);
    expect(calls[0]!.args[0].input).toMatchObject({ QueueUrl: 'https://sqs.example/queue' });
    expect(calls[0]!.args[0].input.Entries![0]).toEqual({ Id: '0', MessageBody: JSON.stringify({ pk: 'C#cli_1', sk: 'DLV#evt_1#dlv_0' }), DelaySeconds: 5 });

    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [{ Id: '0', Code: 'ThrottlingException', SenderFault: false }] });
    await expect(timer.wake(attempts.slice(0, 1))).rejects.toThrow(/ThrottlingException/);
    sqs.restore();
  });
});

describe("the timer's function", () => {
  it('drops a message that names no attempt of a client (another partition, another kind of item, not JSON) without touching the table', async () => {
    const untouchable = new Proxy(
      {},
      {
        get: () => {
          throw new Error('the table was touched');
        },
      },
    );
    const deps = {
      db: untouchable,
      clock: { now: () => new Date() },
      settings: { retryScheduleSeconds: [1], attemptTimeoutMs: 1000 },
      policy: 'local',
    } as unknown as DeliveryDeps;
    const bodies = [
      'not json',
      JSON.stringify({ pk: 'KEYHASH#abc', sk: 'DLV#evt_1#dlv_1' }),
      JSON.stringify({ pk: 'C#cli_1', sk: 'TXN#txn_1' }),
      JSON.stringify({ pk: 1, sk: 2 }),
    ];
    const event = { Records: bodies.map((body, i) => ({ messageId: `m${i}`, body })) } as SQSEvent;
    expect(await makeDueAttempts(deps, event)).toEqual({ batchItemFailures: [] });
  });
});
