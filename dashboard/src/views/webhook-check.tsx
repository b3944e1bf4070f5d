import { type Api, ok } from '../api';
import type { paths } from '../api-types';
import { ErrorNote, Time, useAction } from '../ui';

/** The receiver check of an endpoint (docs/api.md §17): a button that runs it, and its results. */

export type WebhookCheck = paths['/webhook/endpoints/{id}/check']['post']['responses'][200]['content']['application/json']['data'];

/** Runs a check of one endpoint's receiver (up to 15 s) and hands its answer on. */
export function RunCheckButton({ api, endpointId, onChecked }: { api: Api; endpointId: string; onChecked: (check: WebhookCheck) => void }) {
  const { busy, error, run } = useAction();
  return (
    <span class="confirm">
      <button
        type="button"
        disabled={busy}
        onClick={() =>
          run(async () => {
            const { data } = await ok(api.POST('/webhook/endpoints/{id}/check', { params: { path: { id: endpointId } } }));
            onChecked(data);
          })
        }
      >
        {busy ? 'Checking…' : 'Run check'}
      </button>
      <ErrorNote error={error} />
    </span>
  );
}

/** A check's results: one row per probe, what passes it, what the receiver answered, and whether it passed. */
export function CheckResults({ check }: { check: WebhookCheck }) {
  return (
    <div class="stack" role="status" aria-label="Receiver check">
      <p>
        Check <span class="mono">{check.id}</span> of <span class="mono">{check.url}</span>, <Time at={check.created_at} />:{' '}
        <strong data-testid="check-verdict">{check.passed ? 'passed' : 'failed'}</strong>
      </p>
      <table class="list" data-testid="check-results">
        <thead>
          <tr>
            <th>Probe</th>
            <th>Expected</th>
            <th>Got</th>
            <th>Passed</th>
          </tr>
        </thead>
        <tbody>
          {check.results.map((r) => (
            <tr key={r.probe} data-probe={r.probe}>
              <td class="mono">{r.probe}</td>
              <td>{r.expected}</td>
              <td>{r.response_status === null ? r.error : `${r.response_status} (${r.response_time_ms} ms)`}</td>
              <td>{r.passed ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
