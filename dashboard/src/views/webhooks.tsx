import { useState } from 'preact/hooks';
import { ALL_EVENTS } from '../../../lib/objects/event-types';
import { ok, readAll } from '../api';
import { ConfirmButton, ErrorNote, Loading, Section, Time, useLoad, useSession } from '../ui';
import { CheckResults, RunCheckButton, type WebhookCheck } from './webhook-check';

/** How long a rolled secret keeps signing beside the new one: the choices the page offers (docs/api.md §15). */
const GRACES = [
  { label: 'a day', seconds: 86_400 },
  { label: 'an hour', seconds: 3_600 },
  { label: 'a week', seconds: 604_800 },
  { label: 'none (at once)', seconds: 0 },
] as const;

/** Webhook endpoints: the list, a form to register one (its secret is shown once), disable or enable, roll a secret, check the receiver, delete, and edit delivery chaos. */
export function Webhooks() {
  const { api } = useSession();
  const endpoints = useLoad(
    async () => (await readAll((cursor) => ok(api.GET('/webhook/endpoints', { params: { query: { limit: 100, cursor } } })))).items,
    [],
  );
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string>(ALL_EVENTS);
  const [description, setDescription] = useState('');
  const [created, setCreated] = useState<{ id: string; secret: string; rolled?: true }>();
  const [grace, setGrace] = useState<number>(GRACES[0].seconds);
  const [error, setError] = useState<unknown>();
  const [check, setCheck] = useState<WebhookCheck>();
  const create = async (e: Event) => {
    e.preventDefault();
    setError(undefined);
    try {
      const enabled = events
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const { data } = await ok(
        api.POST('/webhook/endpoints', {
          body: { url, enabled_events: enabled as never, ...(description && { description }) },
        }),
      );
      setCreated({ id: data.id, secret: data.secret });
      setUrl('');
      setDescription('');
      endpoints.reload();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <>
      <Section title="Webhook endpoints">
        <Loading when={endpoints.loading} />
        <ErrorNote error={endpoints.error} />
        {endpoints.data && endpoints.data.length === 0 && <p class="muted">No endpoints.</p>}
        {endpoints.data && endpoints.data.length > 0 && (
          <table class="list">
            <thead>
              <tr>
                <th>Endpoint</th>
                <th>URL</th>
                <th>Events</th>
                <th>Description</th>
                <th>Status</th>
                <th>Chaos</th>
                <th>Created</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {endpoints.data.map((w) => (
                <tr key={w.id}>
                  <td class="mono">{w.id}</td>
                  <td class="mono">{w.url}</td>
                  <td>{w.enabled_events.join(', ')}</td>
                  <td>{w.description ?? ''}</td>
                  <td>{w.status}</td>
                  <td>{chaosText(w.chaos)}</td>
                  <td>
                    <Time at={w.created_at} />
                  </td>
                  <td>
                    <RunCheckButton api={api} endpointId={w.id} onChecked={setCheck} />
                    <ConfirmButton
                      label={w.status === 'enabled' ? 'Disable' : 'Enable'}
                      question={
                        w.status === 'enabled'
                          ? `Disable ${w.url}? It receives nothing, not even retries, until it is enabled again.`
                          : `Enable ${w.url}? It receives the events recorded from now on.`
                      }
                      run={async () => {
                        await ok(
                          api.PATCH('/webhook/endpoints/{id}', {
                            params: { path: { id: w.id } },
                            body: { status: w.status === 'enabled' ? 'disabled' : 'enabled' },
                          }),
                        );
                        endpoints.reload();
                      }}
                    />
                    <ConfirmButton
                      label="Roll secret"
                      question={`Give ${w.url} a new secret? The old one keeps signing beside it for ${GRACES.find((g) => g.seconds === grace)!.label}.`}
                      run={async () => {
                        const { data } = await ok(
                          api.POST('/webhook/endpoints/{id}/roll-secret', { params: { path: { id: w.id } }, body: { expire_old_in_seconds: grace } }),
                        );
                        setCreated({ id: data.id, secret: data.secret, rolled: true });
                      }}
                    />
                    <ConfirmButton
                      label="Delete"
                      question={`Delete ${w.url}? It receives nothing more.`}
                      danger
                      run={async () => {
                        await ok(api.DELETE('/webhook/endpoints/{id}', { params: { path: { id: w.id } } }));
                        endpoints.reload();
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {endpoints.data && endpoints.data.length > 0 && (
          <label class="inline">
            A rolled secret keeps signing for
            <select name="grace" value={grace} onChange={(e) => setGrace(Number(e.currentTarget.value))}>
              {GRACES.map((g) => (
                <option key={g.seconds} value={g.seconds}>
                  {g.label}
                </option>
              ))}
            </select>
          </label>
        )}
        {created?.rolled && <NewSecret created={created} onKept={() => setCreated(undefined)} />}
        {check && <CheckResults check={check} />}
      </Section>
      {endpoints.data && endpoints.data.length > 0 && <ChaosForm endpoints={endpoints.data} onSaved={endpoints.reload} />}
      <Section title="Register an endpoint">
        <form class="stack" onSubmit={create}>
          <label>
            URL
            <input name="url" type="url" required value={url} placeholder="https://example.com/webhooks" onInput={(e) => setUrl(e.currentTarget.value)} />
          </label>
          <label>
            Events (comma-separated, {ALL_EVENTS} for all)
            <input name="enabled_events" value={events} onInput={(e) => setEvents(e.currentTarget.value)} />
          </label>
          <label>
            Description
            <input name="description" value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
          </label>
          <button type="submit" class="primary">
            Register
          </button>
        </form>
        <ErrorNote error={error} />
        {created && !created.rolled && <NewSecret created={created} onKept={() => setCreated(undefined)} />}
      </Section>
    </>
  );
}

type Chaos = { duplicates: number; reverse_order: boolean; delay_seconds: number };

/** An endpoint's delivery chaos in a few words (docs/api.md §17). */
function chaosText(chaos: Chaos): string {
  const parts = [
    chaos.duplicates > 0 && `${chaos.duplicates} duplicate${chaos.duplicates > 1 ? 's' : ''}`,
    chaos.reverse_order && 'reverse order',
    chaos.delay_seconds > 0 && `${chaos.delay_seconds} s delay`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'off';
}

/** Edits one endpoint's delivery chaos (docs/api.md §17) with PATCH; a refusal shows its details. */
function ChaosForm({ endpoints, onSaved }: { endpoints: readonly { id: string; url: string; chaos: Chaos }[]; onSaved: () => void }) {
  const { api } = useSession();
  const [id, setId] = useState(endpoints[0]!.id);
  const current = endpoints.find((e) => e.id === id) ?? endpoints[0]!;
  const [chaos, setChaos] = useState<Chaos>(current.chaos);
  const [error, setError] = useState<unknown>();
  const [saved, setSaved] = useState(false);
  const choose = (next: string) => {
    setId(next);
    setChaos((endpoints.find((e) => e.id === next) ?? current).chaos);
    setSaved(false);
  };
  const save = async (e: Event) => {
    e.preventDefault();
    setError(undefined);
    setSaved(false);
    try {
      await ok(api.PATCH('/webhook/endpoints/{id}', { params: { path: { id: current.id } }, body: { chaos } }));
      setSaved(true);
      onSaved();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <Section title="Delivery chaos">
      <p class="muted">Deliver on purpose as the network may: copies, newest first, late. For testing that a receiver acts once and in order.</p>
      <form class="stack" onSubmit={save}>
        <label>
          Endpoint
          <select name="chaos_endpoint" value={current.id} onChange={(e) => choose(e.currentTarget.value)}>
            {endpoints.map((e) => (
              <option key={e.id} value={e.id}>
                {e.url} ({e.id})
              </option>
            ))}
          </select>
        </label>
        <label>
          Duplicates (0–3: each delivery sent this many more times)
          <input
            name="duplicates"
            type="number"
            min={0}
            max={3}
            value={chaos.duplicates}
            onInput={(e) => setChaos({ ...chaos, duplicates: Number(e.currentTarget.value) })}
          />
        </label>
        <label class="inline">
          <input
            name="reverse_order"
            type="checkbox"
            checked={chaos.reverse_order}
            onChange={(e) => setChaos({ ...chaos, reverse_order: e.currentTarget.checked })}
          />
          Reverse order (events within 2 s of each other newest first)
        </label>
        <label>
          Delay (0–300 seconds before each first attempt)
          <input
            name="delay_seconds"
            type="number"
            min={0}
            max={300}
            value={chaos.delay_seconds}
            onInput={(e) => setChaos({ ...chaos, delay_seconds: Number(e.currentTarget.value) })}
          />
        </label>
        <button type="submit" class="primary">
          Save chaos
        </button>
      </form>
      <ErrorNote error={error} />
      {saved && <p role="status">Saved: {chaosText(chaos)}.</p>}
    </Section>
  );
}

/** A secret the API has just shown, this once: a new endpoint's, or a rolled one's. */
function NewSecret({ created, onKept }: { created: { id: string; secret: string; rolled?: true }; onKept: () => void }) {
  return (
    <div class="secret" role="status">
      <p>
        Endpoint <span class="mono">{created.id}</span> {created.rolled ? 'has a new signing secret, shown' : 'registered. Its signing secret is shown'} this
        once; keep it now:
      </p>
      <code data-testid="secret">{created.secret}</code>
      <button type="button" onClick={onKept}>
        I have kept it
      </button>
    </div>
  );
}
