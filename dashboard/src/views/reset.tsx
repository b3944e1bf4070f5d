import { useState } from 'preact/hooks';
import { ok } from '../api';
import { ErrorNote, Section, useSession } from '../ui';

/** The word to type before a reset: a reset cannot be undone. */
const RESET_WORD = 'reset';

/** POST /sandbox/reset (docs/api.md §12), after a typed confirmation. */
export function Reset() {
  const { api } = useSession();
  const [typed, setTyped] = useState('');
  const [endpointsToo, setEndpointsToo] = useState(false);
  const [busy, setBusy] = useState(false);
  const [deleted, setDeleted] = useState<number>();
  const [error, setError] = useState<unknown>();
  const reset = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    setDeleted(undefined);
    try {
      const { data } = await ok(api.POST('/sandbox/reset', { body: { webhook_endpoints: endpointsToo } }));
      setDeleted(data.deleted);
      setTyped('');
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title="Reset the sandbox">
      <p>
        Deletes every transaction, refund, ledger entry, event, delivery and idempotency record of your client, and sets its <a href="#/clock">sandbox clock</a>{' '}
        back to real time (offset 0). Keys stay; other clients are untouched. This cannot be undone.
      </p>
      <form class="stack" onSubmit={reset}>
        <label class="inline">
          <input type="checkbox" name="webhook_endpoints" checked={endpointsToo} onChange={(e) => setEndpointsToo(e.currentTarget.checked)} />
          Delete the webhook endpoints too
        </label>
        <label>
          Type “{RESET_WORD}” to confirm
          <input name="confirmation" value={typed} autocomplete="off" onInput={(e) => setTyped(e.currentTarget.value)} />
        </label>
        <button type="submit" class="danger" disabled={busy || typed !== RESET_WORD}>
          Reset
        </button>
      </form>
      <ErrorNote error={error} />
      {deleted !== undefined && (
        <p class="done" role="status">
          Reset: {deleted} items deleted.
        </p>
      )}
    </Section>
  );
}
