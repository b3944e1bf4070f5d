import { ok, readAll, type SettlementEntry } from '../api';
import { ErrorNote, Loading, money, Section, Time, useLoad, useSession } from '../ui';

/** The settlement ledger, newest first, each entry with the balance right after it (docs/api.md §7). */
export function Settlements() {
  const { api } = useSession();
  const ledger = useLoad(async () => {
    const { items, complete } = await readAll((cursor) => ok(api.GET('/settlements', { params: { query: { limit: 100, cursor } } })));
    // Running balance from the oldest entry read to the newest, shown newest first.
    let balance = 0;
    // biome-ignore lint/suspicious/noAssignInExpressions: the running balance after each entry, oldest first
    const rows = [...items].reverse().map((entry) => ({ entry, balance: (balance += entry.net_amount) }));
    return { rows: rows.reverse(), complete };
  }, []);
  return (
    <Section title="Settlements">
      <Loading when={ledger.loading} />
      <ErrorNote error={ledger.error} />
      {ledger.data && !ledger.data.complete && <p class="muted">The newest entries only: the running balance counts from the oldest entry shown.</p>}
      {ledger.data && <LedgerTable rows={ledger.data.rows} ledger testid="settlements" />}
      {ledger.data && ledger.data.rows.length === 0 && <p class="muted">The ledger is empty.</p>}
    </Section>
  );
}

/**
 * Ledger entries (docs/api.md §7), as the API lists them. The whole `ledger` adds each entry's
 * transaction and order and the balance right after it; one transaction's entries need neither.
 */
export function LedgerTable(props: { rows: readonly { entry: SettlementEntry; balance?: number }[]; ledger?: boolean; testid: string }) {
  return (
    <table class="list" data-testid={props.testid}>
      <thead>
        <tr>
          <th>Entry</th>
          <th>Type</th>
          {props.ledger && <th>Transaction</th>}
          {props.ledger && <th>Order</th>}
          <th class="num">Gross</th>
          <th class="num">Fee</th>
          <th class="num">Net</th>
          {props.ledger && <th class="num">Balance</th>}
          <th>Settled</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map(({ entry: e, balance }) => (
          <tr key={e.id}>
            <td class="mono">{e.id}</td>
            <td>{e.type}</td>
            {props.ledger && (
              <td>
                <a class="mono" href={`#/transaction/${e.transaction_id}`}>
                  {e.transaction_id}
                </a>
              </td>
            )}
            {props.ledger && <td class="mono">{e.order_id}</td>}
            <td class="num">{money(e.gross_amount, e.currency)}</td>
            <td class="num">{money(e.fee, e.currency)}</td>
            <td class="num">{money(e.net_amount, e.currency)}</td>
            {props.ledger && <td class="num">{money(balance ?? 0, e.currency)}</td>}
            <td>
              <Time at={e.settled_at} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
