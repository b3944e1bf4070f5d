import * as z from 'zod/mini';
import { catalog, PaymentMethod } from './catalog';
import { ListChannelsQuery } from './channels';
import { contract, type Contract } from './http/contract';
import { listEnvelope, successEnvelope } from './http/envelope-schemas';
import { meta } from './meta';
import { SettlementEntry, settlementEntryExample } from './payments/ledger';
import { Refund, refundExample } from './payments/refunds';
import {
  CancelBody,
  CreatePaymentBody,
  ListSettlementsQuery,
  ListTransactionsQuery,
  RefundBody,
  SimulateBody,
  TransactionIdParams,
} from './payments/schemas';
import { Transaction, transactionExample } from './payments/transaction';
import { routes, type RouteId } from './routes';

/**
 * The contract of every route of lib/routes.ts, by route id: its inputs, success response and the
 * errors its use case raises. functions/*.ts hand it to `endpoint`; lib/openapi builds the
 * document from it.
 */

// The document's examples; test/unit/openapi.test.ts checks each against its schema.
const transaction = transactionExample;
const refund = refundExample;
const paymentEntry = settlementEntryExample;
const lastPage = { limit: 20, has_more: false, next_cursor: null };

/** What GET /openapi.json returns; the document's own schema is the OpenAPI 3.1 specification's. */
const OpenApiDocument = meta(
  z.looseObject({
    openapi: z.string().check(z.regex(/^3\.1\.\d+$/)),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.looseObject({})),
  }),
  { description: 'An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0)' },
);

export const contracts = {
  listChannels: contract({
    route: routes.listChannels,
    tag: 'Channels',
    description: 'The catalog of payment methods and channels, with their limits and fees.',
    query: ListChannelsQuery,
    response: {
      status: 200,
      description: 'The payment methods, each with its channels',
      schema: successEnvelope(z.array(PaymentMethod)),
      example: { success: true, data: catalog },
    },
  }),
  createPayment: contract({
    route: routes.createPayment,
    tag: 'Transactions',
    description:
      "Creates a `pending` transaction with sandbox payment instructions in `payment_details`. `amount` " +
      "must be within the channel's limits; `expiry_minutes` defaults to the channel's. `order_id` is " +
      "unique per client: reusing it is 409 DUPLICATE_ORDER_ID.",
    body: CreatePaymentBody,
    response: {
      status: 201,
      description: 'The new pending transaction',
      schema: successEnvelope(Transaction),
      example: { success: true, data: transaction },
    },
    errors: ['DUPLICATE_ORDER_ID'],
  }),
  getTransaction: contract({
    route: routes.getTransaction,
    tag: 'Transactions',
    description:
      "Another client's id is 404, like an unknown one. A pending transaction whose `expires_at` has passed is shown as `expired`.",
    params: TransactionIdParams,
    response: {
      status: 200,
      description: 'The transaction',
      schema: successEnvelope(Transaction),
      example: { success: true, data: transaction },
    },
    errors: ['NOT_FOUND'],
  }),
  listTransactions: contract({
    route: routes.listTransactions,
    tag: 'Transactions',
    description:
      'Newest first. Following `next_cursor` with the same filters visits every match exactly once, even ' +
      'while new transactions are created. A cursor is opaque; a forged, corrupted or ' +
      'reused-with-other-filters cursor is a 400.',
    query: ListTransactionsQuery,
    response: {
      status: 200,
      description: 'A page of transactions, newest first',
      schema: listEnvelope(Transaction),
      example: { success: true, data: [transaction], pagination: lastPage },
    },
  }),
  cancelTransaction: contract({
    route: routes.cancelTransaction,
    tag: 'Transactions',
    description: 'Only a `pending` transaction can be cancelled; otherwise 409 INVALID_STATE names its status. The body is optional.',
    params: TransactionIdParams,
    body: CancelBody,
    bodyOptional: true,
    response: {
      status: 200,
      description: 'The cancelled transaction',
      schema: successEnvelope(Transaction),
      example: {
        success: true,
        data: {
          ...transaction,
          status: 'cancelled',
          updated_at: '2026-11-22T01:05:00.000Z',
          cancelled_at: '2026-11-22T01:05:00.000Z',
          cancellation_reason: 'Customer changed their mind',
        },
      },
    },
    errors: ['NOT_FOUND', 'INVALID_STATE'],
  }),
  simulateTransaction: contract({
    route: routes.simulateTransaction,
    tag: 'Sandbox',
    description:
      "Moves a `pending` transaction as the payment network would: `settle` (and write the payment's " +
      "settlement entry in the same atomic write), `fail` or `expire`. Any other status is 409 " +
      "INVALID_STATE.",
    params: TransactionIdParams,
    body: SimulateBody,
    response: {
      status: 200,
      description: 'The transaction in its new status',
      schema: successEnvelope(Transaction),
      example: {
        success: true,
        data: { ...transaction, status: 'settled', updated_at: paymentEntry.settled_at, settled_at: paymentEntry.settled_at },
      },
    },
    errors: ['NOT_FOUND', 'INVALID_STATE'],
  }),
  createRefund: contract({
    route: routes.createRefund,
    tag: 'Refunds',
    description:
      'Refunds all or part of a `settled` transaction, named by exactly one of `transaction_id` or ' +
      '`order_id`; any other status is 409 INVALID_STATE. A refund that reaches the full amount makes the ' +
      'transaction `refunded`. The refund, the transaction and the refund\'s (negative) settlement entry ' +
      'are written atomically: concurrent refunds never total more than the amount.',
    body: RefundBody,
    response: {
      status: 201,
      description: 'The refund',
      schema: successEnvelope(Refund),
      example: { success: true, data: refund },
    },
    errors: ['NOT_FOUND', 'INVALID_STATE', 'AMOUNT_EXCEEDS_REFUNDABLE'],
  }),
  listSettlements: contract({
    route: routes.listSettlements,
    tag: 'Settlements',
    description:
      "The ledger, newest first: one entry when a payment settles, one negative entry per refund. The sum " +
      "of `net_amount` over all entries is the client's balance.",
    query: ListSettlementsQuery,
    response: {
      status: 200,
      description: 'A page of settlement entries, newest first',
      schema: listEnvelope(SettlementEntry),
      example: {
        success: true,
        data: [
          {
            ...paymentEntry,
            id: 'stl_01M83VVAE0K7N3Q8T1W5Y9B2D4',
            type: 'refund',
            refund_id: refund.id,
            gross_amount: -refund.amount,
            fee: 0,
            net_amount: -refund.amount,
            settled_at: refund.created_at,
          },
          paymentEntry,
        ],
        pagination: lastPage,
      },
    },
  }),
  getOpenApiDocument: contract({
    route: routes.getOpenApiDocument,
    tag: 'Meta',
    description: 'This document, exactly as committed in the repository (`openapi.json`). No key needed.',
    response: {
      status: 200,
      description: 'The OpenAPI document (not wrapped in the success envelope)',
      schema: OpenApiDocument,
      example: { openapi: '3.1.0', info: { title: 'Payment Sandbox API', version: '0.1.0' }, paths: {} },
    },
  }),
} as const satisfies Record<RouteId, Contract>;
