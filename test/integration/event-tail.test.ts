import { describe, expect, it } from 'vitest';
import { transactWrite } from '../../lib/db/transact';
import { NO_CAUSE, paymentChanged, type Change, type Event } from '../../lib/events/event';
import { ListEventsQuery } from '../../lib/events/event-queries';
import { EVENT_TTL_SECONDS, recordEvents, TAIL_SETTLE_MS } from '../../lib/events/event-recorder';
import { getEvent, listEvents } from '../../lib/events/events';
import { apiErrorOf } from '../../lib/http/errors';
import { idTime } from '../../lib/ids';
import { DEFAULT_LIMITS } from '../../lib/limits';
import { CreatePaymentBody } from '../../lib/payments/create-payment-body';
import { createPayment, simulateOutcome } from '../../lib/payments/payments';
import type { Transaction } from '../../lib/objects/transaction';
import { FakeClock } from '../support/clock';
import { newClient, testDb } from '../support/fixtures';
import { paymentBody } from '../support/payments';

// GET /events with order=asc, as a poller uses it: the clock is the injected one, moved by hand.
// Its fixed dates lie ahead of the real clock: the suite's local server sweeps due payments with
// the real clock, as `npm start` does, and would store the expiry (and record payment.expired) of
// a payment created at a past date while a test reads its events.

const READ_UNITS = DEFAULT_LIMITS.readUnitsPerRequest;

async function create(clientId: string, clock: FakeClock): Promise<Transaction> {
  const txn = await createPayment({ db: testDb(), clientId, clock, cause: NO_CAUSE }, CreatePaymentBody.parse(paymentBody()));
  clock.advanceMs(1);
  return txn;
}

/** One poll: a page of `GET /events?order=asc` (with `query`) at the clock's now. */
function poll(clientId: string, clock: FakeClock, query: Record<string, string> = {}) {
  return listEvents({ db: testDb(), clientId, clock }, ListEventsQuery.parse({ order: 'asc', ...query }), READ_UNITS);
}

/** Writes the events of `changes` as a writer whose clock reads `clock` would: through the repository, in one write. */
async function recordAs(clientId: string, clock: FakeClock, changes: readonly Change[]): Promise<readonly Event[]> {
  const recorded = recordEvents(clientId, changes, { cause: NO_CAUSE, clock });
  await transactWrite(testDb(), recorded.puts, undefined, recorded.window);
  return recorded.events;
}

const ids = (events: readonly { id: string }[]) => events.map((e) => e.id);

describe('polling GET /events?order=asc', () => {
  it('lists only events recorded more than TAIL_SETTLE_MS ago, oldest first', async () => {
    const clock = new FakeClock(new Date('2126-11-22T01:00:00.000Z'));
    const { clientId } = await newClient();
    const first = await create(clientId, clock);
    const second = await create(clientId, clock);

    clock.advanceMs(TAIL_SETTLE_MS - 10);
    const early = await poll(clientId, clock);
    clock.advanceMs(20);
    const settled = await poll(clientId, clock);

    expect(early.data).toEqual([]);
    expect(early.pagination).toMatchObject({ has_more: false, next_cursor: expect.any(String) });
    expect(settled.data.map((e) => e.data.object.id)).toEqual([first.id, second.id]);
  });

  it('hands back only the new events, each exactly once, when asked again with the same cursor', async () => {
    const clock = new FakeClock(new Date('2126-11-22T02:00:00.000Z'));
    const { clientId } = await newClient();
    const before = [await create(clientId, clock), await create(clientId, clock)];
    clock.advanceMs(TAIL_SETTLE_MS + 1);

    const firstPoll = await poll(clientId, clock);
    const after = [await create(clientId, clock), await create(clientId, clock), await create(clientId, clock)];
    clock.advanceMs(TAIL_SETTLE_MS + 1);
    const secondPoll = await poll(clientId, clock, { cursor: firstPoll.pagination.next_cursor! });
    const thirdPoll = await poll(clientId, clock, { cursor: secondPoll.pagination.next_cursor! });

    expect(firstPoll.data.map((e) => e.data.object.id)).toEqual(before.map((t) => t.id));
    expect(secondPoll.data.map((e) => e.data.object.id)).toEqual(after.map((t) => t.id));
    expect(thirdPoll.data).toEqual([]);
    expect(thirdPoll.pagination).toEqual({ limit: 20, has_more: false, next_cursor: expect.any(String) });
  });

  it('answers an empty poll with has_more false and a cursor that resumes at the same place', async () => {
    const clock = new FakeClock(new Date('2126-11-22T03:00:00.000Z'));
    const { clientId } = await newClient();

    const empty = await poll(clientId, clock);
    clock.advanceMinutes(1);
    const stillEmpty = await poll(clientId, clock, { cursor: empty.pagination.next_cursor! });
    const txn = await create(clientId, clock);
    clock.advanceMs(TAIL_SETTLE_MS + 1);
    const found = await poll(clientId, clock, { cursor: stillEmpty.pagination.next_cursor! });

    expect(empty).toEqual({ data: [], pagination: { limit: 20, has_more: false, next_cursor: expect.any(String) } });
    expect(stillEmpty).toEqual({ data: [], pagination: { limit: 20, has_more: false, next_cursor: expect.any(String) } });
    expect(found.data.map((e) => e.data.object.id)).toEqual([txn.id]);
  });

  it('still delivers an event that commits after the poll with an earlier id, recorded inside the settle window', async () => {
    const clock = new FakeClock(new Date('2126-11-22T04:00:00.000Z'));
    const { clientId } = await newClient();
    const txn = await create(clientId, clock);
    clock.advanceMs(10_000);
    const pollTime = clock.now().getTime();
    const firstPoll = await poll(clientId, clock);

    // A slow writer dated its event 1.5 s before the poll, but its write commits only now.
    const slowWriter = new FakeClock(new Date(pollTime - 1_500));
    const [late] = await recordAs(clientId, slowWriter, [
      paymentChanged(txn, {
        ...txn,
        status: 'failed',
        failed_at: new Date(pollTime - 1_500).toISOString(),
        updated_at: new Date(pollTime - 1_500).toISOString(),
        failure_reason: 'late',
      }),
    ]);
    const rightAway = await poll(clientId, clock, { cursor: firstPoll.pagination.next_cursor! });
    clock.advanceMs(1_000);
    const secondPoll = await poll(clientId, clock, { cursor: firstPoll.pagination.next_cursor! });
    const thirdPoll = await poll(clientId, clock, { cursor: secondPoll.pagination.next_cursor! });

    expect(firstPoll.data.map((e) => e.type)).toEqual(['payment.created']);
    expect(idTime(late!.id).getTime()).toBe(pollTime - 1_500);
    expect(rightAway.data).toEqual([]);
    expect(ids(secondPoll.data)).toEqual([late!.id]);
    expect(thirdPoll.data).toEqual([]);
  });

  it('follows next_cursor over full pages, visiting every event exactly once', async () => {
    const clock = new FakeClock(new Date('2126-11-22T05:00:00.000Z'));
    const { clientId } = await newClient();
    const created: Transaction[] = [];
    for (let i = 0; i < 7; i++) created.push(await create(clientId, clock));
    clock.advanceMs(TAIL_SETTLE_MS + 1);

    const seen: string[] = [];
    let cursor: string | undefined;
    const pages = [];
    do {
      const page = await poll(clientId, clock, { limit: '3', ...(cursor ? { cursor } : {}) });
      pages.push(page);
      seen.push(...page.data.map((e) => e.data.object.id));
      cursor = page.pagination.next_cursor!;
      if (!page.pagination.has_more) break;
    } while (pages.length < 10);

    expect(seen).toEqual(created.map((t) => t.id));
    expect(pages.map((p) => p.data.length)).toEqual([3, 3, 1]);
    expect(pages.at(-1)!.pagination.next_cursor).toEqual(expect.any(String));
  });
});

describe('GET /events filters on the time of the change, not of the recording', () => {
  it('lists a backdated event (an expiry dated expires_at, recorded later) by its created_at', async () => {
    const clock = new FakeClock(new Date('2126-11-22T06:00:00.000Z'));
    const { clientId } = await newClient();
    const txn = await create(clientId, clock);
    clock.advanceMinutes(30);
    // What a sweep will record: the expiry happened at expires_at (15 min ago), recorded now.
    const expiredAt = new Date(Date.parse(txn.created_at) + 15 * 60_000).toISOString();
    const [expired] = await recordAs(clientId, clock, [paymentChanged(txn, { ...txn, status: 'expired', expired_at: expiredAt, updated_at: expiredAt })]);
    const list = (query: Record<string, string>) =>
      listEvents({ db: testDb(), clientId, clock }, ListEventsQuery.parse(query), READ_UNITS).then((p) => p.data.map((e) => e.type));
    const at = (minutes: number) => new Date(Date.parse(txn.created_at) + minutes * 60_000).toISOString();

    expect(expired!.created_at).toBe(expiredAt);
    expect(await list({ created_to: at(20) })).toEqual(['payment.expired', 'payment.created']);
    expect(await list({ created_from: at(10), created_to: at(20) })).toEqual(['payment.expired']);
    expect(await list({ created_from: at(20) })).toEqual([]);
    expect(await list({ created_from: at(1) })).toEqual(['payment.expired']);
    expect(await list({ created_to: at(10) })).toEqual(['payment.created']);
  });
});

describe('events are kept 30 days', () => {
  it('stops listing and finding an event 30 days after it was recorded', async () => {
    const clock = new FakeClock(new Date('2126-11-22T07:00:00.000Z'));
    const { clientId } = await newClient();
    const txn = await create(clientId, clock);
    const [event] = (await listEvents({ db: testDb(), clientId, clock }, ListEventsQuery.parse({}), READ_UNITS)).data;

    clock.advanceMs(EVENT_TTL_SECONDS * 1000 - 2);
    const lastDay = await listEvents({ db: testDb(), clientId, clock }, ListEventsQuery.parse({}), READ_UNITS);
    const lastFind = await getEvent({ db: testDb(), clientId, clock }, event!.id);
    clock.advanceMs(2);
    const gone = await listEvents({ db: testDb(), clientId, clock }, ListEventsQuery.parse({}), READ_UNITS);

    expect(lastDay.data.map((e) => e.data.object.id)).toEqual([txn.id]);
    expect(lastFind).toEqual(event);
    expect(gone.data).toEqual([]);
    await expect(getEvent({ db: testDb(), clientId, clock }, event!.id).catch(apiErrorOf)).resolves.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('GET /events within the read budget', () => {
  it('follows next_cursor under a type filter with a budget of one read unit, finding every match once, newest first', async () => {
    const clock = new FakeClock(new Date('2126-11-22T08:00:00.000Z'));
    const { clientId } = await newClient();
    const settled: string[] = [];
    for (let i = 0; i < 12; i++) {
      const txn = await create(clientId, clock);
      if (i % 4 === 0) {
        await simulateOutcome({ db: testDb(), clientId, clock, cause: NO_CAUSE }, txn.id, 'settle');
        clock.advanceMs(1);
        settled.push(txn.id);
      }
    }

    const seen: string[] = [];
    let cursor: string | undefined;
    let requests = 0;
    for (; requests < 50; requests++) {
      // One read unit: each request gets its first query and no more.
      const page = await listEvents(
        { db: testDb(), clientId, clock },
        ListEventsQuery.parse({ type: 'payment.settled', limit: '2', ...(cursor ? { cursor } : {}) }),
        1,
      );
      seen.push(...page.data.map((e) => e.data.object.id));
      if (!page.pagination.has_more) break;
      cursor = page.pagination.next_cursor!;
    }

    expect(seen).toEqual([...settled].reverse());
  });
});
