import type { TokenHolder } from '../auth/principal';
import type { Db } from '../db/db';
import { NotFoundError, ValidationError } from '../errors';
import { auditPageAction } from '../http/audit';
import type { BodyOf, ParamsOf } from '../http/contract';
import { HTML_MEDIA_TYPE } from '../http/page/html';
import type { PageResult } from '../http/page/page-face';
import type { TokenResolver } from '../http/page/path-token';
import type { TokenPageInput } from '../http/page/token-page-endpoint';
import type { submitPaymentPageContract } from '../contracts/submit-payment-page';
import { InvalidStateError } from '../payments/errors';
import { failureOf } from '../objects/failures';
import { CARD_CHALLENGE, type StoredTransaction } from '../payments/items';
import { resolvePaymentToken } from '../payments/payment-token';
import { applyOutcome } from '../payments/payments';
import { checkCard } from '../payments/test-cards';
import { holdCardChallenge } from '../payments/transaction-repository';
import { viewTransaction, type CardDetails, type Transaction } from '../objects/transaction';
import { submitPaymentPageRoute } from '../routes';
import type { UseCaseContext } from '../use-case';
import type { PageAction } from '../contracts/page-actions';
import { challengePage, PAGE_STYLE_HASH, pendingPage, receiptPage, type PageView } from './render';
import { formTargetOf, returnLocation } from './return-url';

/**
 * The payment page (docs/api.md §16): what its token names, what it shows, and what its actions do.
 * An action is the simulate endpoint's transition (lib/payments/payments.ts applyOutcome), so it has
 * one winner against a cancel, a simulate, an expiry or a scheduled outcome; a loser is sent to the
 * page, which shows the winner.
 */

/** Whoever holds a payment page's token: its client, its transaction, and the transaction as the lookup read it (no second read). */
export interface PaymentPageHolder extends TokenHolder {
  readonly stored: StoredTransaction;
}

/** The payment page's token lookup: one GetItem (lib/payments/payment-token.ts); anything it does not know is the page's 404. */
export function paymentPageResolver(db: Db): TokenResolver<PaymentPageHolder> {
  return async (token) => {
    const stored = await resolvePaymentToken(db, token);
    if (!stored) throw new NotFoundError('There is no payment page at this address');
    return { clientId: stored.clientId, objectId: stored.transaction.id, stored };
  };
}

type ShowInput = Pick<TokenPageInput<typeof submitPaymentPageContract, PaymentPageHolder>, 'holder' | 'clientName' | 'clock'>;
type SubmitInput = ShowInput & {
  readonly requestId: string;
  readonly params: ParamsOf<typeof submitPaymentPageContract>;
  readonly body: BodyOf<typeof submitPaymentPageContract>;
};

/**
 * A page's answer: its HTML, with the policy its forms need (its own style sheet's hash; the shop's
 * origin, where an action's redirect may lead: decision 0251).
 */
function page(statusCode: number, body: string, transaction: Transaction): PageResult {
  return { statusCode, body, headers: { 'Content-Type': HTML_MEDIA_TYPE }, policy: policyOf(transaction) };
}

const policyOf = (transaction: Transaction) => ({
  styleHashes: [PAGE_STYLE_HASH],
  ...(transaction.return_url !== null && { formTargets: [formTargetOf(transaction.return_url)] }),
});

/** 303 See Other to `location`, with the policy of the transaction's pages when it is known. */
const seeOther = (location: string, transaction?: Transaction): PageResult => ({
  statusCode: 303,
  body: '',
  headers: { 'Content-Type': 'text/plain; charset=utf-8', Location: location },
  ...(transaction && { policy: policyOf(transaction) }),
});

/**
 * Where the browser goes once the transaction left `pending`: the shop's return_url with the
 * outcome in its query, or the page itself (`token`, relative to the page's own address), which
 * shows the receipt.
 */
const afterOutcome = (transaction: Transaction, token: string): PageResult =>
  seeOther(transaction.return_url !== null ? returnLocation(transaction.return_url, transaction) : token, transaction);

/**
 * `GET /pay/{token}`: a pending transaction's page (a card payment whose challenge waits: the
 * challenge), on its client's clock; for any other status, the shop's return_url (303) or the receipt.
 */
export function showPaymentPage({ holder, clientName, clock }: ShowInput): PageResult {
  const now = clock.now();
  const transaction = viewTransaction(holder.stored.transaction, now);
  const view: PageView = { merchant: clientName, transaction, now };
  if (transaction.status !== 'pending') {
    return transaction.return_url !== null
      ? seeOther(returnLocation(transaction.return_url, transaction), transaction)
      : page(200, receiptPage(view), transaction);
  }
  const challenge = transaction.payment_method === 'card' ? holder.stored.cardChallenge : undefined;
  return page(200, challenge ? challengePage(view, challenge) : pendingPage(view), transaction);
}

/** The actions each kind of payment takes: Pay and Fail for every method but card; a card, and a challenge's answer, for card. */
const CARD_ACTIONS: readonly PageAction[] = ['card', '3ds-complete', '3ds-fail'];
const OTHER_ACTIONS: readonly PageAction[] = ['pay', 'fail'];

/**
 * `POST /pay/{token}`: one sandbox action. A transaction that already left `pending` is answered
 * as if the action had lost to what did it (303); a bad card is the page again with each field's
 * error (400), nothing changed; a 3-D Secure test card keeps the card on the transaction for its
 * challenge (decision 0252), whose answer alone then settles or fails it.
 */
export async function submitPaymentPage(db: Db, { holder, clientName, clock, requestId, params, body }: SubmitInput): Promise<PageResult> {
  const now = clock.now();
  const { stored } = holder;
  const transaction = viewTransaction(stored.transaction, now);
  const { token } = params;
  if (transaction.status !== 'pending') return afterOutcome(transaction, token);

  const isCard = transaction.payment_method === 'card';
  if (!(isCard ? CARD_ACTIONS : OTHER_ACTIONS).includes(body.action)) {
    throw new ValidationError([{ field: 'action', message: isCard ? 'must be card, 3ds-complete or 3ds-fail for a card payment' : 'must be pay or fail' }]);
  }
  const context: UseCaseContext = {
    db,
    clientId: holder.clientId,
    clock,
    cause: { requestId, idempotencyKey: null, source: 'payment_page' },
  };
  const withCard = (card: CardDetails) => ({ payment_details: { ...transaction.payment_details, card } });
  const audited = <T>(changed: T): T => {
    auditPageAction({ requestId, clientId: holder.clientId, route: submitPaymentPageRoute, objectId: transaction.id });
    return changed;
  };
  try {
    switch (body.action) {
      case 'pay':
        return afterOutcome(audited(await applyOutcome(context, transaction.id, 'settle', { read: stored })), token);
      case 'fail':
        return afterOutcome(audited(await applyOutcome(context, transaction.id, 'fail', { fields: failureOf('simulated'), read: stored })), token);
      case 'card': {
        const checked = checkCard(body, now);
        if ('problems' in checked) {
          return page(400, pendingPage({ merchant: clientName, transaction, now }, { values: body, problems: checked.problems }), transaction);
        }
        const { card, outcome } = checked;
        if (outcome.kind === 'challenge') {
          // Held, or not pending any more: either way the page shows what is now true.
          if (await holdCardChallenge(db, holder.clientId, transaction.id, card, now)) audited(card);
          return seeOther(token);
        }
        const after =
          outcome.kind === 'settle'
            ? await applyOutcome(context, transaction.id, 'settle', { fields: withCard(card), read: stored })
            : await applyOutcome(context, transaction.id, 'fail', { fields: { ...withCard(card), ...failureOf(outcome.code) }, read: stored });
        return afterOutcome(audited(after), token);
      }
      case '3ds-complete':
      case '3ds-fail': {
        const card = stored.cardChallenge;
        if (!card) throw new ValidationError([{ field: 'action', message: 'has no 3-D Secure challenge waiting: pay with the card first' }]);
        const requires = { attribute: CARD_CHALLENGE } as const;
        const after =
          body.action === '3ds-complete'
            ? await applyOutcome(context, transaction.id, 'settle', { fields: withCard(card), requires, read: stored })
            : await applyOutcome(context, transaction.id, 'fail', {
                fields: { ...withCard(card), ...failureOf('authentication_failed') },
                requires,
                read: stored,
              });
        return afterOutcome(audited(after), token);
      }
    }
  } catch (error) {
    // Another change won (a cancel, an expiry, simulate, another tab): the page shows it.
    if (error instanceof InvalidStateError) return seeOther(token);
    throw error;
  }
}
