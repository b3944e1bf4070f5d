import type { Contract } from '../http/contract';
import type { RouteId } from '../routes';
import { advanceSandboxClockContract } from './advance-sandbox-clock';
import { cancelTransactionContract } from './cancel-transaction';
import { createPaymentContract } from './create-payment';
import { createRefundContract } from './create-refund';
import { getEventContract } from './get-event';
import { createWebhookEndpointContract } from './create-webhook-endpoint';
import { deleteWebhookEndpointContract } from './delete-webhook-endpoint';
import { getDashboardAssetContract } from './get-dashboard-asset';
import { getDashboardContract } from './get-dashboard';
import { getOpenApiDocumentContract } from './get-openapi-document';
import { getPaymentPageContract } from './get-payment-page';
import { submitPaymentPageContract } from './submit-payment-page';
import { getSandboxClockContract } from './get-sandbox-clock';
import { getTransactionContract } from './get-transaction';
import { getWebhookEndpointContract } from './get-webhook-endpoint';
import { listChannelsContract } from './list-channels';
import { listEventDeliveriesContract } from './list-event-deliveries';
import { listEventsContract } from './list-events';
import { listSettlementsContract } from './list-settlements';
import { listTransactionsContract } from './list-transactions';
import { listWebhookEndpointsContract } from './list-webhook-endpoints';
import { resendEventContract } from './resend-event';
import { resetSandboxContract } from './reset-sandbox';
import { rollWebhookEndpointSecretContract } from './roll-webhook-endpoint-secret';
import { checkWebhookEndpointContract } from './check-webhook-endpoint';
import { listWebhookEndpointChecksContract } from './list-webhook-endpoint-checks';
import { simulateTransactionContract } from './simulate-transaction';
import { updateWebhookEndpointContract } from './update-webhook-endpoint';

import { getAccountContract } from './get-account';
import { listAccountKeysContract } from './list-account-keys';
import { createAccountKeyContract } from './create-account-key';
import { rollAccountKeyContract } from './roll-account-key';
import { revokeAccountKeyContract } from './revoke-account-key';
import { signUpContract } from './sign-up';
/**
 * The contract of every route of lib/routes.ts, by route id: its inputs, success response and the
 * errors its use case raises. Each lives in a module of its own, which its function imports
 * (functions/*.ts hand it to `endpoint`), so a function builds only its own route's schemas;
 * lib/openapi builds the document from them all.
 */
export const contracts = {
  listChannels: listChannelsContract,
  createPayment: createPaymentContract,
  getTransaction: getTransactionContract,
  listTransactions: listTransactionsContract,
  cancelTransaction: cancelTransactionContract,
  simulateTransaction: simulateTransactionContract,
  createRefund: createRefundContract,
  listSettlements: listSettlementsContract,
  listEvents: listEventsContract,
  getEvent: getEventContract,
  listEventDeliveries: listEventDeliveriesContract,
  resendEvent: resendEventContract,
  createWebhookEndpoint: createWebhookEndpointContract,
  listWebhookEndpoints: listWebhookEndpointsContract,
  getWebhookEndpoint: getWebhookEndpointContract,
  deleteWebhookEndpoint: deleteWebhookEndpointContract,
  rollWebhookEndpointSecret: rollWebhookEndpointSecretContract,
  updateWebhookEndpoint: updateWebhookEndpointContract,
  checkWebhookEndpoint: checkWebhookEndpointContract,
  listWebhookEndpointChecks: listWebhookEndpointChecksContract,
  resetSandbox: resetSandboxContract,
  getSandboxClock: getSandboxClockContract,
  advanceSandboxClock: advanceSandboxClockContract,
  getAccount: getAccountContract,
  listAccountKeys: listAccountKeysContract,
  createAccountKey: createAccountKeyContract,
  rollAccountKey: rollAccountKeyContract,
  revokeAccountKey: revokeAccountKeyContract,
  signUp: signUpContract,
  getDashboard: getDashboardContract,
  getDashboardAsset: getDashboardAssetContract,
  getPaymentPage: getPaymentPageContract,
  submitPaymentPage: submitPaymentPageContract,
  getOpenApiDocument: getOpenApiDocumentContract,
} as const satisfies Record<RouteId, Contract>;
