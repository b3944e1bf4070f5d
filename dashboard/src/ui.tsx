import { createContext, type ComponentChildren } from 'preact';
import { useCallback, useContext, useEffect, useRef, useState } from 'preact/hooks';
import { messageOf, type Api, type Pagination } from './api';

/**
 * What every view gets: the typed API client, which sends the signed-in person's session token. A
 * session holds every scope of the person's client (docs/api.md §14), so no view asks what it may do.
 */
export interface SignedIn {
  readonly api: Api;
}

export const SessionContext = createContext<SignedIn | null>(null);

export function useSession(): SignedIn {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a session');
  return session;
}

export interface Loaded<T> {
  readonly data?: T;
  readonly error?: unknown;
  readonly loading: boolean;
  reload(): void;
}

/** Runs `load` now and whenever `deps` change (or `reload` is called); the latest run wins. */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    const run = ++latest.current;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => run === latest.current && setState({ data, loading: false }),
      (error: unknown) => run === latest.current && setState({ error, loading: false }),
    );
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}

/** Runs a form's action with the form busy and its failure kept for an ErrorNote. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

/** The API's refusal (or any failure), as the API worded it. */
export function ErrorNote({ error }: { error: unknown }) {
  if (error === undefined || error === null) return null;
  return (
    <p class="error" role="alert">
      {messageOf(error)}
    </p>
  );
}

export function Loading({ when }: { when: boolean }) {
  return when ? (
    <p class="muted" aria-live="polite">
      Loading…
    </p>
  ) : null;
}

/**
 * A button that asks before it acts: the first press shows what will happen and a Confirm button;
 * the API's error message is shown when the action fails.
 */
export function ConfirmButton(props: { label: string; question: string; run: () => Promise<unknown>; danger?: boolean; disabled?: boolean }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await props.run();
      setAsking(false);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span class="confirm">
      <button
        type="button"
        class={props.danger ? 'danger' : undefined}
        disabled={props.disabled || busy}
        onClick={() => {
          setError(undefined);
          setAsking(true);
        }}
      >
        {props.label}
      </button>
      {asking && (
        // biome-ignore lint/a11y/useSemanticElements: the confirmation sits inline in a row of buttons, where a fieldset's box would break the line
        <span class="ask" role="group" aria-label={`Confirm ${props.label.toLowerCase()}`}>
          <span>{props.question}</span>
          <button type="button" class={props.danger ? 'danger' : 'primary'} disabled={busy} onClick={confirm}>
            Confirm
          </button>
          <button type="button" disabled={busy} onClick={() => setAsking(false)}>
            Keep
          </button>
        </span>
      )}
      <ErrorNote error={error} />
    </span>
  );
}

/** A datetime-local input's value (the reader's local time) as the ISO instant the API takes. */
export const instant = (local: string): string => new Date(local).toISOString();

/** `IDR 150,000`, negative amounts with a minus sign. */
export const money = (amount: number, currency = 'IDR') => `${currency} ${amount.toLocaleString('en-US')}`;

/** An ISO time as the reader's local date and time, the ISO value on hover. */
export function Time({ at }: { at: string | null | undefined }) {
  if (!at) return <span class="muted">—</span>;
  return (
    <time dateTime={at} title={at}>
      {new Date(at).toLocaleString()}
    </time>
  );
}

export function Status({ status }: { status: string }) {
  return <span class={`status status-${status}`}>{status}</span>;
}

/** Cursor paging: the cursors of the pages before this one, so Previous goes back. */
export function usePager(deps: readonly unknown[]) {
  const [trail, setTrail] = useState<(string | undefined)[]>([undefined]);
  useEffect(() => setTrail([undefined]), deps);
  const cursor = trail[trail.length - 1];
  return {
    cursor,
    page: trail.length,
    next: (nextCursor: string) => setTrail((t) => [...t, nextCursor]),
    previous: () => setTrail((t) => (t.length > 1 ? t.slice(0, -1) : t)),
  };
}

/** Previous / Next for a page the API answered with `pagination`, moving `pager` (usePager). */
export function Pager({ pager, pagination }: { pager: ReturnType<typeof usePager>; pagination: Pagination }) {
  const nextCursor = pagination.next_cursor;
  return (
    <nav class="pager" aria-label="Pages">
      <button type="button" disabled={pager.page <= 1} onClick={pager.previous}>
        ← Previous
      </button>
      <span>Page {pager.page}</span>
      <button type="button" disabled={!pagination.has_more || !nextCursor} onClick={() => nextCursor && pager.next(nextCursor)}>
        Next →
      </button>
    </nav>
  );
}

/** A titled part of a view. */
export function Section(props: { title: string; children: ComponentChildren; actions?: ComponentChildren }) {
  return (
    <section>
      <header class="section-head">
        <h2>{props.title}</h2>
        {props.actions}
      </header>
      {props.children}
    </section>
  );
}
