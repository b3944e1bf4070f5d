import { useState } from 'preact/hooks';
import { allows, simulateOutcomes } from '../../../lib/payments/states';
import { ok, type ApiEvent, type DeliveryAttempt, type Transaction as Txn } from '../api';
import { ConfirmButton, ErrorNote, Loading, money, Section, Status, Time, useLoad, useSession } from '../ui';
import { LedgerTable } from './settlements';

/** One transaction: its fields, what can be done to it, its ledger entries and its events with their webhook attempts. */
export function Transaction({ id }: { id: string }) {
  const { api } = useSession();
  const [done, setDone] = useState<string>();
  const txn = useLoad(() => ok(api.GET('/transaction/{id}', { params: { path: { id } } })).then((r) => r.data), [id]);
  const ledger = useLoad(async () => (await ok(api.GET('/settlements', { params: { query: { transaction_id: id, limit: 100 } } }))).data, [id]);
  const timeline = useLoad(async () => {
    const events = (await ok(api.GET('/events', { params: { query: { transaction_id: id, limit: 100 } } }))).data;
    const withAttempts = await Promise.all(
      events.map(async (event) => ({
        event,
        attempts: (await ok(api.GET('/event/{id}/deliveries', { params: { path: { id: event.id }, query: { limit: 100 } } }))).data,
      })),
    );
    return withAttempts.reverse(); // oldest first: a timeline
  }, [id]);
  const refresh = () => {
    txn.reload();
    ledger.reload();
    timeline.reload();
  };
  const act = (what: string, run: () => Promise<unknown>) => async () => {
    setDone(undefined);
    await run();
    setDone(what);
    refresh();
  };
  const t = txn.data;
  return (
    <>
      <p>
        <a href="#/transactions">← Transactions</a>
      </p>
      <Section
        title={`Transaction ${id}`}
        actions={
          <button type="button" onClick={refresh}>
            Refresh
          </button>
        }
      >
        <Loading when={txn.loading && !t} />
        <ErrorNote error={txn.error} />
        {t && <Fields t={t} />}
      </Section>
      {t && (
        <Section title="Actions">
          <div class="actions">
            {simulateOutcomes.map((outcome) => (
              <ConfirmButton
                key={outcome}
                label={outcome[0]!.toUpperCase() + outcome.slice(1)}
                question={`Simulate “${outcome}” for ${t.order_id}?`}
                disabled={!allows(outcome, t.status)}
                run={act(`Simulated ${outcome}.`, () => ok(api.POST('/transaction/{id}/simulate', { params: { path: { id } }, body: { outcome } })))}
              />
            ))}
            <ConfirmButton
              label="Cancel"
              question={`Cancel ${t.order_id}?`}
              danger
              disabled={!allows('cancel', t.status)}
              run={act('Cancelled.', () => ok(api.POST('/transaction/{id}/cancel', { params: { path: { id } } })))}
            />
          </div>
          <Refund t={t} onRefunded={act('Refunded.', async () => undefined)} />
          {done && (
            <p class="done" role="status">
              {done}
            </p>
          )}
        </Section>
      )}
      <Section title="Ledger entries">
        <ErrorNote error={ledger.error} />
        {ledger.data && ledger.data.length === 0 && <p class="muted">None yet: a payment enters the ledger when it settles.</p>}
        {ledger.data && ledger.data.length > 0 && <LedgerTable rows={ledger.data.map((entry) => ({ entry }))} testid="ledger" />}
      </Section>
      <Section title="Timeline">
        <ErrorNote error={timeline.error} />
        {timeline.data && (
          <ol class="timeline" data-testid="timeline">
            {timeline.data.map(({ event, attempts }) => (
              <li key={event.id}>
                <TimelineEvent event={event} attempts={attempts} />
              </li>
            ))}
          </ol>
        )}
      </Section>
    </>
  );
}

function Fields({ t }: { t: Txn }) {
  const rows: [string, preact.ComponentChildren][] = [
    ['Status', <Status status={t.status} />],
    ['Order id', <span class="mono">{t.order_id}</span>],
    ['Amount', money(t.amount, t.currency)],
    ['Fee', money(t.fee, t.currency)],
    ['Net amount', money(t.net_amount, t.currency)],
    ['Refunded', money(t.refunded_amount, t.currency)],
    ['Method / channel', `${t.payment_method} / ${t.payment_channel}`],
    ['Customer', `${t.customer.name} <${t.customer.email}>${t.customer.phone ? ` ${t.customer.phone}` : ''}`],
    ['Description', t.description ?? '—'],
    ['Payment details', <code>{JSON.stringify(t.payment_details)}</code>],
    // The customer's page: its token is its only credential, so it opens in a tab of its own and sends no referrer.
    [
      'Payment page',
      t.payment_url ? (
        <a href={t.payment_url} target="_blank" rel="noopener noreferrer">
          Open the payment page
        </a>
      ) : (
        '— (made before the payment page existed)'
      ),
    ],
    ['Return URL', t.return_url ? <span class="mono">{t.return_url}</span> : '—'],
    ['Metadata', <code>{JSON.stringify(t.metadata)}</code>],
    ['Created', <Time at={t.created_at} />],
    ['Updated', <Time at={t.updated_at} />],
    ['Expires', <Time at={t.expires_at} />],
    ['Settled', <Time at={t.settled_at} />],
    ['Cancelled', <Time at={t.cancelled_at} />],
    ['Expired', <Time at={t.expired_at} />],
    ['Failed', <Time at={t.failed_at} />],
  ];
  if (t.cancellation_reason) rows.push(['Cancellation reason', t.cancellation_reason]);
  if (t.failure_code) rows.push(['Failure code', <span class="mono">{t.failure_code}</span>]);
  if (t.failure_reason) rows.push(['Failure reason', t.failure_reason]);
  return (
    <dl class="fields" data-testid="fields">
      {rows.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd data-field={name}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Refund({ t, onRefunded }: { t: Txn; onRefunded: () => Promise<void> }) {
  const { api } = useSession();
  const [amount, setAmount] = useState('');
  const left = t.amount - t.refunded_amount;
  return (
    <div class="refund">
      <label>
        Refund amount
        <input
          type="number"
          min={1}
          step={1}
          name="refund-amount"
          placeholder={`all that is left (${left})`}
          value={amount}
          onInput={(e) => setAmount(e.currentTarget.value)}
        />
      </label>
      <ConfirmButton
        label="Refund"
        question={`Refund ${amount ? money(Number(amount), t.currency) : `everything left (${money(left, t.currency)})`} of ${t.order_id}?`}
        danger
        disabled={!allows('refund', t.status)}
        run={async () => {
          await ok(api.POST('/refund', { body: { transaction_id: t.id, ...(amount && { amount: Number(amount) }) } }));
          setAmount('');
          await onRefunded();
        }}
      />
    </div>
  );
}

function TimelineEvent({ event, attempts }: { event: ApiEvent; attempts: readonly DeliveryAttempt[] }) {
  return (
    <div class="event" data-event-type={event.type}>
      <div>
        <EventTitle event={event} />
      </div>
      <Attempts attempts={attempts} />
    </div>
  );
}

/** An event's type, time and id: the first line of an event wherever it is shown. */
export function EventTitle({ event }: { event: ApiEvent }) {
  return (
    <>
      <strong>{event.type}</strong> <Time at={event.created_at} /> <span class="mono muted">{event.id}</span>
    </>
  );
}

/** Webhook delivery attempts (docs/api.md §11), newest first as the API lists them, or a note that there are none. */
export function Attempts({ attempts }: { attempts: readonly DeliveryAttempt[] }) {
  if (attempts.length === 0) return <p class="muted small">No webhook attempts.</p>;
  return (
    <table class="list attempts" data-testid="attempts">
      <thead>
        <tr>
          <th>Attempt</th>
          <th>Endpoint</th>
          <th>Status</th>
          <th class="num">HTTP</th>
          <th class="num">ms</th>
          <th>At</th>
          <th>Next</th>
          <th>Error</th>
        </tr>
      </thead>
      <tbody>
        {attempts.map((a) => (
          <tr key={a.id} class="attempt">
            <td class="num">#{a.attempt}</td>
            <td class="mono">{a.endpoint_id}</td>
            <td>
              <Status status={a.status} />
            </td>
            <td class="num">{a.response_status ?? '—'}</td>
            <td class="num">{a.response_time_ms ?? '—'}</td>
            <td>
              <Time at={a.attempted_at} />
            </td>
            <td>
              <Time at={a.next_attempt_at} />
            </td>
            <td>{a.error ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
