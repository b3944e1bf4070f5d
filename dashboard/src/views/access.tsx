import { useState } from 'preact/hooks';
import { CLIENT_NAME_LIMITS, poolSettings } from '../../../lib/identity/pool-settings';
import { IdentityFailure, type CodeDelivery, type IdentityClient } from '../identity';
import { ErrorNote, useAction } from '../ui';

/**
 * Signing in, signing up and confirming a sign-up (docs/api.md §14), before any view: the page
 * speaks to the identity service only; the API is called once the person holds a session.
 */

type Step = { kind: 'sign-in'; note?: string } | { kind: 'sign-up' } | { kind: 'confirm'; delivery?: CodeDelivery; note?: string };

/** The pool's password rules (lib/identity/pool-settings.ts), each with a check the page runs as the person types. */
const passwordRules: readonly { text: string; met: (password: string) => boolean }[] = [
  { text: `at least ${poolSettings.password.minLength} characters`, met: (p) => p.length >= poolSettings.password.minLength },
  ...(poolSettings.password.requireLowercase ? [{ text: 'a lower-case letter', met: (p: string) => /\p{Ll}/u.test(p) }] : []),
  ...(poolSettings.password.requireUppercase ? [{ text: 'an upper-case letter', met: (p: string) => /\p{Lu}/u.test(p) }] : []),
  ...(poolSettings.password.requireDigits ? [{ text: 'a digit', met: (p: string) => /\d/.test(p) }] : []),
  ...(poolSettings.password.requireSymbols ? [{ text: 'a symbol', met: (p: string) => /[^\p{L}\d\s]/u.test(p) }] : []),
];

/** The signed-out page: sign in, sign up, or confirm a sign-up with its code; `notice` says why a session ended. */
export function Access(props: { identity: IdentityClient; notice?: string; signIn: (email: string, password: string) => Promise<void> }) {
  const { identity, notice, signIn } = props;
  const [step, setStep] = useState<Step>({ kind: 'sign-in', note: notice });
  // The address typed in one step is the one the next step starts with.
  const [email, setEmail] = useState('');
  return (
    <main class="login">
      <h1>Payment Sandbox</h1>
      <p>
        Sign in to manage your sandbox client: its payments, webhooks, clock and API keys. Your server keys are made on the <strong>API Keys</strong> page and
        shown once; this page never keeps one.
      </p>
      {step.kind === 'sign-in' && <SignIn identity={identity} email={email} setEmail={setEmail} note={step.note} signIn={signIn} go={setStep} />}
      {step.kind === 'sign-up' && <SignUp identity={identity} email={email} setEmail={setEmail} go={setStep} />}
      {step.kind === 'confirm' && <Confirm identity={identity} email={email} setEmail={setEmail} step={step} go={setStep} />}
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

function SignIn({ email, setEmail, note, signIn, go }: StepProps & { note?: string; signIn: (email: string, password: string) => Promise<void> }) {
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction();
  const submit = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      try {
        await signIn(email, password);
      } catch (failure) {
        // Signed up but not confirmed yet: the code step, not a dead end.
        if (failure instanceof IdentityFailure && failure.type === 'UserNotConfirmedException') {
          go({ kind: 'confirm', note: 'This account is not confirmed yet: enter the code that was e-mailed to you.' });
          return;
        }
        throw failure;
      }
    });
  };
  return (
    <>
      <h2>Sign in</h2>
      {note && (
        <p class="notice" role="status">
          {note}
        </p>
      )}
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
        · Have a code?{' '}
        <button type="button" class="link" onClick={() => go({ kind: 'confirm' })}>
          Confirm your account
        </button>
      </p>
    </>
  );
}

function SignUp({ identity, email, setEmail, go }: StepProps) {
  const [password, setPassword] = useState('');
  const [clientName, setClientName] = useState('');
  const { busy, error, run } = useAction();
  const weak = passwordRules.some((rule) => !rule.met(password));
  const submit = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      const { confirmed, delivery } = await identity.signUp(email, password, clientName.trim());
      go(confirmed ? { kind: 'sign-in', note: 'Your account is ready: sign in.' } : { kind: 'confirm', delivery });
    });
  };
  return (
    <>
      <h2>Create an account</h2>
      <p class="muted">A new sandbox client is made for you, named as you say; you own it and make its keys.</p>
      <form class="stack" onSubmit={submit}>
        <EmailField email={email} setEmail={setEmail} />
        <label>
          Password
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
        <button type="submit" class="primary" disabled={busy || weak}>
          {busy ? 'Creating…' : 'Create account'}
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

function Confirm({ identity, email, setEmail, step, go }: StepProps & { step: Extract<Step, { kind: 'confirm' }> }) {
  const [code, setCode] = useState('');
  const delivery = step.delivery;
  const { busy, error, run } = useAction();
  const submit = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      await identity.confirmSignUp(email, code.trim());
      go({ kind: 'sign-in', note: 'Your account is confirmed: sign in.' });
    });
  };
  return (
    <>
      <h2>Confirm your account</h2>
      <p role="status">
        {step.note ??
          `A confirmation code was sent${delivery?.destination ? ` to ${delivery.destination}` : ''}${delivery?.medium ? ` by ${delivery.medium.toLowerCase()}` : ''}.`}
      </p>
      <form class="stack" onSubmit={submit}>
        <EmailField email={email} setEmail={setEmail} />
        <label>
          Confirmation code
          <input name="code" inputMode="numeric" autocomplete="one-time-code" required value={code} onInput={(e) => setCode(e.currentTarget.value)} />
        </label>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Confirming…' : 'Confirm'}
        </button>
      </form>
      <ErrorNote error={error} />
      <p class="muted">
        Confirmed already?{' '}
        <button type="button" class="link" onClick={() => go({ kind: 'sign-in' })}>
          Sign in
        </button>
      </p>
    </>
  );
}
