import { useState } from 'preact/hooks';
import { paymentMethodNames } from '../../../lib/catalog';
import { statuses, type Status as TxnStatus } from '../../../lib/objects/statuses';
import { ok, type Api } from '../api';
import type { paths } from '../api-types';
import { ErrorNote, instant, Loading, money, Pager, Section, Status, Time, usePager, useLoad, useSession } from '../ui';

type Query = NonNullable<paths['/transactions']['get']['parameters']['query']>;
type Filters = { status: string; payment_method: string; order_id: string; created_from: string; created_to: string };

const EMPTY: Filters = { status: '', payment_method: '', order_id: '', created_from: '', created_to: '' };

function query(filters: Filters, cursor: string | undefined): Query {
  return {
    limit: 20,
    cursor,
    status: filters.status ? [filters.status as TxnStatus] : undefined,
    payment_method: (filters.payment_method || undefined) as Query['payment_method'],
    order_id: filters.order_id || undefined,
    created_from: filters.created_from ? instant(filters.created_from) : undefined,
    created_to: filters.created_to ? instant(filters.created_to) : undefined,
  };
}

const list = (api: Api, filters: Filters, cursor: string | undefined) => ok(api.GET('/transactions', { params: { query: query(filters, cursor) } }));

/** Transactions, newest first, with the API's filters and cursor paging. */
export function Transactions({ params }: { params: URLSearchParams }) {
  const { api } = useSession();
  const [draft, setDraft] = useState<Filters>({ ...EMPTY, status: params.get('status') ?? '' });
  const [filters, setFilters] = useState<Filters>(draft);
  const pager = usePager([filters]);
  const page = useLoad(() => list(api, filters, pager.cursor), [filters, pager.cursor]);
  const field = (name: keyof Filters) => ({
    name,
    value: draft[name],
    onInput: (e: Event) => setDraft({ ...draft, [name]: (e.currentTarget as HTMLInputElement).value }),
  });
  return (
    <Section title="Transactions">
      <form
        class="filters"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters(draft);
        }}
      >
        <label>
          Status
          <select {...field('status')}>
            <option value="">any</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Method
          <select {...field('payment_method')}>
            <option value="">any</option>
            {paymentMethodNames.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <label>
          Order id
          <input {...field('order_id')} placeholder="ORDER-1001" />
        </label>
        <label>
          Created from
          <input type="datetime-local" {...field('created_from')} />
        </label>
        <label>
          Created before
          <input type="datetime-local" {...field('created_to')} />
        </label>
        <button type="submit">Apply</button>
      </form>
      <Loading when={page.loading} />
      <ErrorNote error={page.error} />
      {page.data && (
        <>
          <table class="list">
            <thead>
              <tr>
                <th>Transaction</th>
                <th>Order</th>
                <th>Status</th>
                <th class="num">Amount</th>
                <th>Channel</th>
                <th>Created</th>
              </tr>
            </thead>
            <tbody>
              {page.data.data.map((t) => (
                <tr key={t.id}>
                  <td>
                    <a href={`#/transaction/${t.id}`} class="mono">
                      {t.id}
                    </a>
                  </td>
                  <td class="mono">{t.order_id}</td>
                  <td>
                    <Status status={t.status} />
                  </td>
                  <td class="num">{money(t.amount, t.currency)}</td>
                  <td>{t.payment_channel}</td>
                  <td>
                    <Time at={t.created_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {page.data.data.length === 0 && <p class="muted">No transactions match.</p>}
          <Pager pager={pager} pagination={page.data.pagination} />
        </>
      )}
    </Section>
  );
}
