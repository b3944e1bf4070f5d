import { useState } from 'preact/hooks';
import { eventTypes, type EventType } from '../../../lib/objects/event-types';
import { ok, type ApiEvent } from '../api';
import { ConfirmButton, ErrorNote, Loading, Pager, Section, useLoad, usePager, useSession } from '../ui';
import { Attempts, EventTitle } from './transaction';

/** The transaction an event is about: its object is the transaction, or a refund naming it. */
function transactionOf(event: ApiEvent): string | undefined {
  const object = event.data.object as { id?: string; transaction_id?: string };
  return object.transaction_id ?? (object.id?.startsWith('txn_') ? object.id : undefined);
}

/** Events, newest first, with their webhook attempts and a resend. */
export function Events() {
  const { api } = useSession();
  const [type, setType] = useState('');
  const pager = usePager([type]);
  const page = useLoad(
    () => ok(api.GET('/events', { params: { query: { limit: 20, cursor: pager.cursor, type: type ? [type as EventType] : undefined } } })),
    [type, pager.cursor],
  );
  return (
    <Section title="Events">
      <form class="filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          Type
          <select name="type" value={type} onChange={(e) => setType(e.currentTarget.value)}>
            <option value="">any</option>
            {eventTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
      </form>
      <Loading when={page.loading} />
      <ErrorNote error={page.error} />
      {page.data && (
        <>
          <ul class="events">
            {page.data.data.map((event) => (
              <li key={event.id}>
                <EventRow event={event} />
              </li>
            ))}
          </ul>
          {page.data.data.length === 0 && <p class="muted">No events.</p>}
          <Pager pager={pager} pagination={page.data.pagination} />
        </>
      )}
    </Section>
  );
}

function EventRow({ event }: { event: ApiEvent }) {
  const { api } = useSession();
  const [open, setOpen] = useState(false);
  const [resent, setResent] = useState(false);
  const attempts = useLoad(
    async () => (open ? (await ok(api.GET('/event/{id}/deliveries', { params: { path: { id: event.id }, query: { limit: 100 } } }))).data : undefined),
    [open, resent],
  );
  const txn = transactionOf(event);
  return (
    <div class="event">
      <div class="row">
        <EventTitle event={event} />
        {txn && (
          <a class="mono" href={`#/transaction/${txn}`}>
            {txn}
          </a>
        )}
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide deliveries' : 'Deliveries'}
        </button>
        <ConfirmButton
          label="Resend"
          question="Send this event again to every endpoint enabled for its type?"
          run={async () => {
            await ok(api.POST('/event/{id}/resend', { params: { path: { id: event.id } }, body: {} }));
            setResent(!resent);
            setOpen(true);
          }}
        />
      </div>
      {open && (
        <>
          <ErrorNote error={attempts.error} />
          {attempts.data && <Attempts attempts={attempts.data} />}
        </>
      )}
    </div>
  );
}
