import { statuses } from '../../../lib/objects/statuses';
import { ok, readAll } from '../api';
import { ErrorNote, Loading, money, Section, Status, useLoad, useSession } from '../ui';

/** The balance (the sum of the ledger's net amounts, docs/api.md §7) and the transactions by status. */
export function Overview() {
  const { api } = useSession();
  const balance = useLoad(async () => {
    const { items, complete } = await readAll((cursor) => ok(api.GET('/settlements', { params: { query: { limit: 100, cursor } } })));
    return { net: items.reduce((sum, e) => sum + e.net_amount, 0), entries: items.length, complete };
  }, []);
  const counts = useLoad(async () => {
    const { items, complete } = await readAll((cursor) => ok(api.GET('/transactions', { params: { query: { limit: 100, cursor } } })));
    const byStatus = new Map<string, number>(statuses.map((s) => [s, 0]));
    for (const t of items) byStatus.set(t.status, (byStatus.get(t.status) ?? 0) + 1);
    return { byStatus, total: items.length, complete };
  }, []);
  return (
    <>
      <Section title="Balance">
        <Loading when={balance.loading} />
        <ErrorNote error={balance.error} />
        {balance.data && (
          <p class="big" data-testid="balance">
            {money(balance.data.net)}
            <span class="muted small">
              {' '}
              from {balance.data.entries} ledger entries{balance.data.complete ? '' : ' (the newest only: the list is longer)'}
            </span>
          </p>
        )}
      </Section>
      <Section title="Transactions by status">
        <Loading when={counts.loading} />
        <ErrorNote error={counts.error} />
        {counts.data && (
          <table class="counts">
            <tbody>
              {[...counts.data.byStatus].map(([status, n]) => (
                <tr key={status}>
                  <th scope="row">
                    <a href={`#/transactions?status=${status}`}>
                      <Status status={status} />
                    </a>
                  </th>
                  <td class="num">{n}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">all</th>
                <td class="num">
                  {counts.data.total}
                  {counts.data.complete ? '' : '+'}
                </td>
              </tr>
            </tbody>
          </table>
        )}
      </Section>
    </>
  );
}
