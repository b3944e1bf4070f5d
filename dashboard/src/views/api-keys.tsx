import { useState } from 'preact/hooks';
import { scopes as allScopes, type Scope } from '../../../lib/scopes';
import { ok, type AccountKey, type CreatedKey } from '../api';
import { ConfirmButton, ErrorNote, Loading, Pager, Section, Status, Time, useAction, useLoad, usePager, useSession } from '../ui';

/**
 * The original interface's usage rules for server keys, in its own words (docs/api.md §14): shown
 * above the keys, and again beside every key the page shows, the one time it shows it.
 */
const USAGE_RULES = [
  'Keep keys in environment variables.',
  'Use separate keys for development and testing.',
  'Rotate keys and revoke unused ones.',
  'Never expose a Server Key in client-side or browser code.',
  'Use HTTPS only.',
] as const;

/** How long a rolled key keeps working beside its successor (docs/api.md §14: 0…604800 s, default an hour). */
const GRACE = { min: 0, max: 604_800, default: 3_600 } as const;

/** A key that works now: what can be rolled or revoked (an expired or revoked key is refused by both). */
const isLive = (key: AccountKey) => key.status === 'active' || key.status === 'expiring';

/** A number of seconds in words: `2 s`, `3,600 s (1 h)`. */
function seconds(n: number): string {
  const units = [
    [86_400, 'd'],
    [3_600, 'h'],
    [60, 'min'],
  ] as const;
  const unit = units.find(([size]) => n >= size && n % size === 0);
  return `${n.toLocaleString('en-US')} s${unit ? ` (${n / unit[0]} ${unit[1]})` : ''}`;
}

type NewKeyShown = { key: CreatedKey; rolledFrom?: string };

/** API Keys (docs/api.md §14): the client's server keys with their last use, and create, roll and revoke. */
export function ApiKeys() {
  const { api } = useSession();
  const pager = usePager([]);
  const keys = useLoad(() => ok(api.GET('/account/keys', { params: { query: { limit: 20, cursor: pager.cursor } } })), [pager.cursor]);
  const [shown, setShown] = useState<NewKeyShown>();
  const [grace, setGrace] = useState(String(GRACE.default));
  const graceSeconds = Number(grace);
  const graceValid = grace.trim() !== '' && Number.isInteger(graceSeconds) && graceSeconds >= GRACE.min && graceSeconds <= GRACE.max;
  return (
    <>
      <Section
        title="API Keys"
        actions={
          <button type="button" onClick={keys.reload}>
            Refresh
          </button>
        }
      >
        <p class="muted">
          Server keys let your server call this API (<code>Authorization: Bearer sk_sbx_…</code>). A key is shown once, when it is made; this page never keeps
          one. Keys never used are marked: revoke those you do not need.
        </p>
        <UsageRules />
        {shown && <NewKey shown={shown} onKept={() => setShown(undefined)} />}
        <Loading when={keys.loading && !keys.data} />
        <ErrorNote error={keys.error} />
        {keys.data && keys.data.data.length === 0 && <p class="muted">No keys yet: make one below.</p>}
        {keys.data && keys.data.data.length > 0 && (
          <>
            <table class="list" data-testid="keys">
              <thead>
                <tr>
                  <th>Label</th>
                  <th>Key</th>
                  <th>Scopes</th>
                  <th>Status</th>
                  <th>Last used</th>
                  <th>Created</th>
                  <th>Expires / revoked</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {keys.data.data.map((k) => (
                  <tr key={k.id} data-key-id={k.id}>
                    <td>{k.label}</td>
                    <td class="mono">
                      {k.id}
                      <br />
                      <span class="muted">sk_sbx_…{k.last4}</span>
                    </td>
                    <td title={k.scopes.join(', ')}>{k.scopes.length === allScopes.length ? 'all' : k.scopes.join(', ')}</td>
                    <td data-field="Status">
                      <Status status={k.status} />
                    </td>
                    <td data-field="Last used">{k.last_used_at ? <Time at={k.last_used_at} /> : <span class="unused">never used</span>}</td>
                    <td>
                      <Time at={k.created_at} />
                      <br />
                      <span class="muted small">by {k.created_by}</span>
                    </td>
                    <td>
                      <Time at={k.revoked_at ?? k.expires_at} />
                      {k.revoked_at && <span class="muted small"> (revoked)</span>}
                    </td>
                    <td>
                      <div class="actions">
                        <ConfirmButton
                          label="Roll"
                          question={`Make a new key like ${k.label}? This one keeps working for ${seconds(graceSeconds)}, then is refused.`}
                          disabled={!isLive(k) || !graceValid}
                          run={async () => {
                            const { data } = await ok(
                              api.POST('/account/keys/{id}/roll', { params: { path: { id: k.id } }, body: { expire_old_in_seconds: graceSeconds } }),
                            );
                            setShown({ key: data, rolledFrom: k.id });
                            keys.reload();
                          }}
                        />
                        <ConfirmButton
                          label="Revoke"
                          question={`Revoke ${k.label} (…${k.last4})? It is refused from now on; this cannot be undone.`}
                          danger
                          disabled={!isLive(k)}
                          run={async () => {
                            await ok(api.POST('/account/keys/{id}/revoke', { params: { path: { id: k.id } } }));
                            keys.reload();
                          }}
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager pager={pager} pagination={keys.data.pagination} />
            <label class="inline">
              A rolled key keeps working for (seconds, {GRACE.min} to {GRACE.max.toLocaleString('en-US')})
              <input
                name="grace"
                type="number"
                min={GRACE.min}
                max={GRACE.max}
                step={1}
                required
                value={grace}
                onInput={(e) => setGrace(e.currentTarget.value)}
              />
            </label>
          </>
        )}
      </Section>
      <CreateKey
        onCreated={(key) => {
          setShown({ key });
          keys.reload();
        }}
      />
    </>
  );
}

function CreateKey({ onCreated }: { onCreated: (key: CreatedKey) => void }) {
  const { api } = useSession();
  const [label, setLabel] = useState('');
  const [chosen, setChosen] = useState<readonly Scope[]>(allScopes);
  const [days, setDays] = useState('');
  const { busy, error, run } = useAction();
  const toggle = (scope: Scope, on: boolean) => setChosen((now) => allScopes.filter((s) => (s === scope ? on : now.includes(s))));
  const create = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      const { data } = await ok(api.POST('/account/keys', { body: { label, scopes: [...chosen], ...(days.trim() && { expires_in_days: Number(days) }) } }));
      setLabel('');
      setDays('');
      setChosen(allScopes);
      onCreated(data);
    });
  };
  return (
    <Section title="Create a key">
      <form class="stack" onSubmit={create}>
        <label>
          Label
          <input name="label" required placeholder="ci, staging server…" value={label} onInput={(e) => setLabel(e.currentTarget.value)} />
        </label>
        <fieldset class="scopes">
          <legend>Scopes</legend>
          {allScopes.map((scope) => (
            <label key={scope} class="inline">
              <input type="checkbox" name="scopes" value={scope} checked={chosen.includes(scope)} onChange={(e) => toggle(scope, e.currentTarget.checked)} />
              <span class="mono">{scope}</span>
            </label>
          ))}
        </fieldset>
        <label>
          Expires after (days, 1 to 365; empty: never)
          <input name="expires_in_days" type="number" min={1} max={365} step={1} value={days} onInput={(e) => setDays(e.currentTarget.value)} />
        </label>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Creating…' : 'Create key'}
        </button>
      </form>
      <ErrorNote error={error} />
    </Section>
  );
}

/** A key the API has just made, shown this once, with a copy button and the usage rules. */
function NewKey({ shown, onKept }: { shown: NewKeyShown; onKept: () => void }) {
  const [copied, setCopied] = useState<string>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown.key.key ?? '');
      setCopied('Copied.');
    } catch (failure) {
      setCopied(`Could not copy (${failure instanceof Error ? failure.message : String(failure)}): select the key and copy it.`);
    }
  };
  return (
    <div class="secret" role="status" data-testid="new-key-panel" data-key-id={shown.key.id}>
      <p>
        {shown.rolledFrom ? (
          <>
            <span class="mono">{shown.rolledFrom}</span> was rolled: its successor <span class="mono">{shown.key.id}</span>
          </>
        ) : (
          <>
            Key <span class="mono">{shown.key.id}</span>
          </>
        )}{' '}
        ({shown.key.label}) is shown this once; keep it now:
      </p>
      <code data-testid="new-key">{shown.key.key}</code>
      <div class="actions">
        <button type="button" class="primary" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" onClick={onKept}>
          I have kept it
        </button>
        {copied && <span class="muted">{copied}</span>}
      </div>
      <UsageRules />
    </div>
  );
}

/** The usage rules, in the service's own words (USAGE_RULES). */
function UsageRules() {
  return (
    <ul class="usage" aria-label="Key usage rules">
      {USAGE_RULES.map((rule) => (
        <li key={rule}>{rule}</li>
      ))}
    </ul>
  );
}
