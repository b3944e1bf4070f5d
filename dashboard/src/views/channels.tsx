import { ok } from '../api';
import { ErrorNote, Loading, money, Section, useLoad, useSession } from '../ui';

/** The payment catalog (docs/api.md §4). */
export function Channels() {
  const { api } = useSession();
  const methods = useLoad(async () => (await ok(api.GET('/payment/channels'))).data, []);
  return (
    <Section title="Payment channels">
      <Loading when={methods.loading} />
      <ErrorNote error={methods.error} />
      {methods.data && (
        <table class="list">
          <thead>
            <tr>
              <th>Method</th>
              <th>Channel</th>
              <th>Name</th>
              <th class="num">Min</th>
              <th class="num">Max</th>
              <th class="num">Fee</th>
              <th class="num">Expiry</th>
              <th>Enabled</th>
            </tr>
          </thead>
          <tbody>
            {methods.data.flatMap((m) =>
              m.channels.map((c) => (
                <tr key={c.payment_channel}>
                  <td>{m.name}</td>
                  <td class="mono">{c.payment_channel}</td>
                  <td>{c.name}</td>
                  <td class="num">{money(c.min_amount, c.currency)}</td>
                  <td class="num">{money(c.max_amount, c.currency)}</td>
                  <td class="num">
                    {c.fee.flat ? money(c.fee.flat, c.currency) : ''}
                    {c.fee.flat && c.fee.percent ? ' + ' : ''}
                    {c.fee.percent ? `${c.fee.percent}%` : ''}
                    {!c.fee.flat && !c.fee.percent ? 'none' : ''}
                  </td>
                  <td class="num">{c.expiry_minutes} min</td>
                  <td>{c.enabled ? 'yes' : 'no'}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      )}
    </Section>
  );
}
