import createClient from 'openapi-fetch';
import { useState } from 'preact/hooks';
import { CLIENT_NAME_LIMITS, poolSettings } from '../../../lib/identity/pool-settings';
import { baseUrl, ok } from '../api';
import type { paths } from '../api-types';
import type { CodeDelivery, IdentityClient, Tokens } from '../identity';
import { ErrorNote, useAction } from '../ui';

/**
 * Signing in, signing up, choosing a password at the first sign-in, and resetting a forgotten one
 * (docs/api.md §14, amended in v1.3), before any view. Signing up asks for no password: the identity
 * service e-mails a temporary one, and the person chooses theirs when they first sign in with it, so
 * only the mailbox's owner ever gets in (decision 0215). The page speaks to the identity service
 * itself; of our API it calls only the sign-up route until the person holds a session.
 */

type Step =
  | { kind: 'sign-in'; note?: string }
  | { kind: 'sign-up' }
  | { kind: 'new-password'; username: string; session: string; clientName: string }
  | { kind: 'forgot' }
  | { kind: 'reset'; delivery?: CodeDelivery };

/** The pool's password rules (lib/identity/pool-settings.ts), each with a check the page runs as the person types. */
const passwordRules: readonly { text: string; met: (password: string) => boolean }[] = [
  { text: `at least ${poolSettings.password.minLength} characters`, met: (p) => p.length >= poolSettings.password.minLength },
  ...(poolSettings.password.requireLowercase ? [{ text: 'a lower-case letter', met: (p: string) => /\p{Ll}/u.test(p) }] : []),
  ...(poolSettings.password.requireUppercase ? [{ text: 'an upper-case letter', met: (p: string) => /\p{Lu}/u.test(p) }] : []),
  ...(poolSettings.password.requireDigits ? [{ text: 'a digit', met: (p: string) => /\d/.test(p) }] : []),
  ...(poolSettings.password.requireSymbols ? [{ text: 'a symbol', met: (p: string) => /[^\p{L}\d\s]/u.test(p) }] : []),
];

/** Our API without a session: its one public write, sign-up. */
const publicApi = () => createClient<paths>({ baseUrl: baseUrl() });

/** The signed-out page; `notice` says why a session ended; `signedIn` is given a sign-in's tokens. */
export function Access(props: { identity: IdentityClient; notice?: string; signedIn: (tokens: Tokens) => void }) {
  const { identity, notice, signedIn } = props;
  const [step, setStep] = useState<Step>({ kind: 'sign-in', note: notice });
  // The address typed in one step is the one the next step starts with.
  const [email, setEmail] = useState('');
  const shared = { identity, email, setEmail, go: setStep };
  return (
    <main class="login">
      <h1>Payment Sandbox</h1>
      <p>
        Sign in to manage your sandbox client: its payments, webhooks, clock and API keys. Your server keys are made on the <strong>API Keys</strong> page and
        shown once; this page never keeps one.
      </p>
      {step.kind === 'sign-in' && <SignIn {...shared} note={step.note} signedIn={signedIn} />}
      {step.kind === 'sign-up' && <SignUp {...shared} />}
      {step.kind === 'new-password' && <NewPassword {...shared} step={step} signedIn={signedIn} />}
      {step.kind === 'forgot' && <Forgot {...shared} />}
      {step.kind === 'reset' && <Reset {...shared} delivery={step.delivery} />}
    </main>
  );
}

interface StepProps {
  identity: IdentityClient;
  email: string;
  setEmail: (email: string) => void;
  go: (step: Step) => void;
}

function EmailField({ email, setEmail }: Pick<StepProps, 'email' | 'setEmail'>) {
  return (
    <label>
      E-mail
      <input name="email" type="email" autocomplete="username" required value={email} onInput={(e) => setEmail(e.currentTarget.value.trim())} />
    </label>
  );
}

/** A new password, with the pool's rules ticked off as the person types; `weak` until every rule is met. */
function NewPasswordField({ label, password, setPassword }: { label: string; password: string; setPassword: (password: string) => void }) {
  return (
    <>
      <label>
        {label}
        <input
          name="new-password"
          type="password"
          autocomplete="new-password"
          required
          minLength={poolSettings.password.minLength}
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
      </label>
      <ul class="rules" aria-label="Password rules">
        {passwordRules.map((rule) => (
          <li key={rule.text} class={rule.met(password) ? 'met' : undefined}>
            {rule.met(password) ? '✓' : '·'} {rule.text}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The name of the client made for the person (sign-up; and at the first sign-in, where they may change it). */
function ClientNameField({ clientName, setClientName }: { clientName: string; setClientName: (name: string) => void }) {
  return (
    <label>
      Client name
      <input
        name="client-name"
        required
        minLength={CLIENT_NAME_LIMITS.minLength}
        maxLength={CLIENT_NAME_LIMITS.maxLength}
        placeholder="Acme Shop (sandbox)"
        value={clientName}
        onInput={(e) => setClientName(e.currentTarget.value)}
      />
    </label>
  );
}

const weak = (password: string) => passwordRules.some((rule) => !rule.met(password));

function Note({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <p class="notice" role="status">
      {text}
    </p>
  );
}

function SignIn({ identity, email, setEmail, note, signedIn, go }: StepProps & { note?: string; signedIn: (tokens: Tokens) => void }) {
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction();
  const submit = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      const result = await identity.signIn(email, password);
      if (result.kind === 'tokens') signedIn(result.tokens);
      else go({ kind: 'new-password', username: result.username, session: result.session, clientName: result.clientName });
    });
  };
  return (
    <>
      <h2>Sign in</h2>
      <Note text={note} />
      <form class="stack" onSubmit={submit}>
        <EmailField email={email} setEmail={setEmail} />
        <label>
          Password
          <input
            name="password"
            type="password"
            autocomplete="current-password"
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <ErrorNote error={error} />
      <p class="muted">
        No account yet?{' '}
        <button type="button" class="link" onClick={() => go({ kind: 'sign-up' })}>
          Create one
        </button>{' '}
        ·{' '}
        <button type="button" class="link" onClick={() => go({ kind: 'forgot' })}>
          Forgot your password?
        </button>
      </p>
    </>
  );
}

function SignUp({ email, setEmail, go }: StepProps) {
  const [clientName, setClientName] = useState('');
  const { busy, error, run } = useAction();
  const submit = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      const { data } = await ok(publicApi().POST('/account/sign-up', { body: { email, client_name: clientName.trim() } }));
      go({
        kind: 'sign-in',
        note:
          `If ${data.email} may have an account here, a temporary password is on its way to it (valid ${data.temporary_password_valid_days} days). ` +
          'Sign in with it to choose your own password. Have an account already? Sign in, or reset your password.',
      });
    });
  };
  return (
    <>
      <h2>Create an account</h2>
      <p class="muted">
        A new sandbox client is made for you, named as you say; you own it and make its keys. We e-mail you a temporary password: you choose your own when you
        first sign in.
      </p>
      <form class="stack" onSubmit={submit}>
        <EmailField email={email} setEmail={setEmail} />
        <ClientNameField clientName={clientName} setClientName={setClientName} />
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Sending…' : 'Create account'}
        </button>
      </form>
      <ErrorNote error={error} />
      <p class="muted">
        Have an account?{' '}
        <button type="button" class="link" onClick={() => go({ kind: 'sign-in' })}>
          Sign in
        </button>
      </p>
    </>
  );
}

function NewPassword({ identity, step, signedIn }: StepProps & { step: Extract<Step, { kind: 'new-password' }>; signedIn: (tokens: Tokens) => void }) {
  const [password, setPassword] = useState('');
  const [clientName, setClientName] = useState(step.clientName);
  const { busy, error, run } = useAction();
  const submit = (e: Event) => {
    e.preventDefault();
    void run(async () => signedIn(await identity.completeNewPassword(step.username, step.session, password, clientName.trim())));
  };
  return (
    <>
      <h2>Choose your password</h2>
      <p role="status">You signed in with your temporary password. Choose your own: you sign in with it from now on.</p>
      <form class="stack" onSubmit={submit}>
        <NewPasswordField label="New password" password={password} setPassword={setPassword} />
        <ClientNameField clientName={clientName} setClientName={setClientName} />
        <button type="submit" class="primary" disabled={busy || weak(password)}>
          {busy ? 'Saving…' : 'Set password and sign in'}
        </button>
      </form>
      <ErrorNote error={error} />
    </>
  );
}

function Forgot({ identity, email, setEmail, go }: StepProps) {
  const { busy, error, run } = useAction();
  const submit = (e: Event) => {
    e.preventDefault();
    void run(async () => go({ kind: 'reset', delivery: await identity.forgotPassword(email) }));
  };
  return (
    <>
      <h2>Reset your password</h2>
      <p class="muted">We e-mail you a code; with it you choose a new password. Every session of yours ends, wherever you are signed in.</p>
      <form class="stack" onSubmit={submit}>
        <EmailField email={email} setEmail={setEmail} />
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send the code'}
        </button>
      </form>
      <ErrorNote error={error} />
      <p class="muted">
        Remembered it?{' '}
        <button type="button" class="link" onClick={() => go({ kind: 'sign-in' })}>
          Sign in
        </button>
      </p>
    </>
  );
}

function Reset({ identity, email, setEmail, delivery, go }: StepProps & { delivery?: CodeDelivery }) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction();
  const submit = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      await identity.confirmForgotPassword(email, code.trim(), password);
      go({ kind: 'sign-in', note: 'Your password is set, and every earlier session of yours has ended: sign in.' });
    });
  };
  return (
    <>
      <h2>Choose a new password</h2>
      <p role="status">
        {`If an account has this address, a code was sent${delivery?.destination ? ` to ${delivery.destination}` : ''}${delivery?.medium ? ` by ${delivery.medium.toLowerCase()}` : ''}.`}
      </p>
      <form class="stack" onSubmit={submit}>
        <EmailField email={email} setEmail={setEmail} />
        <label>
          Code
          <input name="code" inputMode="numeric" autocomplete="one-time-code" required value={code} onInput={(e) => setCode(e.currentTarget.value)} />
        </label>
        <NewPasswordField label="New password" password={password} setPassword={setPassword} />
        <button type="submit" class="primary" disabled={busy || weak(password)}>
          {busy ? 'Saving…' : 'Set password'}
        </button>
      </form>
      <ErrorNote error={error} />
      <p class="muted">
        No code?{' '}
        <button type="button" class="link" onClick={() => go({ kind: 'forgot' })}>
          Send another
        </button>
      </p>
    </>
  );
}
