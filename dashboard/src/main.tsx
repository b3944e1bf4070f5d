import './styles.css';
import { render, type ComponentChildren } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Scope } from '../../lib/scopes';
import { apiClient, baseUrl, clearSession, loadSession, messageOf, probeScopes, saveSession, type Session as StoredSession } from './api';
import { canWith, SessionContext } from './ui';
import { Channels } from './views/channels';
import { Clock } from './views/clock';
import { Events } from './views/events';
import { Overview } from './views/overview';
import { Reset } from './views/reset';
import { Settlements } from './views/settlements';
import { Transaction } from './views/transaction';
import { Transactions } from './views/transactions';
import { Webhooks } from './views/webhooks';

/** One entry of the navigation: adding a view is adding a line here. */
interface View {
  readonly path: string;
  readonly title: string;
  /** The scopes the view reads with; without any of them its link says so. */
  readonly reads: readonly Scope[];
  readonly render: (params: URLSearchParams) => ComponentChildren;
}

const views: readonly View[] = [
  { path: '', title: 'Overview', reads: ['settlements:read', 'transactions:read'], render: () => <Overview /> },
  { path: 'transactions', title: 'Transactions', reads: ['transactions:read'], render: (params) => <Transactions params={params} /> },
  { path: 'settlements', title: 'Settlements', reads: ['settlements:read'], render: () => <Settlements /> },
  { path: 'events', title: 'Events', reads: ['events:read'], render: () => <Events /> },
  { path: 'webhooks', title: 'Webhooks', reads: ['webhooks:write'], render: () => <Webhooks /> },
  { path: 'channels', title: 'Channels', reads: ['channels:read'], render: () => <Channels /> },
  { path: 'clock', title: 'Clock', reads: ['sandbox:simulate'], render: () => <Clock /> },
  { path: 'reset', title: 'Reset', reads: ['sandbox:simulate'], render: () => <Reset /> },
];

/** `#/transactions?status=pending` → path `transactions` and its parameters. */
function parseHash(hash: string): { path: string; params: URLSearchParams } {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?');
  return { path, params: new URLSearchParams(query) };
}

function useHash() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const update = () => setHash(location.hash);
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return parseHash(hash);
}

function KeyForm({ onSession, notice }: { onSession: (s: StoredSession) => void; notice?: string }) {
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(notice);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const trimmed = key.trim();
      const scopes = await probeScopes(apiClient(trimmed, () => undefined));
      onSession({ key: trimmed, scopes });
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="login">
      <h1>Payment Sandbox</h1>
      <p>
        Enter a server key for <span class="mono">{baseUrl()}</span>. It stays in this tab only (sessionStorage) and is sent to this API alone;
        the dashboard can do exactly what the key's scopes allow.
      </p>
      <form class="stack" onSubmit={submit}>
        <label>
          Server key
          <input name="key" type="password" autocomplete="off" required placeholder="sk_sbx_…" value={key} onInput={(e) => setKey(e.currentTarget.value)} />
        </label>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Checking…' : 'Open'}
        </button>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </main>
  );
}

function App() {
  const [stored, setStored] = useState<StoredSession | null>(loadSession);
  const [notice, setNotice] = useState<string>();
  const { path, params } = useHash();
  const session = useMemo(
    () =>
      stored && {
        scopes: stored.scopes,
        // A key revoked while the page is open: back to the key form, with the API's reason.
        api: apiClient(stored.key, (failure) => {
          clearSession();
          setNotice(messageOf(failure));
          setStored(null);
        }),
      },
    [stored],
  );
  if (!session) {
    return (
      <KeyForm
        notice={notice}
        onSession={(s) => {
          saveSession(s);
          setNotice(undefined);
          setStored(s);
        }}
      />
    );
  }
  const detail = /^transaction\/(txn_[A-Za-z0-9]+)$/.exec(path);
  const view = views.find((v) => v.path === path);
  return (
    <SessionContext.Provider value={session}>
      <header class="top">
        <strong>Payment Sandbox</strong>
        <nav aria-label="Views">
          {views.map((v) => (
            <a
              key={v.path}
              href={`#/${v.path}`}
              aria-current={v === view ? 'page' : undefined}
              class={v.reads.some(canWith(session.scopes)) ? undefined : 'unavailable'}
            >
              {v.title}
            </a>
          ))}
        </nav>
        <span class="scopes" title={session.scopes.join(', ')} data-testid="scopes">
          {session.scopes.length} scopes
        </span>
        <button
          type="button"
          onClick={() => {
            clearSession();
            setStored(null);
          }}
        >
          Forget key
        </button>
      </header>
      <main>{detail ? <Transaction id={detail[1]!} /> : view ? view.render(params) : <p>No such view.</p>}</main>
    </SessionContext.Provider>
  );
}

render(<App />, document.getElementById('app')!);
