import { useState } from 'preact/hooks';
import { MAX_ADVANCE_SECONDS } from '../../../lib/sandbox/clock-limits';
import { ok, type SandboxClock } from '../api';
import { ConfirmButton, ErrorNote, instant, Loading, Section, Time, useLoad, useSession } from '../ui';

/** The quick moves: past a minute, an hour, and a day and an hour (a 24 h bank transfer expires). */
const QUICK_MOVES: readonly { label: string; seconds: number }[] = [
  { label: '+1 min', seconds: 60 },
  { label: '+1 h', seconds: 3_600 },
  { label: '+25 h', seconds: 90_000 },
  { label: '+7 d', seconds: 604_800 },
];

/** `90000` → `1 d 1 h`, `60.5` → `1 min 0.5 s`, `0` → `0 s`. */
function span(seconds: number): string {
  const parts: string[] = [];
  let left = seconds;
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3_600],
    ['min', 60],
  ] as const) {
    const whole = Math.floor(left / size);
    if (whole > 0) parts.push(`${whole} ${unit}`);
    left -= whole * size;
  }
  left = Math.round(left * 1000) / 1000;
  if (left > 0 || parts.length === 0) parts.push(`${left} s`);
  return parts.join(' ');
}

/** The client's sandbox clock (docs/api.md §12): GET /sandbox/clock, and POST /sandbox/clock/advance, each move confirmed first. */
export function Clock() {
  const { api } = useSession();
  const loaded = useLoad(async () => (await ok(api.GET('/sandbox/clock'))).data, []);
  /** The clock the last advance answered: newer than the one loaded. */
  const [advanced, setAdvanced] = useState<SandboxClock>();
  const [done, setDone] = useState<string>();
  const [seconds, setSeconds] = useState('');
  const [to, setTo] = useState('');
  const clock = advanced ?? loaded.data;
  const move = (what: string, body: { seconds: number } | { to: string }) => async () => {
    setDone(undefined);
    const { data } = await ok(api.POST('/sandbox/clock/advance', { body }));
    setAdvanced(data);
    setDone(`Advanced ${what}.`);
  };
  const question = (what: string) =>
    `Move this client's clock ${what}? What falls due on the way happens now, with its events and webhooks; the clock cannot be moved back.`;
  return (
    <>
      <Section
        title="Sandbox clock"
        actions={
          <button
            type="button"
            onClick={() => {
              setAdvanced(undefined);
              setDone(undefined);
              loaded.reload();
            }}
          >
            Refresh
          </button>
        }
      >
        <p>
          This client's time: real time plus an offset that only grows. Every time the sandbox shows or compares for the client is read from it (created and
          expiry times, expiry itself, events, the ledger, the time filters); other clients' clocks do not move.
        </p>
        <Loading when={loaded.loading && !clock} />
        <ErrorNote error={loaded.error} />
        {clock && (
          <dl class="fields" data-testid="clock">
            <div>
              <dt>Client's now</dt>
              <dd data-field="Now">
                <Time at={clock.now} /> <span class="mono muted">{clock.now}</span>
              </dd>
            </div>
            <div>
              <dt>Offset from real time</dt>
              <dd data-field="Offset">
                {clock.offset_seconds.toLocaleString('en-US')} s{clock.offset_seconds > 0 ? ` (${span(clock.offset_seconds)})` : ''}
              </dd>
            </div>
          </dl>
        )}
      </Section>
      <Section title="Advance">
        <p>
          Before it answers, an advance applies everything of this client that falls due up to the new now: pending payments past their expiry become{' '}
          <span class="mono">expired</span> (with <span class="mono">payment.expired</span>), scheduled outcomes happen.
        </p>
        <div class="actions">
          {QUICK_MOVES.map((q) => (
            <ConfirmButton
              key={q.label}
              label={q.label}
              question={question(`${span(q.seconds)} ahead`)}
              run={move(`by ${span(q.seconds)}`, { seconds: q.seconds })}
            />
          ))}
        </div>
        <div class="move">
          <label>
            Seconds ahead
            <input
              type="number"
              name="seconds"
              min={1}
              max={MAX_ADVANCE_SECONDS}
              step={1}
              placeholder={`1 to ${MAX_ADVANCE_SECONDS}`}
              value={seconds}
              onInput={(e) => setSeconds(e.currentTarget.value)}
            />
          </label>
          <ConfirmButton
            label="Advance by seconds"
            question={question(`${seconds} s ahead`)}
            disabled={seconds === ''}
            run={async () => {
              await move(`by ${seconds} s`, { seconds: Number(seconds) })();
              setSeconds('');
            }}
          />
        </div>
        <div class="move">
          <label>
            To (your local time)
            <input type="datetime-local" name="to" step={1} value={to} onInput={(e) => setTo(e.currentTarget.value)} />
          </label>
          <ConfirmButton
            label="Advance to"
            question={question(`to ${to ? new Date(to).toLocaleString() : '…'}`)}
            disabled={to === ''}
            run={async () => {
              await move(`to ${new Date(to).toLocaleString()}`, { to: instant(to) })();
              setTo('');
            }}
          />
        </div>
        {done && clock && (
          <p class="done" role="status">
            {done} The client's clock is now <Time at={clock.now} />, {span(clock.offset_seconds)} ahead of real time.
          </p>
        )}
      </Section>
    </>
  );
}
