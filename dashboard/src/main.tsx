import './styles.css';
import { render, type ComponentChildren } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { apiClient, ok } from './api';
import { IdentityClient, readIdentity } from './identity';
import { Session } from './session';
import { SessionContext, useLoad, useSession } from './ui';
import { Access } from './views/access';
import { ApiKeys } from './views/api-keys';
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
  readonly render: (params: URLSearchParams) => ComponentChildren;
}

const views: readonly View[] = [
  { path: '', title: 'Overview', render: () => <Overview /> },
  { path: 'transactions', title: 'Transactions', render: (params) => <Transactions params={params} /> },
  { path: 'settlements', title: 'Settlements', render: () => <Settlements /> },
  { path: 'events', title: 'Events', render: () => <Events /> },
  { path: 'webhooks', title: 'Webhooks', render: () => <Webhooks /> },
  { path: 'channels', title: 'Channels', render: () => <Channels /> },
  { path: 'clock', title: 'Clock', render: () => <Clock /> },
  { path: 'reset', title: 'Reset', render: () => <Reset /> },
  { path: 'keys', title: 'API Keys', render: () => <ApiKeys /> },
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

/** Where the page signs people in, as the dashboard function wrote it into the page (none: nobody can sign in here). */
const found = readIdentity();
const identity = found && new IdentityClient(found);

function App() {
  if (identity) return <Dashboard identity={identity} />;
  return (
    <main class="login">
      <h1>Payment Sandbox</h1>
      <p class="error" role="alert">
        This stage has no identity service, so nobody can sign in to its dashboard. Its API still answers the server keys operators mint with the admin CLI.
      </p>
    </main>
  );
}

/** Signed out: the sign-in, sign-up, new-password and password-reset steps. Signed in: the views, each calling the API with the session. */
function Dashboard({ identity }: { identity: IdentityClient }) {
  const [notice, setNotice] = useState<string>();
  const [session, setSession] = useState<Session | null>(null);
  const { path, params } = useHash();
  const api = useMemo(() => session && apiClient(session), [session]);
  if (!session || !api) {
    return (
      <Access
        identity={identity}
        notice={notice}
        signedIn={(tokens) => {
          // However the session ends (sign-out, a renewal refused, the API's second 401): back to sign-in, saying why unless the person chose it.
          const started = Session.start(identity, tokens, (reason) => {
            setNotice(reason);
            setSession(null);
          });
          setNotice(undefined);
          setSession(started);
        }}
      />
    );
  }
  const detail = /^transaction\/(txn_[A-Za-z0-9]+)$/.exec(path);
  const view = views.find((v) => v.path === path);
  return (
    <SessionContext.Provider value={{ api }}>
      <header class="top">
        <strong>Payment Sandbox</strong>
        <nav aria-label="Views">
          {views.map((v) => (
            <a key={v.path} href={`#/${v.path}`} aria-current={v === view ? 'page' : undefined}>
              {v.title}
            </a>
          ))}
        </nav>
        <Account />
        <button type="button" onClick={() => session.signOut()}>
          Sign out
        </button>
      </header>
      <main>{detail ? <Transaction id={detail[1]!} /> : view ? view.render(params) : <p>No such view.</p>}</main>
    </SessionContext.Provider>
  );
}

/** Who is signed in, and for which client (GET /account). */
function Account() {
  const { api } = useSession();
  const account = useLoad(async () => (await ok(api.GET('/account'))).data, []);
  if (!account.data) return <span class="account muted">{account.error ? 'Account unavailable' : '…'}</span>;
  return (
    <span class="account" data-testid="account" title={account.data.client.id}>
      <span data-testid="account-email">{account.data.user.email}</span> · <span data-testid="account-client">{account.data.client.name}</span>
    </span>
  );
}

render(<App />, document.getElementById('app')!);
