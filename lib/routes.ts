import { ENV } from './config/env';
import { NO_TABLE, type DynamoAccess } from './db/access';
import type { Scope } from './scopes';

/** How much of the table a route's function may touch; drives the IAM grant in infra ('none': no table at all). */
export type TableAccess = 'read' | 'write' | 'none';

/**
 * The methods that change something, stated once: a route of one is built with writeEndpoint and
 * takes an `Idempotency-Key` (docs/api.md §8); a GET only reads.
 */
export const writeMethods = ['POST', 'PATCH', 'DELETE'] as const;
export type WriteMethod = (typeof writeMethods)[number];
export type Method = 'GET' | WriteMethod;

/** True when a route of this method writes: any of writeMethods, that is any but GET (so a bundle need not hold the list). */
export const isWriteMethod = (method: Method): method is WriteMethod => method !== 'GET';

export interface Route {
  /** Operation id, also the OpenAPI operationId. */
  readonly id: string;
  readonly method: Method;
  /** Path below the API base path, with `{id}` style parameters. */
  readonly path: string;
  /** Handler module, relative to the project root; it exports `handler`. Routes naming the same module share one function. */
  readonly handler: string;
  /** What it answers with: the API's JSON envelope, or a page for a person's browser (docs/decisions/0240). */
  readonly face: Face;
  /** Who may call it: what its chain admits first (docs/decisions/0240). */
  readonly credential: RouteCredential;
  readonly table: TableAccess;
  /**
   * What its function does on the table (lib/db/access.ts): exactly what it is granted, and what
   * test/grants checks against the calls the suites record it making. Every authenticated route
   * reads its key and its client's clock (one BatchGetItem; GetItem for a key made before v1.2 and
   * for a session) and counts the request (UpdateItem); one with `clientClock: false` reads its
   * key alone (GetItem).
   */
  readonly dynamodb: DynamoAccess;
  /**
   * False for a route whose answer never depends on its client's clock or item (the channel
   * catalog): admission reads the credential alone — a key's hash record with one GetItem — and
   * not the client's item beside it, and its use case is given no client clock (docs/decisions/0330).
   */
  readonly clientClock?: false;
  readonly summary: string;
  /** Each success writes one audit line (lib/http/audit.ts): operations that move money or state on a key's say-so. */
  readonly audit?: true;
  /**
   * What its function asks of the stage's user pool with its own role (IAM), e.g. AdminCreateUser:
   * its function alone is granted exactly these on the pool, and told the pool and the sign-up policy.
   */
  readonly userPool?: readonly UserPoolAction[];
  /**
   * Issues and reads list cursors: its function alone gets the stack's cursor secret
   * (CURSOR_SECRET_ARN and read access to it), and fails at start without one (lib/db/cursor-key.ts).
   */
  readonly cursors?: true;
  /**
   * How long one invocation of its function may run, in seconds, when a route needs more than the
   * stack's 10 s (the receiver check: 15 s and the URL's lookup). API Gateway waits at most 30 s.
   */
  readonly timeoutSeconds?: number;
}

/** The API's face: JSON bodies in, the envelope out (docs/api.md §1, §2). */
export interface JsonFace {
  readonly kind: 'json';
}

/**
 * A page's face (the dashboard, docs/api.md §13; the payment page, §16): HTML and its own files
 * for a person's browser, served with a strict Content-Security-Policy and the page's other headers
 * (lib/http/page/page-face.ts). It contacts no origin but its own, unless it says which.
 */
export interface PageFace {
  readonly kind: 'page';
  /** The one origin its script talks to besides its own: the stage's identity service (where the dashboard signs people in), which its function is told. */
  readonly connects?: 'identity';
  /** Where its forms may post: nowhere, or to its own origin (a page whose form posts to a route of its own). */
  readonly formAction: 'none' | 'self';
  /**
   * How it answers an error: an HTML error page, or the JSON envelope (the dashboard, whose 400 and
   * 404 the OpenAPI document has described so since v1.1).
   */
  readonly errors: 'page' | 'envelope';
  /** Its built page, script and style sheet, which its function carries in its bundle. */
  readonly assets?: PageAssets;
}

/** A page's built files: what builds them, where its function's bundle holds them, and how the function is told where they are. */
export interface PageAssets {
  /** The module that builds them into a directory, run as `node --import tsx <build> --out DIR` once the function is bundled. */
  readonly build: string;
  /** Their directory in the function's bundle, beside its index.mjs. */
  readonly dir: string;
  /** The variable that names that directory to the function: relative to its module deployed, `npm start`'s own build locally. */
  readonly env: string;
}

/** What a route answers with. */
export type Face = JsonFace | PageFace;

/** A server key that holds `scope` (docs/api.md §3), or a signed-in person's session, which holds every scope (§14). */
export interface KeyCredential {
  readonly kind: 'key';
  readonly scope: Scope;
}

/** A signed-in person's session only (the account routes, docs/api.md §14): a server key is refused with 403, so a leaked key cannot mint more. */
export interface SessionCredential {
  readonly kind: 'session';
}

/**
 * An unguessable token in the path (the payment page): it names one client and one object of theirs,
 * and grants nothing else. `param` is the path parameter that holds it.
 */
export interface PathTokenCredential {
  readonly kind: 'pathToken';
  readonly param: string;
}

/** Nobody in particular: a public route, with no principal and no client of its own (sign-up, the dashboard, this document). */
export interface NoCredential {
  readonly kind: 'none';
}

/** Who may call a route, and so which credential step its chain begins with. */
export type RouteCredential = KeyCredential | SessionCredential | PathTokenCredential | NoCredential;

/** The credentials of an `Authorization: Bearer` header, which admission admits (lib/auth/admission.ts). */
export type BearerCredential = KeyCredential | SessionCredential;

/** Whether a route admits a Bearer credential (a server key or a session): its caller is a principal of a client. */
export const takesBearer = (credential: RouteCredential): credential is BearerCredential => credential.kind === 'key' || credential.kind === 'session';

/** The scope a route's key must hold, for a route that admits keys; undefined for the others. */
export const scopeOf = (credential: RouteCredential): Scope | undefined => (credential.kind === 'key' ? credential.scope : undefined);

/** What a function may ask of the stage's user pool with its role (Cognito's IAM actions, `cognito-idp:<action>`). */
export type UserPoolAction = 'AdminGetUser' | 'AdminCreateUser' | 'AdminDeleteUser';

/** Every path is served below this prefix; `{base_url}` ends with it. */
export const API_BASE_PATH = '/api/v1';

/** The port `npm start` serves on unless told otherwise (--port, PORT); `npm run listen` looks there without a runtime.json. */
export const DEFAULT_LOCAL_PORT = 3000;

const route = <const R extends Route>(r: R): R => r;

/**
 * A write route gives its Idempotency-Key claim back (DeleteItem, lib/http/idempotency-store.ts)
 * only after a failure with nothing worth storing: a 500 or a concurrent write.
 */
const RELEASES_CLAIM = {
  DeleteItem:
    'gives an Idempotency-Key claim back after a failure with nothing worth storing (a 500, a concurrent write); the suites provoke that on other routes',
} as const;

/** A session's admission reads its user→client mapping (docs/api.md §14). */
const READS_USER_CLIENTS = {
  actions: ['GetItem'],
  because: "admission reads a session's user→client mapping, the partition that tells which client the person is",
} as const;

/** An account route's admission reads the mapping afresh, with the client's item in one BatchGetItem once the person's client is known (decision 0216). */
const READS_USER_CLIENTS_AFRESH = {
  actions: ['GetItem', 'BatchGetItem'],
  because:
    "admission reads a session's user→client mapping, the partition that tells which client the person is and when their sessions ended; an account route reads it afresh beside the client's item",
} as const;

/**
 * Every authenticated route's admission (lib/auth/admission.ts) learns the client from records that
 * lie outside every client partition: a server key's hash record, or a session's user→client mapping.
 */
const READS_KEY_HASHES = {
  keyHashes: {
    actions: ['GetItem', 'BatchGetItem'],
    because:
      "admission reads the API key's hash record, the partition that tells which client the key is (with the client's item in one BatchGetItem for a key that names its client)",
  },
  userClients: READS_USER_CLIENTS,
} as const;

/**
 * The admission of a route that reads no client clock (`clientClock: false`): a server key's hash
 * record alone, with GetItem, or a session's user→client mapping.
 */
const READS_KEY_HASH_ALONE = {
  keyHashes: {
    actions: ['GetItem'],
    because: "admission reads the API key's hash record, the partition that tells which client the key is (alone: the route reads no client clock)",
  },
  userClients: READS_USER_CLIENTS,
} as const;

/** An account route's admission: it admits sessions only, and reads the person's mapping afresh (decision 0216). */
const ACCOUNT_ADMISSION = { keyHashes: READS_KEY_HASHES.keyHashes, userClients: READS_USER_CLIENTS_AFRESH } as const;

export const listChannelsRoute = /* @__PURE__ */ route({
  id: 'listChannels',
  method: 'GET',
  path: '/payment/channels',
  handler: 'functions/list-channels.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'channels:read' },
  table: 'read',
  // The catalog is the same at every time: admission reads the key alone.
  clientClock: false,
  dynamodb: { actions: ['GetItem', 'UpdateItem'], sharedPartitions: READS_KEY_HASH_ALONE },
  summary: 'List payment methods and channels',
});

export const createPaymentRoute = /* @__PURE__ */ route({
  id: 'createPayment',
  method: 'POST',
  path: '/payment/create',
  handler: 'functions/create-payment.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'transactions:write' },
  table: 'write',
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], because: RELEASES_CLAIM, sharedPartitions: READS_KEY_HASHES },
  summary: 'Create a payment transaction',
});

export const getTransactionRoute = /* @__PURE__ */ route({
  id: 'getTransaction',
  method: 'GET',
  path: '/transaction/{id}',
  handler: 'functions/get-transaction.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'transactions:read' },
  table: 'read',
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'UpdateItem'], sharedPartitions: READS_KEY_HASHES },
  summary: 'Retrieve a transaction',
});

export const listTransactionsRoute = /* @__PURE__ */ route({
  id: 'listTransactions',
  method: 'GET',
  path: '/transactions',
  handler: 'functions/list-transactions.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'transactions:read' },
  table: 'read',
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'Query', 'UpdateItem'], sharedPartitions: READS_KEY_HASHES },
  cursors: true,
  summary: 'List transactions with filters',
});

export const cancelTransactionRoute = /* @__PURE__ */ route({
  id: 'cancelTransaction',
  method: 'POST',
  path: '/transaction/{id}/cancel',
  handler: 'functions/cancel-transaction.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'transactions:write' },
  table: 'write',
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], because: RELEASES_CLAIM, sharedPartitions: READS_KEY_HASHES },
  audit: true,
  summary: 'Cancel a pending transaction',
});

export const simulateTransactionRoute = /* @__PURE__ */ route({
  id: 'simulateTransaction',
  method: 'POST',
  path: '/transaction/{id}/simulate',
  handler: 'functions/simulate-transaction.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'sandbox:simulate' },
  table: 'write',
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], because: RELEASES_CLAIM, sharedPartitions: READS_KEY_HASHES },
  audit: true,
  summary: 'Settle, fail or expire a pending transaction (sandbox control)',
});

export const createRefundRoute = /* @__PURE__ */ route({
  id: 'createRefund',
  method: 'POST',
  path: '/refund',
  handler: 'functions/create-refund.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'refunds:write' },
  table: 'write',
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], because: RELEASES_CLAIM, sharedPartitions: READS_KEY_HASHES },
  audit: true,
  summary: 'Refund all or part of a settled transaction',
});

export const listSettlementsRoute = /* @__PURE__ */ route({
  id: 'listSettlements',
  method: 'GET',
  path: '/settlements',
  handler: 'functions/list-settlements.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'settlements:read' },
  table: 'read',
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'Query', 'UpdateItem'], sharedPartitions: READS_KEY_HASHES },
  cursors: true,
  summary: 'List the settlement ledger',
});

export const listEventsRoute = /* @__PURE__ */ route({
  id: 'listEvents',
  method: 'GET',
  path: '/events',
  handler: 'functions/list-events.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'events:read' },
  table: 'read',
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'Query', 'UpdateItem'], sharedPartitions: READS_KEY_HASHES },
  cursors: true,
  summary: 'List events, newest first or oldest first for polling',
});

export const getEventRoute = /* @__PURE__ */ route({
  id: 'getEvent',
  method: 'GET',
  path: '/event/{id}',
  handler: 'functions/get-event.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'events:read' },
  table: 'read',
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'UpdateItem'], sharedPartitions: READS_KEY_HASHES },
  summary: 'Retrieve an event',
});

export const listEventDeliveriesRoute = /* @__PURE__ */ route({
  id: 'listEventDeliveries',
  method: 'GET',
  path: '/event/{id}/deliveries',
  handler: 'functions/list-event-deliveries.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'events:read' },
  table: 'read',
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'Query', 'UpdateItem'], sharedPartitions: READS_KEY_HASHES },
  cursors: true,
  summary: "List an event's webhook delivery attempts",
});

export const resendEventRoute = /* @__PURE__ */ route({
  id: 'resendEvent',
  method: 'POST',
  path: '/event/{id}/resend',
  handler: 'functions/resend-event.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'webhooks:write' },
  table: 'write',
  dynamodb: {
    actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
    because: RELEASES_CLAIM,
    sharedPartitions: READS_KEY_HASHES,
  },
  audit: true,
  summary: 'Send an event to webhook endpoints again',
});

export const createWebhookEndpointRoute = /* @__PURE__ */ route({
  id: 'createWebhookEndpoint',
  method: 'POST',
  path: '/webhook/endpoints',
  handler: 'functions/create-webhook-endpoint.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'webhooks:write' },
  table: 'write',
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], sharedPartitions: READS_KEY_HASHES },
  audit: true,
  summary: 'Register a webhook endpoint',
});

export const listWebhookEndpointsRoute = /* @__PURE__ */ route({
  id: 'listWebhookEndpoints',
  method: 'GET',
  path: '/webhook/endpoints',
  handler: 'functions/list-webhook-endpoints.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'webhooks:write' },
  table: 'read',
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'Query', 'UpdateItem'], sharedPartitions: READS_KEY_HASHES },
  cursors: true,
  summary: 'List webhook endpoints',
});

export const getWebhookEndpointRoute = /* @__PURE__ */ route({
  id: 'getWebhookEndpoint',
  method: 'GET',
  path: '/webhook/endpoints/{id}',
  handler: 'functions/get-webhook-endpoint.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'webhooks:write' },
  table: 'read',
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'UpdateItem'], sharedPartitions: READS_KEY_HASHES },
  summary: 'Retrieve a webhook endpoint',
});

export const deleteWebhookEndpointRoute = /* @__PURE__ */ route({
  id: 'deleteWebhookEndpoint',
  method: 'DELETE',
  path: '/webhook/endpoints/{id}',
  handler: 'functions/delete-webhook-endpoint.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'webhooks:write' },
  table: 'write',
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], sharedPartitions: READS_KEY_HASHES },
  audit: true,
  summary: 'Delete a webhook endpoint',
});

export const rollWebhookEndpointSecretRoute = /* @__PURE__ */ route({
  id: 'rollWebhookEndpointSecret',
  method: 'POST',
  path: '/webhook/endpoints/{id}/roll-secret',
  handler: 'functions/roll-webhook-endpoint-secret.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'webhooks:write' },
  table: 'write',
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], because: RELEASES_CLAIM, sharedPartitions: READS_KEY_HASHES },
  audit: true,
  summary: "Roll a webhook endpoint's signing secret, the old one honoured for a while",
});

export const updateWebhookEndpointRoute = /* @__PURE__ */ route({
  id: 'updateWebhookEndpoint',
  method: 'PATCH',
  path: '/webhook/endpoints/{id}',
  handler: 'functions/update-webhook-endpoint.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'webhooks:write' },
  table: 'write',
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], because: RELEASES_CLAIM, sharedPartitions: READS_KEY_HASHES },
  audit: true,
  summary: 'Change a webhook endpoint: its URL, events, description, status or delivery chaos',
});

export const checkWebhookEndpointRoute = /* @__PURE__ */ route({
  id: 'checkWebhookEndpoint',
  method: 'POST',
  path: '/webhook/endpoints/{id}/check',
  handler: 'functions/check-webhook-endpoint.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'webhooks:write' },
  table: 'write',
  // GetItem: the endpoint; PutItem: the check's lease (conditional); a TransactWriteItems of a Put (the
  // check) and a Delete (the lease); DeleteItem: the lease given back when the check fails unexpectedly.
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], sharedPartitions: READS_KEY_HASHES },
  // The battery answers within 15 s; the URL's lookup may add 3 s before it (decision 0260).
  timeoutSeconds: 25,
  summary: "Check a webhook endpoint's receiver with forged, stale and duplicate probes",
});

export const listWebhookEndpointChecksRoute = /* @__PURE__ */ route({
  id: 'listWebhookEndpointChecks',
  method: 'GET',
  path: '/webhook/endpoints/{id}/checks',
  handler: 'functions/list-webhook-endpoint-checks.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'webhooks:write' },
  table: 'read',
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'Query', 'UpdateItem'], sharedPartitions: READS_KEY_HASHES },
  cursors: true,
  summary: "List a webhook endpoint's receiver checks, newest first",
});

export const resetSandboxRoute = /* @__PURE__ */ route({
  id: 'resetSandbox',
  method: 'POST',
  path: '/sandbox/reset',
  handler: 'functions/reset-sandbox.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'sandbox:simulate' },
  table: 'write',
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'], sharedPartitions: READS_KEY_HASHES },
  audit: true,
  summary: "Delete the client's data for a clean start (sandbox control)",
});

export const getSandboxClockRoute = /* @__PURE__ */ route({
  id: 'getSandboxClock',
  method: 'GET',
  path: '/sandbox/clock',
  handler: 'functions/get-sandbox-clock.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'sandbox:simulate' },
  table: 'read',
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'UpdateItem'], sharedPartitions: READS_KEY_HASHES },
  summary: "Read the client's sandbox clock (sandbox control)",
});

export const advanceSandboxClockRoute = /* @__PURE__ */ route({
  id: 'advanceSandboxClock',
  method: 'POST',
  path: '/sandbox/clock/advance',
  handler: 'functions/advance-sandbox-clock.ts',
  face: { kind: 'json' },
  credential: { kind: 'key', scope: 'sandbox:simulate' },
  table: 'write',
  audit: true,
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'], sharedPartitions: READS_KEY_HASHES },
  summary: "Move the client's sandbox clock ahead, applying what falls due (sandbox control)",
});

export const getAccountRoute = /* @__PURE__ */ route({
  id: 'getAccount',
  method: 'GET',
  path: '/account',
  handler: 'functions/get-account.ts',
  face: { kind: 'json' },
  credential: { kind: 'session' },
  table: 'read',
  dynamodb: { actions: ['GetItem', 'BatchGetItem', 'UpdateItem'], sharedPartitions: ACCOUNT_ADMISSION },
  summary: 'The signed-in person and their client',
});

export const listAccountKeysRoute = /* @__PURE__ */ route({
  id: 'listAccountKeys',
  method: 'GET',
  path: '/account/keys',
  handler: 'functions/list-account-keys.ts',
  face: { kind: 'json' },
  credential: { kind: 'session' },
  table: 'read',
  dynamodb: {
    actions: ['GetItem', 'BatchGetItem', 'Query', 'UpdateItem'],
    because: {
      GetItem:
        "admission reads the client's clock with a GetItem on a person's first request in a container (after their mapping); locally one process serves every route, so the suites' people are known by then",
    },
    sharedPartitions: ACCOUNT_ADMISSION,
  },
  cursors: true,
  summary: "List the client's server keys, newest first, never the keys themselves",
});

export const createAccountKeyRoute = /* @__PURE__ */ route({
  id: 'createAccountKey',
  method: 'POST',
  path: '/account/keys',
  handler: 'functions/create-account-key.ts',
  face: { kind: 'json' },
  credential: { kind: 'session' },
  table: 'write',
  dynamodb: {
    actions: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
    because: RELEASES_CLAIM,
    sharedPartitions: {
      keyHashes: {
        actions: ['GetItem', 'BatchGetItem', 'PutItem'],
        because: "admission reads a key's hash record; a new key's hash record is what admits it",
      },
      userClients: READS_USER_CLIENTS_AFRESH,
    },
  },
  audit: true,
  summary: 'Make a server key, shown once',
});

export const rollAccountKeyRoute = /* @__PURE__ */ route({
  id: 'rollAccountKey',
  method: 'POST',
  path: '/account/keys/{id}/roll',
  handler: 'functions/roll-account-key.ts',
  face: { kind: 'json' },
  credential: { kind: 'session' },
  table: 'write',
  dynamodb: {
    actions: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
    sharedPartitions: {
      keyHashes: {
        actions: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
        because: "admission reads a key's hash record; a roll writes the new key's, and the old key's expiry on its own (deleting it for a grace of 0)",
      },
      userClients: READS_USER_CLIENTS_AFRESH,
    },
  },
  audit: true,
  summary: 'Replace a server key with a new one, the old one honoured for a while',
});

export const revokeAccountKeyRoute = /* @__PURE__ */ route({
  id: 'revokeAccountKey',
  method: 'POST',
  path: '/account/keys/{id}/revoke',
  handler: 'functions/revoke-account-key.ts',
  face: { kind: 'json' },
  credential: { kind: 'session' },
  table: 'write',
  dynamodb: {
    actions: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
    sharedPartitions: {
      keyHashes: {
        actions: ['GetItem', 'BatchGetItem', 'DeleteItem'],
        because: "admission reads a key's hash record; revoking deletes it, so the key is refused at once",
      },
      userClients: READS_USER_CLIENTS_AFRESH,
    },
  },
  audit: true,
  summary: 'Revoke a server key at once',
});

export const signUpRoute = /* @__PURE__ */ route({
  id: 'signUp',
  method: 'POST',
  path: '/account/sign-up',
  handler: 'functions/sign-up.ts',
  face: { kind: 'json' },
  credential: { kind: 'none' },
  table: 'none',
  dynamodb: NO_TABLE,
  // Looks the address up, and invites it (again): the identity service e-mails the temporary password.
  userPool: ['AdminGetUser', 'AdminCreateUser', 'AdminDeleteUser'],
  summary: 'Sign up: the identity service e-mails a temporary password to the address',
});

/**
 * The dashboard's face, its page's and its files' (one function): it signs people in at the stage's
 * identity service, posts no form, answers its errors as the envelope it always has, and carries
 * the page dashboard/build.ts builds.
 */
const DASHBOARD_FACE = {
  kind: 'page',
  connects: 'identity',
  formAction: 'none',
  errors: 'envelope',
  assets: { build: 'scripts/build-dashboard.ts', dir: 'dashboard', env: ENV.dashboardAssetsDir },
} as const satisfies PageFace;

export const getDashboardRoute = /* @__PURE__ */ route({
  id: 'getDashboard',
  method: 'GET',
  path: '/dashboard',
  handler: 'functions/dashboard.ts',
  face: DASHBOARD_FACE,
  credential: { kind: 'none' },
  table: 'none',
  dynamodb: NO_TABLE,
  summary: 'The dashboard: a web page where a person signs in and uses this API with their session',
});

export const getDashboardAssetRoute = /* @__PURE__ */ route({
  id: 'getDashboardAsset',
  method: 'GET',
  path: '/dashboard/{asset}',
  handler: 'functions/dashboard.ts',
  face: DASHBOARD_FACE,
  credential: { kind: 'none' },
  table: 'none',
  dynamodb: NO_TABLE,
  summary: "The dashboard's script and style sheet",
});

/**
 * The payment page's face (docs/api.md §16): HTML for a customer's browser, whose forms post back to
 * the page itself (and whose outcome's redirect to the shop's `return_url` each answer's policy names:
 * decision 0251), its errors answered as pages.
 */
const PAYMENT_PAGE_FACE = { kind: 'page', formAction: 'self', errors: 'page' } as const satisfies PageFace;

export const getPaymentPageRoute = /* @__PURE__ */ route({
  id: 'getPaymentPage',
  method: 'GET',
  path: '/pay/{token}',
  handler: 'functions/get-payment-page.ts',
  face: PAYMENT_PAGE_FACE,
  credential: { kind: 'pathToken', param: 'token' },
  // A reader: its one write is the request counter, which is all IAM lets it change.
  table: 'read',
  dynamodb: { actions: ['GetItem', 'UpdateItem'] },
  summary: 'The payment page: a customer sees what to pay and how, or is sent back to the shop',
});

export const submitPaymentPageRoute = /* @__PURE__ */ route({
  id: 'submitPaymentPage',
  method: 'POST',
  path: '/pay/{token}',
  handler: 'functions/submit-payment-page.ts',
  face: PAYMENT_PAGE_FACE,
  credential: { kind: 'pathToken', param: 'token' },
  table: 'write',
  dynamodb: { actions: ['GetItem', 'UpdateItem', 'PutItem'] },
  audit: true,
  summary: "The payment page's sandbox actions: pay, fail, a card, a 3-D Secure challenge's answer",
});

export const getOpenApiDocumentRoute = /* @__PURE__ */ route({
  id: 'getOpenApiDocument',
  method: 'GET',
  path: '/openapi.json',
  handler: 'functions/get-openapi.ts',
  face: { kind: 'json' },
  credential: { kind: 'none' },
  table: 'none',
  dynamodb: NO_TABLE,
  summary: "This API's OpenAPI 3.1 document",
});

/** Every route's declaration, in the order the document and the docs list them. */
const declaredRoutes = [
  listChannelsRoute,
  createPaymentRoute,
  getTransactionRoute,
  listTransactionsRoute,
  cancelTransactionRoute,
  simulateTransactionRoute,
  createRefundRoute,
  listSettlementsRoute,
  listEventsRoute,
  getEventRoute,
  listEventDeliveriesRoute,
  resendEventRoute,
  createWebhookEndpointRoute,
  listWebhookEndpointsRoute,
  getWebhookEndpointRoute,
  deleteWebhookEndpointRoute,
  rollWebhookEndpointSecretRoute,
  updateWebhookEndpointRoute,
  checkWebhookEndpointRoute,
  listWebhookEndpointChecksRoute,
  resetSandboxRoute,
  getSandboxClockRoute,
  advanceSandboxClockRoute,
  getAccountRoute,
  listAccountKeysRoute,
  createAccountKeyRoute,
  rollAccountKeyRoute,
  revokeAccountKeyRoute,
  signUpRoute,
  getDashboardRoute,
  getDashboardAssetRoute,
  getPaymentPageRoute,
  submitPaymentPageRoute,
  getOpenApiDocumentRoute,
] as const;

type DeclaredRoute = (typeof declaredRoutes)[number];

/** A route's operation id: the `id` of its declaration. */
export type RouteId = DeclaredRoute['id'];

/**
 * The route table: the single source for the CDK routes, the local server and the OpenAPI document,
 * by id (each declaration's own `id`, so the two never differ). Each route is also its own constant,
 * which its contract imports: a function's bundle then holds its own route's declaration and not the
 * table's (esbuild drops what nothing reads).
 */
export const routes = /* @__PURE__ */ Object.fromEntries(/* @__PURE__ */ declaredRoutes.map((r) => [r.id, r])) as {
  readonly [R in DeclaredRoute as R['id']]: R;
};

export const routeList: readonly Route[] = declaredRoutes;

/** A function that is not a route's, with what it does on the table as a route declares it. */
export interface BackgroundFunction {
  /** Its name in the grant check and in `npm start`'s recording. */
  readonly id: string;
  readonly handler: string;
  readonly dynamodb: DynamoAccess;
}

const background = <const F extends BackgroundFunction>(f: F): F => f;

/** The handler for requests that match no route: 404, or 405 with `Allow`. It needs no table. */
export const fallbackFunction = /* @__PURE__ */ background({ id: 'routeNotFound', handler: 'functions/route-not-found.ts', dynamodb: NO_TABLE });

/**
 * The functions no route invokes, with their declarations (the stack confines their table actions to
 * client partitions: neither ever reads a key record).
 */
export const backgroundFunctions = {
  /**
   * Webhook delivery from the table's stream: GetItem (attempt, endpoint, event), Query (the
   * client's endpoints), PutItem (attempts) and UpdateItem (claims, outcomes, the event's due
   * attributes); its transactions are made of these. The stream actions are the event source
   * mapping's, with this function's role.
   */
  dispatchEvents: /* @__PURE__ */ background({
    id: 'dispatchEvents',
    handler: 'functions/dispatch-events.ts',
    dynamodb: {
      actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem'],
      stream: ['DescribeStream', 'GetShardIterator', 'GetRecords', 'ListStreams'],
      because: {
        ListStreams:
          "Lambda's event source mapping lists the table's streams when it is created; the local poller looks the stream up with DescribeTable instead.",
      },
    },
  }),
  /**
   * Webhook attempts planned for later (a chaos delay or reverse-order window), made when due: the
   * timer queue's messages invoke it (decision 0267). As the sweep makes an attempt: the claim
   * (UpdateItem), GetItem of the endpoint, the event and the client item, the outcome and the next
   * attempt (a TransactWriteItems of UpdateItem and PutItem); a reverse-order window also Queries
   * the client's held attempts, and an attempt whose event a reset removed is deleted (DeleteItem).
   */
  deliverDueAttempts: /* @__PURE__ */ background({
    id: 'deliverDueAttempts',
    handler: 'functions/deliver-due-attempts.ts',
    dynamodb: {
      actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
      because: {
        DeleteItem:
          'deletes a claimed attempt whose event a reset removed meanwhile (lib/webhooks/dispatch.ts, dropAttempt), which the suites provoke through the sweep rather than the timer',
      },
    },
  }),
  /**
   * The sweep over what falls due, run by a schedule every minute deployed and every second by
   * `npm start`: a Query of the due index finds the work; each item is re-read (GetItem) and changed
   * with its events in one TransactWriteItems (UpdateItem, PutItem, and DeleteItem for a due
   * marker); the clients whose clocks run ahead are found in the due index too, and their due
   * markers by a Query of their partitions, the markers whose transactions left `pending` before
   * deleted in a BatchWriteItem; webhook delivery's due items also Query the client's endpoints.
   */
  sweep: /* @__PURE__ */ background({
    id: 'sweep',
    handler: 'functions/sweep.ts',
    dynamodb: { actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'], indexes: ['due'] },
  }),
  /**
   * The user pool's post-authentication trigger (docs/api.md §14): a person who has just signed in
   * — the first time, with the password they chose in place of the e-mailed temporary one — is
   * registered with a new client, named at sign-up, in one TransactWriteItems (PutItem of the
   * client, its registry entry, the user→client mapping and the member item); a person registered
   * already costs one GetItem of their mapping.
   */
  identityPostAuthentication: /* @__PURE__ */ background({
    id: 'identityPostAuthentication',
    handler: 'functions/identity-post-authentication.ts',
    dynamodb: {
      actions: ['GetItem', 'PutItem'],
      sharedPartitions: {
        userClients: { actions: ['GetItem', 'PutItem'], because: "a person's user→client mapping is what admission reads to learn a session's client" },
        clientRegistry: { actions: ['PutItem'], because: 'a new client is entered in the client registry the admin CLI lists' },
      },
    },
  }),
  /**
   * The user pool's post-confirmation trigger, which Cognito runs after a password reset (the pool
   * takes no self sign-up to confirm): it ends every session of the person that began before the
   * reset (UpdateItem of their user→client mapping, lib/identity/session-end.ts).
   */
  identityPostConfirmation: /* @__PURE__ */ background({
    id: 'identityPostConfirmation',
    handler: 'functions/identity-post-confirmation.ts',
    dynamodb: {
      actions: ['UpdateItem'],
      sharedPartitions: {
        userClients: { actions: ['UpdateItem'], because: "a person's sessions end by the time on their user→client mapping, which admission reads" },
      },
    },
  }),
} as const;

/** Every function's name and declaration: the routes', the fallback's and the background ones'. */
export const functionList: readonly { readonly id: string; readonly dynamodb: DynamoAccess }[] = /* @__PURE__ */ (() => [
  ...routeList,
  fallbackFunction,
  ...Object.values(backgroundFunctions),
])();

/** Turns a route path into a regular expression that captures its parameters. */
export function pathPattern(path: string): RegExp {
  const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)');
  return new RegExp(`^${API_BASE_PATH.replace(/\//g, '\\/')}${source.replace(/\//g, '\\/')}$`);
}

export interface RouteMatch {
  readonly route: Route;
  readonly pathParameters: Record<string, string>;
}

const compiled = /* @__PURE__ */ routeList.map((r) => ({ route: r, pattern: pathPattern(r.path) }));

/** A route whose face is a page's. */
type PageRoute = Route & { readonly face: PageFace };

/** Each page route that answers its errors as pages, with the full path its parameters start at (`/api/v1/pay/`). */
const errorPages: readonly { readonly route: PageRoute; readonly prefix: string }[] = /* @__PURE__ */ routeList.flatMap((r) => {
  const parameterAt = r.path.indexOf('{');
  if (r.face.kind !== 'page' || r.face.errors !== 'page' || parameterAt < 0) return [];
  return [{ route: r as PageRoute, prefix: `${API_BASE_PATH}${r.path.slice(0, parameterAt)}` }];
});

/**
 * The page whose path `fullPath` lies under although no route takes it (`/pay`, `/pay/`,
 * `/pay/a/b`: a missing or malformed token), when that page answers its errors as pages: the
 * `$default` function answers such a path with the page's 404 page, not with JSON, as docs/api.md
 * §16 says of a malformed token. A browser is what follows such a link.
 */
export function errorPageAround(fullPath: string): PageRoute | undefined {
  return errorPages.find(({ prefix }) => fullPath.startsWith(prefix) || `${fullPath}/` === prefix)?.route;
}

/** Finds the route for a method and full path; `allowed` lists the methods the path accepts. */
export function matchRoute(method: string, fullPath: string): { match?: RouteMatch; allowed: string[] } {
  const allowed: string[] = [];
  let match: RouteMatch | undefined;
  for (const { route: r, pattern } of compiled) {
    const m = pattern.exec(fullPath);
    if (!m) continue;
    allowed.push(r.method);
    if (r.method === method.toUpperCase()) match = { route: r, pathParameters: { ...m.groups } };
  }
  return { match, allowed };
}
