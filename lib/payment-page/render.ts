import { createHash } from 'node:crypto';
import { findChannel } from '../catalog';
import { escapeHtml as e } from '../http/page/html';
import { TEST_CARDS, type CardField, type CardForm, type CardProblems } from '../payments/test-cards';
import type { CardDetails, Transaction } from '../objects/transaction';
import { qrCodeSvg } from './qr-code';

/**
 * The payment page's HTML (docs/api.md §16), rendered on the server: no script at all, one style
 * sheet of its own inline, allowed by its hash (PAGE_STYLE_HASH, decision 0254). It shows what the
 * customer pays and how, and the sandbox actions; never the customer's e-mail or phone, nor the
 * metadata: the only fields of the transaction it reads are named here.
 */

const STYLE = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f5f7}
main{max-width:32rem;margin:0 auto;padding:1rem}
.sandbox{background:#fff4ce;border:1px solid #8a6800;padding:.5rem .75rem;border-radius:.375rem;margin:0}
h1{font-size:1.4rem;margin:1rem 0 .5rem}
h2{font-size:1.1rem;margin:0 0 .5rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;margin:0}
dt{color:#44474d}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.box{background:#fff;border:1px solid #c9ced6;border-radius:.5rem;padding:1rem;margin:1rem 0}
.code{font:600 1.3rem/1.3 ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:.04em;overflow-wrap:anywhere;margin:.25rem 0}
.qr{display:block;width:100%;max-width:264px;height:auto;margin:.5rem auto}
label{display:block;font-weight:600;margin-top:.75rem}
input{display:block;width:100%;font:inherit;padding:.5rem;border:1px solid #5f6672;border-radius:.375rem;background:#fff;color:#1a1a1a}
input[aria-invalid=true]{border:2px solid #b00020}
.error{color:#b00020;margin:.25rem 0 0;font-weight:600}
.actions{display:flex;gap:.5rem;flex-wrap:wrap;margin-top:1rem}
button{font:inherit;font-weight:600;padding:.6rem 1.2rem;border-radius:.375rem;border:2px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1d4ed8}
a{color:#1d4ed8}
:focus-visible{outline:3px solid #b45309;outline-offset:2px}
table{border-collapse:collapse;width:100%;font-size:.9rem}
caption{text-align:left;font-weight:600;margin-bottom:.25rem}
th,td{text-align:left;padding:.25rem .5rem;border-bottom:1px solid #c9ced6;vertical-align:top}
code{overflow-wrap:anywhere}
small{color:#44474d}`;

/** The page's style sheet's hash, as its Content-Security-Policy allows it (`style-src 'self' 'sha256-…'`). */
export const PAGE_STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;

/** What a page of a transaction shows: the merchant, the transaction as its client sees it now, and the client's time. */
export interface PageView {
  readonly merchant: string;
  readonly transaction: Transaction;
  /** The client's sandbox time: what "time left" counts from. */
  readonly now: Date;
}

/** The card form as it was sent, with each bad field's error (the number and the CVC are never written back). */
export interface CardFormState {
  readonly values: CardForm;
  readonly problems: CardProblems;
}

/** A transaction's amount as a person reads it: `IDR 150,000`. */
const money = (t: Pick<Transaction, 'amount' | 'currency'>) => `${t.currency} ${t.amount.toLocaleString('en-US')}`;

/** How long until `expiresAt`, in words. */
function timeLeft(expiresAt: string, now: Date): string {
  const ms = Date.parse(expiresAt) - now.getTime();
  if (ms <= 0) return 'none';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'less than a minute';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}

const channelName = (t: Transaction) => findChannel(t.payment_method, t.payment_channel)?.name ?? t.payment_channel;

const STATUS_WORDS: Readonly<Record<Transaction['status'], string>> = {
  pending: 'Waiting for payment',
  settled: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
  refunded: 'Paid, then refunded',
};

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="sandbox" role="note"><strong>Sandbox</strong> · a test payment page: no real money moves.</p>
${body}
</main>
</body>
</html>
`;
}

/** The summary every state of the page shows. */
function summary({ merchant, transaction: t, now }: PageView): string {
  const rows: [string, string][] = [
    ['Merchant', merchant],
    ['Order', t.order_id],
    ['Amount', money(t)],
    ['Channel', channelName(t)],
    ['Status', STATUS_WORDS[t.status]],
  ];
  if (t.status === 'pending') rows.push(['Time left', `${timeLeft(t.expires_at, now)} (until ${t.expires_at.replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC')})`]);
  if (t.status === 'failed' && t.failure_reason) rows.push(['Reason', t.failure_reason]);
  const card = t.payment_details.card;
  if (card) rows.push(['Card', cardWords(card)]);
  return `<dl>
${rows.map(([term, value]) => `<dt>${e(term)}</dt><dd>${e(value)}</dd>`).join('\n')}
</dl>`;
}

const cardWords = (card: CardDetails) =>
  `${card.brand === 'unknown' ? 'Card' : card.brand[0]!.toUpperCase() + card.brand.slice(1)} ending ${card.last4}, expires ${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}`;

/** A link back to the shop that changes nothing, for a transaction that has a return_url. */
const backToShop = (t: Transaction) => (t.return_url ? `<p><a href="${e(t.return_url)}" rel="noreferrer">Back to the shop</a> (nothing is paid)</p>` : '');

/** The Pay and Fail buttons of every method but card. */
function payOrFail(payLabel: string): string {
  return `<form method="post" class="box" aria-labelledby="actions-title">
<h2 id="actions-title">Sandbox actions</h2>
<p>Choose the outcome this payment gets, as the customer's bank or wallet would.</p>
<div class="actions">
<button type="submit" name="action" value="pay">${e(payLabel)}</button>
<button type="submit" name="action" value="fail" class="secondary">Fail</button>
</div>
</form>`;
}

/** The method's instructions: what a customer would do outside this page. */
function instructions(t: Transaction): string {
  const details = t.payment_details;
  switch (t.payment_method) {
    case 'bank_transfer':
      return `<section class="box" aria-labelledby="how-title">
<h2 id="how-title">Transfer to this virtual account</h2>
<p>${e(channelName(t))} number:</p>
<p class="code">${e(details.va_number ?? '')}</p>
<p>Transfer exactly ${e(money(t))}.</p>
</section>`;
    case 'qris':
      return `<section class="box" aria-labelledby="how-title">
<h2 id="how-title">Scan this QRIS code</h2>
${qrCodeSvg(details.qr_string ?? '', `QRIS code to pay ${money(t)}`)}
<details><summary>QR payload</summary><p><code>${e(details.qr_string ?? '')}</code></p></details>
</section>`;
    case 'retail':
      return `<section class="box" aria-labelledby="how-title">
<h2 id="how-title">Pay at the counter</h2>
<p>Show this payment code at any ${e(channelName(t))} store:</p>
<p class="code">${e(details.payment_code ?? '')}</p>
</section>`;
    case 'ewallet':
      return `<section class="box" aria-labelledby="how-title">
<h2 id="how-title">${e(channelName(t))}</h2>
<p>Approve a payment of ${e(money(t))}?</p>
</section>`;
    default:
      return '';
  }
}

/** One labelled field of the card form, with its inline error (aria-invalid, aria-describedby) when it has one. */
function cardInput(state: CardFormState | undefined, name: CardField, label: string, attributes: string, keep: boolean): string {
  const error = state?.problems[name];
  const value = keep ? (state?.values[name] ?? '') : '';
  const errorId = `${name}-error`;
  return `<label for="${name}">${e(label)}</label>
<input id="${name}" name="${name}" ${attributes} required value="${e(value)}"${error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ''}>${
    error ? `\n<p id="${errorId}" class="error">${e(error)}</p>` : ''
  }`;
}

/** The card form and the test cards. The number and the CVC are never written back into the page. */
function cardForm(t: Transaction, state: CardFormState | undefined): string {
  return `<form method="post" class="box" novalidate aria-labelledby="card-title">
<h2 id="card-title">Pay by card</h2>
<input type="hidden" name="action" value="card">
${cardInput(state, 'card_number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" maxlength="23"', false)}
${cardInput(state, 'card_expiry', 'Expiry date (MM/YY)', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7"', true)}
${cardInput(state, 'card_cvc', 'Security code (CVC)', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"', false)}
${cardInput(state, 'card_name', 'Name on the card', 'autocomplete="cc-name" maxlength="100"', true)}
<div class="actions"><button type="submit">Pay ${e(money(t))}</button></div>
</form>
<section class="box" aria-labelledby="cards-title">
<h2 id="cards-title">Test cards</h2>
<table>
<caption>Any expiry date that has not passed, any CVC of 3 digits, any name.</caption>
<thead><tr><th scope="col">Card number</th><th scope="col">Outcome</th></tr></thead>
<tbody>
${TEST_CARDS.map((c) => `<tr><td>${c.number.startsWith('any') ? e(c.number) : `<code>${e(c.number)}</code>`}</td><td>${e(c.outcome)}</td></tr>`).join('\n')}
</tbody>
</table>
</section>`;
}

/** The page of a pending transaction: its summary, the method's instructions and the sandbox actions; the card form with the errors of a bad card. */
export function pendingPage(view: PageView, card?: CardFormState): string {
  const t = view.transaction;
  const actions = t.payment_method === 'card' ? cardForm(t, card) : payOrFail(t.payment_method === 'ewallet' ? 'Pay (approve)' : 'Pay');
  return layout(
    `Pay ${view.merchant} · Payment Sandbox`,
    `<h1>Pay ${e(view.merchant)}</h1>
${summary(view)}
${instructions(t)}
${actions}
${backToShop(t)}`,
  );
}

/** The 3-D Secure challenge of a card payment: the bank asks the customer to confirm; Complete settles, Fail fails. */
export function challengePage(view: PageView, card: CardDetails): string {
  return layout(
    `3-D Secure · ${view.merchant} · Payment Sandbox`,
    `<h1>Confirm this payment</h1>
<p>Your bank asks you to confirm a payment of ${e(money(view.transaction))} to ${e(view.merchant)} with your ${e(cardWords(card))}.</p>
${summary(view)}
<form method="post" class="box" aria-labelledby="challenge-title">
<h2 id="challenge-title">3-D Secure (sandbox)</h2>
<p>Choose how the authentication ends.</p>
<div class="actions">
<button type="submit" name="action" value="3ds-complete">Complete</button>
<button type="submit" name="action" value="3ds-fail" class="secondary">Fail</button>
</div>
</form>
${backToShop(view.transaction)}`,
  );
}

/** The receipt of a transaction that left `pending` and has no return_url: what became of it, and no action. */
export function receiptPage(view: PageView): string {
  return layout(
    `Receipt · ${view.merchant} · Payment Sandbox`,
    `<h1>${e(STATUS_WORDS[view.transaction.status])}</h1>
<section class="box" aria-labelledby="receipt-title">
<h2 id="receipt-title">Receipt</h2>
${summary(view)}
</section>
<p><small>Transaction <code>${e(view.transaction.id)}</code> · ${e(view.transaction.updated_at)}</small></p>`,
  );
}
