// Generated from openapi.json by `npm run openapi` (openapi-typescript); do not edit.
// The dashboard calls the API through these types (openapi-fetch), so it cannot drift from the API.
export interface paths {
    "/payment/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payment methods and channels
         * @description The catalog of payment methods and channels, with their limits and fees.
         *
         *     Requires a key with the `channels:read` scope, or a signed-in person's session token.
         */
        get: operations["listChannels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a payment transaction
         * @description Creates a `pending` transaction with sandbox payment instructions in `payment_details`. `amount` must be within the channel's limits; `expiry_minutes` defaults to the channel's. `order_id` is unique per client: reusing it is 409 DUPLICATE_ORDER_ID. `sandbox` schedules the payment's outcome (settle, fail or expire after `after_seconds` on the client's clock) and needs the scope `sandbox:simulate`: a key without it gets 403 FORBIDDEN for any body that holds the field.
         *
         *     Requires a key with the `transactions:write` scope, or a signed-in person's session token.
         */
        post: operations["createPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transaction/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a transaction
         * @description Another client's id is 404, like an unknown one. A pending transaction whose `expires_at` has passed is shown as `expired`.
         *
         *     Requires a key with the `transactions:read` scope, or a signed-in person's session token.
         */
        get: operations["getTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List transactions with filters
         * @description Newest first. Following `next_cursor` with the same filters visits every match exactly once, even while new transactions are created. A cursor is opaque; a forged, corrupted or reused-with-other-filters cursor is a 400. A page may hold fewer than `limit` transactions (even none) with `has_more: true` when filters discard many: one request reads a bounded amount; follow `next_cursor`.
         *
         *     Requires a key with the `transactions:read` scope, or a signed-in person's session token.
         */
        get: operations["listTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transaction/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a pending transaction
         * @description Only a `pending` transaction can be cancelled; otherwise 409 INVALID_STATE names its status. The body is optional.
         *
         *     Requires a key with the `transactions:write` scope, or a signed-in person's session token.
         */
        post: operations["cancelTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transaction/{id}/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Settle, fail or expire a pending transaction (sandbox control)
         * @description Moves a `pending` transaction as the payment network would: `settle` (and write the payment's settlement entry in the same atomic write), `fail` or `expire`. Any other status is 409 INVALID_STATE.
         *
         *     Requires a key with the `sandbox:simulate` scope, or a signed-in person's session token.
         */
        post: operations["simulateTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund all or part of a settled transaction
         * @description Refunds all or part of a `settled` transaction, named by exactly one of `transaction_id` or `order_id`; any other status is 409 INVALID_STATE. A refund that reaches the full amount makes the transaction `refunded`. The refund, the transaction and the refund's (negative) settlement entry are written atomically: concurrent refunds never total more than the amount.
         *
         *     Requires a key with the `refunds:write` scope, or a signed-in person's session token.
         */
        post: operations["createRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settlements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the settlement ledger
         * @description The ledger, newest first: one entry when a payment settles, one negative entry per refund. The sum of `net_amount` over all entries is the client's balance. A page may hold fewer than `limit` entries (even none) with `has_more: true` when filters discard many: one request reads a bounded amount; follow `next_cursor`.
         *
         *     Requires a key with the `settlements:read` scope, or a signed-in person's session token.
         */
        get: operations["listSettlements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events, newest first or oldest first for polling
         * @description The record of every change of your data, newest first; strongly consistent (an event is listed as soon as the answer to its change arrives). With `order=asc`, oldest first, for polling: a page lists only events recorded more than 2 s ago, and `next_cursor` is never null — keep it and ask again later to get only the events recorded since, each exactly once. Following `next_cursor` with the same filters visits every match exactly once; a cursor of other filters, another client or a forged one is a 400. A page may hold fewer than `limit` events (even none) with `has_more: true` when filters discard many: one request reads a bounded amount; follow `next_cursor`.
         *
         *     Requires a key with the `events:read` scope, or a signed-in person's session token.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/event/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an event
         * @description Another client's id is 404, like an unknown one; so is an event past its 30 days.
         *
         *     Requires a key with the `events:read` scope, or a signed-in person's session token.
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/event/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an event's webhook delivery attempts
         * @description Every attempt to deliver the event to a webhook endpoint, newest first: those made (succeeded or failed, with the status and time of the answer, or why none came) and the one still owed (pending, with when it is due). No response bodies, no secrets. Another client's event id is 404, like an unknown one.
         *
         *     Requires a key with the `events:read` scope, or a signed-in person's session token.
         */
        get: operations["listEventDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/event/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an event to webhook endpoints again
         * @description Starts a fresh delivery of the event now, with its own retries: to `endpoint_id`, or (no body, or no `endpoint_id`) to every endpoint enabled for its type. The answer lists the new attempts, pending; an empty list when no endpoint is subscribed. Another client's event or endpoint id is 404, like an unknown one.
         *
         *     Requires a key with the `webhooks:write` scope, or a signed-in person's session token.
         */
        post: operations["resendEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook/endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description The client's webhook endpoints, newest first, without their secrets.
         *
         *     Requires a key with the `webhooks:write` scope, or a signed-in person's session token.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Register a webhook endpoint
         * @description Registers a URL to receive events. The answer holds the endpoint's signing `secret`, shown only here. Deployed, the URL must be `https://` with a host name whose every address is public (no IP literal, no loopback, private, link-local, CGNAT or metadata address); locally, `http://` and loopback are accepted too. At most 10 endpoints per client: 409 LIMIT_EXCEEDED.
         *
         *     Requires a key with the `webhooks:write` scope, or a signed-in person's session token.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook/endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a webhook endpoint
         * @description One webhook endpoint, without its secret. Another client's id is 404, like an unknown one.
         *
         *     Requires a key with the `webhooks:write` scope, or a signed-in person's session token.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Deletes a webhook endpoint and answers it as it was (without its secret). A second delete is 404, unless it repeats the first one's `Idempotency-Key`, which replays the first answer. A body is ignored.
         *
         *     Requires a key with the `webhooks:write` scope, or a signed-in person's session token.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint: its URL, events, description, status or delivery chaos
         * @description Changes the fields given and leaves the others: `url` (checked as on a create), `enabled_events`, `description`, `status` (`disabled`: the endpoint receives nothing, no first attempt and no retry, until `enabled` again) and `chaos` (a chaos field left out stays as it is). Recorded as `webhook_endpoint.updated` with the changed fields' old values; a PATCH that changes nothing records nothing. Another client's endpoint is 404.
         *
         *     Requires a key with the `webhooks:write` scope, or a signed-in person's session token.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/webhook/endpoints/{id}/roll-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Roll a webhook endpoint's signing secret, the old one honoured for a while
         * @description Gives the endpoint a new signing `secret`, shown only in this answer. Until the old secret expires (`expire_old_in_seconds`, default a day) every delivery carries two signatures in `webhook-signature`, the new one first, so a receiver that knows either secret verifies it; afterwards only the new one. Recorded as `webhook_endpoint.secret_rolled`. Another client's endpoint is 404.
         *
         *     Requires a key with the `webhooks:write` scope, or a signed-in person's session token.
         */
        post: operations["rollWebhookEndpointSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook/endpoints/{id}/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a webhook endpoint's receiver with forged, stale and duplicate probes
         * @description Sends nine probes to the endpoint's URL, under the URL and connection rules of a delivery, and answers within 15 s how the receiver answered each: signed as a delivery is (2xx within 3 s), the same `webhook-id` again (2xx), an unknown type (2xx), two signatures of which only the second is valid (2xx); a tampered body, a wrong secret, no signature, a timestamp 10 minutes old or ahead (each 4xx: a 5xx would make a sender retry a forgery). Every probe is a `webhook_endpoint.check` event (the unknown type aside), not recorded in `GET /events`. Kept 30 days. One check at a time per endpoint: 409 INVALID_STATE while one runs. Another client's endpoint is 404.
         *
         *     Requires a key with the `webhooks:write` scope, or a signed-in person's session token.
         */
        post: operations["checkWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook/endpoints/{id}/checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a webhook endpoint's receiver checks, newest first
         * @description The endpoint's receiver checks of the last 30 days, newest first. Another client's endpoint is 404.
         *
         *     Requires a key with the `webhooks:write` scope, or a signed-in person's session token.
         */
        get: operations["listWebhookEndpointChecks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete the client's data for a clean start (sandbox control)
         * @description Deletes every transaction, order reservation, refund, ledger entry, event, webhook delivery attempt and idempotency record of the key's client, so a CI run starts from a clean slate; keys stay, and webhook endpoints stay unless `webhook_endpoints` is true. Pending deliveries of the removed events stop. Other clients are untouched. `has_more` is true only when the call ran out of time first (a very large partition on a deployed stage): call again, with a new `Idempotency-Key` if you send one.
         *
         *     Requires a key with the `sandbox:simulate` scope, or a signed-in person's session token.
         */
        post: operations["resetSandbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the client's sandbox clock (sandbox control)
         * @description The key's client's clock: `now` is real time plus `offset_seconds`, which is 0 until the client advances it (POST /sandbox/clock/advance) and again after a reset. Every time the sandbox shows or compares for this client (created_at, expires_at, expiry, event and ledger times, time filters, new ids) is read from this clock.
         *
         *     Requires a key with the `sandbox:simulate` scope, or a signed-in person's session token.
         */
        get: operations["getSandboxClock"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/clock/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move the client's sandbox clock ahead, applying what falls due (sandbox control)
         * @description Moves the key's client's clock ahead by `seconds` or to `to` (exactly one; never backwards: a `to` at or before the client's now is 400). Before answering, everything of the client that falls due up to the new now — expiries and scheduled outcomes — is applied in due order, each dated its own due time, with its events and webhooks. Other clients' clocks and data are untouched. A call cut off midway moved nothing: send it again.
         *
         *     Requires a key with the `sandbox:simulate` scope, or a signed-in person's session token.
         */
        post: operations["advanceSandboxClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in person and their client
         * @description Who is signed in: the person (their e-mail, when they joined) and the client they act for. For a signed-in person's session token only; a server key is refused with 403.
         *
         *     Requires a signed-in person's session token; a server key is refused with 403.
         */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the client's server keys, newest first, never the keys themselves
         * @description The client's server keys, newest first — those made on the API Keys page or with this API, and those the admin CLI made (`created_by: "admin"`) — with their status and last use, never the keys themselves. A session token only; a server key is 403.
         *
         *     Requires a signed-in person's session token; a server key is refused with 403.
         */
        get: operations["listAccountKeys"];
        put?: never;
        /**
         * Make a server key, shown once
         * @description Makes a server key of the signed-in person's client. The answer holds the `key`, shown only here: keep it in an environment variable, never in browser code. Recorded as `api_key.created`. At most 20 keys that are neither revoked nor expired per client: 409 LIMIT_EXCEEDED. A session token only; a server key is 403.
         *
         *     Requires a signed-in person's session token; a server key is refused with 403.
         */
        post: operations["createAccountKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/keys/{id}/roll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace a server key with a new one, the old one honoured for a while
         * @description Makes a new key with the same label, scopes and lifetime, shown only in this answer. The old key keeps working for `expire_old_in_seconds` (default an hour; status `expiring`), then is refused with 401. Rolling a revoked or expired key is 409 INVALID_STATE. Recorded as `api_key.rolled` (the old key) and `api_key.created` (the new one). Another client's key is 404. A session token only; a server key is 403.
         *
         *     Requires a signed-in person's session token; a server key is refused with 403.
         */
        post: operations["rollAccountKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a server key at once
         * @description Revokes a key: the very next request with it is refused with 401. Recorded as `api_key.revoked`; revoking a revoked key answers it unchanged. An expired key is 409 INVALID_STATE. Another client's key is 404. A session token only; a server key is 403.
         *
         *     Requires a signed-in person's session token; a server key is refused with 403.
         */
        post: operations["revokeAccountKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/sign-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign up: the identity service e-mails a temporary password to the address
         * @description Signs a person up, as the dashboard's sign-up form does: no key, no session. The stage's identity service e-mails the address a temporary password, valid 7 days; at the first sign-in with it the person chooses their own password, and only then is their client made, named `client_name`. Nobody chooses a password before their mailbox is proven, so signing up with someone else's address gives nothing. The answer is the same whether or not the address has an account; an invitation not taken up is sent afresh (at most once a minute), an account in use is left as it is. 403 FORBIDDEN when the stage's sign-up policy does not let the address sign up (`closed`, or another e-mail domain), saying who may.
         *
         *     Public: needs no key.
         */
        post: operations["signUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The dashboard: a web page where a person signs in and uses this API with their session
         * @description A web page for people (docs/api.md §13). It holds no data and needs no credential to load. A person signs in with a user account of the stage's identity service (docs/api.md §14): the page signs up, confirms and signs in there itself, never through this API, then calls this same API with the session's access token. The session lives in the page's memory only, gone with the tab; the page never asks for or keeps a server key (one it has just made is shown once). Served with a strict `Content-Security-Policy` (its own script and style sheet only, requests to this origin and the stage's identity service only) and `Cache-Control: no-cache`.
         *
         *     Public: needs no key.
         */
        get: operations["getDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/{asset}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The dashboard's script and style sheet
         * @description One of the files the dashboard page names (`app-<hash>.js`, `app-<hash>.css`). They are named after their content, so they are served with `Cache-Control: public, max-age=31536000, immutable`; any other name is 404.
         *
         *     Public: needs no key.
         */
        get: operations["getDashboardAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The payment page: a customer sees what to pay and how, or is sent back to the shop
         * @description The customer's page of one transaction (docs/api.md §16): the merchant, order, amount, channel, status and time left on the client's sandbox clock, the method's instructions (the virtual account number, the QR code drawn from `qr_string`, the retail code, the e-wallet's approve screen, a card form with the test cards) and the sandbox actions. Never the customer's e-mail or phone, nor the metadata. A transaction that is no longer `pending` sends the browser to its `return_url` (303, with `transaction_id`, `order_id` and `status` added to its query), or shows a receipt without one. Served with a strict `Content-Security-Policy`, `Referrer-Policy: no-referrer`, `Cache-Control: no-store` and `X-Robots-Tag: noindex`. Counts against the client’s requests per second.
         *
         *     Public to whoever holds its link: the `token` in the path is its only credential, and an unknown one is 404.
         */
        get: operations["getPaymentPage"];
        put?: never;
        /**
         * The payment page's sandbox actions: pay, fail, a card, a 3-D Secure challenge's answer
         * @description A sandbox action of the payment page (docs/api.md §16), the same transition as `simulate`: `pay` settles, `fail` fails (`failure_code: simulated`); `card` checks the card (Luhn, an expiry that has not passed on the client's clock, a CVC) and does what its test card says, or shows a 3-D Secure challenge whose `3ds-complete` settles and `3ds-fail` fails (`authentication_failed`). Its event names the payment page in `request.source`. Answers 303 See Other: to the transaction's `return_url` with `transaction_id`, `order_id` and `status` added to its query, else back to the page (its receipt, or the challenge). A transaction that already left `pending` (a cancel or another outcome won) is answered the same way, showing the winner. A bad card field is 400 with the page and the field’s error, nothing changed.
         *
         *     Public to whoever holds its link: the `token` in the path is its only credential, and an unknown one is 404.
         */
        post: operations["submitPaymentPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This API's OpenAPI 3.1 document
         * @description This document, exactly as committed in the repository (`openapi.json`). No key needed.
         *
         *     Public: needs no key.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    event: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An event, POSTed to each webhook endpoint enabled for its type
         * @description Sent by the sandbox to your endpoint's URL, per the Standard Webhooks specification, so any of its libraries verifies it: `webhook-signature` is `v1,` and the base64 HMAC-SHA256, keyed with the bytes of your endpoint's secret (the base64 after `whsec_`), of `{webhook-id}.{webhook-timestamp}.{body}`.
         *
         *     A 2xx within 10 s is success. Anything else (another status, a timeout, a refused connection) is retried after 10 s, 1 min, 5 min, 30 min, 2 h (6 attempts), then the delivery is failed. Redirects are not followed. At least once and in no guaranteed order: dedupe on `webhook-id`, the event id, which every attempt and resend repeats.
         */
        post: operations["deliverEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description A payment transaction
         * @example {
         *       "id": "txn_01M80CCH60Q4X8V3K9T2B7N5RD",
         *       "order_id": "ORDER-1001",
         *       "status": "pending",
         *       "amount": 150000,
         *       "currency": "IDR",
         *       "payment_method": "bank_transfer",
         *       "payment_channel": "bca_va",
         *       "customer": {
         *         "name": "Budi",
         *         "email": "budi@example.com",
         *         "phone": "+628123456789"
         *       },
         *       "description": null,
         *       "metadata": {},
         *       "fee": 4000,
         *       "net_amount": 146000,
         *       "refunded_amount": 0,
         *       "payment_details": {
         *         "va_number": "3935812345678901"
         *       },
         *       "payment_url": "https://a1b2c3d4e5.execute-api.ap-southeast-3.amazonaws.com/api/v1/pay/AaIAxPQaFwnjKQwDhQJI0wGiAMZEwLk6jY5p0JZ6lw3jdZywe17Ndjb12g-d4EY-",
         *       "return_url": "https://shop.example.com/orders/ORDER-1001/return",
         *       "expires_at": "2026-11-23T01:02:03.456Z",
         *       "created_at": "2026-11-22T01:02:03.456Z",
         *       "updated_at": "2026-11-22T01:02:03.456Z",
         *       "settled_at": null,
         *       "cancelled_at": null,
         *       "expired_at": null,
         *       "failed_at": null,
         *       "cancellation_reason": null,
         *       "failure_code": null,
         *       "failure_reason": null
         *     }
         */
        Transaction: {
            id: string;
            /** @description The merchant's order id, unique per client */
            order_id: string;
            /** @enum {string} */
            status: "pending" | "settled" | "failed" | "expired" | "cancelled" | "refunded";
            amount: number;
            /** @example IDR */
            currency: string;
            /** @example bank_transfer */
            payment_method: string;
            /** @example bca_va */
            payment_channel: string;
            customer: components["schemas"]["Customer"];
            description: string | null;
            metadata: {
                [key: string]: string | number | boolean | null;
            };
            /** @description The channel's fee */
            fee: number;
            /** @description amount − fee */
            net_amount: number;
            /** @description The sum of the refunds so far */
            refunded_amount: number;
            payment_details: components["schemas"]["PaymentDetails"];
            /**
             * @description The payment page, `{base_url}/pay/{token}`: its token is its only credential. null for a transaction made before v1.3
             * @example https://a1b2c3d4e5.execute-api.ap-southeast-3.amazonaws.com/api/v1/pay/AaIAxPQaFwnjKQwDhQJI0wGiAMZEwLk6jY5p0JZ6lw3jdZywe17Ndjb12g-d4EY-
             */
            payment_url: string | null;
            /**
             * @description Where the payment page sends the customer back, as given, or null
             * @example https://shop.example.com/orders/ORDER-1001/return
             */
            return_url: string | null;
            /**
             * Format: date-time
             * @description A pending transaction is expired from this instant on
             */
            expires_at: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description When it settled */
            settled_at: string | null;
            /** @description When it was cancelled */
            cancelled_at: string | null;
            /** @description When it expired (equal to expires_at) */
            expired_at: string | null;
            /** @description When it failed */
            failed_at: string | null;
            cancellation_reason: string | null;
            /** @description Why it failed: `simulated` (a sandbox control), or a test card's `card_declined`, `insufficient_funds`, `authentication_failed`; null unless failed */
            failure_code: ("simulated" | "card_declined" | "insufficient_funds" | "authentication_failed") | null;
            /** @description Why it failed, as a sentence; null unless failed */
            failure_reason: string | null;
        };
        Customer: {
            /** @example Budi */
            name: string;
            /**
             * Format: email
             * @example budi@example.com
             */
            email: string;
            /** @example +628123456789 */
            phone?: string;
        };
        /** @description Sandbox payment instructions: `va_number`, `qr_string`, `payment_code` or `checkout_url` by method; `{}` for card until a card is tried on the payment page, then `card` */
        PaymentDetails: {
            /** @description bank_transfer: the virtual account number */
            va_number?: string;
            /** @description qris: the QR payload to render */
            qr_string?: string;
            /** @description retail: the code to pay at the counter */
            payment_code?: string;
            /**
             * Format: uri
             * @description ewallet: the payment page, `payment_url`
             */
            checkout_url?: string;
            /** @description card: the card last tried on the payment page, never its number or CVC */
            card?: {
                /** @example visa */
                brand: string;
                /** @example 1111 */
                last4: string;
                /** @example 12 */
                exp_month: number;
                /** @example 2030 */
                exp_year: number;
            };
        };
        /**
         * @description A refund of all or part of a settled transaction
         * @example {
         *       "id": "rfd_01M83VVAE0H6J2W9C4M8P1S7TZ",
         *       "transaction_id": "txn_01M80CCH60Q4X8V3K9T2B7N5RD",
         *       "order_id": "ORDER-1001",
         *       "amount": 50000,
         *       "currency": "IDR",
         *       "reason": "Damaged item",
         *       "status": "succeeded",
         *       "created_at": "2026-11-23T09:30:00.000Z"
         *     }
         */
        Refund: {
            id: string;
            transaction_id: string;
            order_id: string;
            amount: number;
            /** @example IDR */
            currency: string;
            reason: string | null;
            /**
             * @description Sandbox refunds succeed at once
             * @constant
             */
            status: "succeeded";
            /** Format: date-time */
            created_at: string;
        };
        /**
         * @description The record of one change of your data
         * @example {
         *       "id": "evt_01M80CWEM1X2Y3Z4A5B6C7D8E9",
         *       "type": "payment.settled",
         *       "api_version": "v1",
         *       "created_at": "2026-11-22T01:10:45.120Z",
         *       "data": {
         *         "object": {
         *           "id": "txn_01M80CCH60Q4X8V3K9T2B7N5RD",
         *           "order_id": "ORDER-1001",
         *           "status": "settled",
         *           "amount": 150000,
         *           "currency": "IDR",
         *           "payment_method": "bank_transfer",
         *           "payment_channel": "bca_va",
         *           "customer": {
         *             "name": "Budi",
         *             "email": "budi@example.com",
         *             "phone": "+628123456789"
         *           },
         *           "description": null,
         *           "metadata": {},
         *           "fee": 4000,
         *           "net_amount": 146000,
         *           "refunded_amount": 0,
         *           "payment_details": {
         *             "va_number": "3935812345678901"
         *           },
         *           "payment_url": "https://a1b2c3d4e5.execute-api.ap-southeast-3.amazonaws.com/api/v1/pay/AaIAxPQaFwnjKQwDhQJI0wGiAMZEwLk6jY5p0JZ6lw3jdZywe17Ndjb12g-d4EY-",
         *           "return_url": "https://shop.example.com/orders/ORDER-1001/return",
         *           "expires_at": "2026-11-23T01:02:03.456Z",
         *           "created_at": "2026-11-22T01:02:03.456Z",
         *           "updated_at": "2026-11-22T01:10:45.120Z",
         *           "settled_at": "2026-11-22T01:10:45.120Z",
         *           "cancelled_at": null,
         *           "expired_at": null,
         *           "failed_at": null,
         *           "cancellation_reason": null,
         *           "failure_code": null,
         *           "failure_reason": null
         *         },
         *         "previous_attributes": {
         *           "status": "pending",
         *           "updated_at": "2026-11-22T01:02:03.456Z",
         *           "settled_at": null
         *         }
         *       },
         *       "request": {
         *         "id": "8a4f6c2e-1b3d-4e5f-9a7b-0c1d2e3f4a5b",
         *         "idempotency_key": null
         *       }
         *     }
         */
        Event: {
            /** @description evt_ and a ULID whose time part is when the event was recorded */
            id: string;
            /**
             * @description What happened
             * @enum {string}
             */
            type: "payment.created" | "payment.settled" | "payment.failed" | "payment.cancelled" | "payment.expired" | "refund.created" | "payment.refunded" | "webhook_endpoint.secret_rolled" | "webhook_endpoint.updated" | "api_key.created" | "api_key.rolled" | "api_key.revoked" | "api_key.expired";
            /**
             * @description The version of the API whose objects `data` holds
             * @constant
             */
            api_version: "v1";
            /**
             * Format: date-time
             * @description When the change happened
             */
            created_at: string;
            data: {
                /** @description The transaction after the change, the refund (refund.created), the webhook endpoint without its secret (webhook_endpoint.*), or the API key without the key (api_key.*), exactly as the API shows it */
                object: components["schemas"]["Transaction"] | components["schemas"]["Refund"] | components["schemas"]["WebhookEndpoint"] | components["schemas"]["ApiKey"];
                /** @description The changed fields' values before the change; absent on payment.created and refund.created */
                previous_attributes?: {
                    [key: string]: unknown;
                };
            };
            /** @description The request that caused the change */
            request: {
                /** @description The X-Request-Id of the request that caused the change, or null */
                id: string | null;
                /** @description The Idempotency-Key that request carried, or null */
                idempotency_key: string | null;
                /**
                 * @description `payment_page` when a customer's action on the payment page made the change; absent otherwise
                 * @constant
                 */
                source?: "payment_page";
            };
        };
        /**
         * @description A URL that receives events, signed with its secret
         * @example {
         *       "id": "whe_01M80D4KQ5V7X9Z2B4C6D8F0GH",
         *       "url": "https://example.com/webhooks/payments",
         *       "enabled_events": [
         *         "payment.settled",
         *         "payment.failed"
         *       ],
         *       "description": "Order service",
         *       "status": "enabled",
         *       "chaos": {
         *         "duplicates": 0,
         *         "reverse_order": false,
         *         "delay_seconds": 0
         *       },
         *       "created_at": "2026-11-22T01:00:00.000Z"
         *     }
         */
        WebhookEndpoint: {
            id: string;
            /**
             * Format: uri
             * @description Where events are sent
             */
            url: string;
            /** @description Event types to deliver: a list of distinct types, or `["*"]` (alone) for every type */
            enabled_events: ("payment.created" | "payment.settled" | "payment.failed" | "payment.cancelled" | "payment.expired" | "refund.created" | "payment.refunded" | "webhook_endpoint.secret_rolled" | "webhook_endpoint.updated" | "api_key.created" | "api_key.rolled" | "api_key.revoked" | "api_key.expired" | "*")[];
            description: string | null;
            /**
             * @description `enabled` (delivered to) from its creation, `disabled` (receives nothing, not even retries) once a PATCH says so
             * @enum {string}
             */
            status: "enabled" | "disabled";
            /** @description Deterministic delivery chaos, for testing a receiver: all off by default */
            chaos: {
                /** @description Every delivery is sent this many more times, with the same `webhook-id` and body, each an attempt of its own marked `duplicate` */
                duplicates: number;
                /** @description Events recorded within 2 s of each other are delivered newest first (a `payment.settled` before its `payment.created`) */
                reverse_order: boolean;
                /** @description Each first attempt waits this many seconds after its event */
                delay_seconds: number;
            };
            /** Format: date-time */
            created_at: string;
        };
        /**
         * @description A server key of your client, without the key itself
         * @example {
         *       "id": "key_01M80C9Y1V3X5Z7B9D1F3H5K7M",
         *       "label": "ci",
         *       "scopes": [
         *         "transactions:write",
         *         "transactions:read"
         *       ],
         *       "last4": "x9Qa",
         *       "status": "active",
         *       "created_at": "2026-11-22T01:00:00.000Z",
         *       "created_by": "user:dev@example.com",
         *       "last_used_at": "2026-11-22T01:02:03.456Z",
         *       "expires_at": null,
         *       "revoked_at": null
         *     }
         */
        ApiKey: {
            id: string;
            /** @description Your name for the key */
            label: string | null;
            /** @description What the key may do (docs/api.md §3) */
            scopes: ("transactions:write" | "transactions:read" | "refunds:write" | "settlements:read" | "channels:read" | "sandbox:simulate" | "events:read" | "webhooks:write")[];
            /** @description The last four characters of the key, to tell keys apart */
            last4: string;
            /**
             * @description `active`; `expiring`: rolled, still admitting until `expires_at`; `expired`: past its `expires_at`; `revoked`. Only `active` and `expiring` keys are accepted
             * @enum {string}
             */
            status: "active" | "expiring" | "expired" | "revoked";
            /** Format: date-time */
            created_at: string;
            /** @description `user:<email>` for a key made on the API Keys page or this API, `admin` for one the admin CLI made */
            created_by: string;
            /** @description When the key last admitted a request, true to within 60 s; null if never */
            last_used_at: string | null;
            /** @description When the key stops being accepted, if it does (real time, not the sandbox clock) */
            expires_at: string | null;
            revoked_at: string | null;
        };
        /** @description A payment channel and its limits and fee */
        Channel: {
            /** @example bca_va */
            payment_channel: string;
            /** @example BCA Virtual Account */
            name: string;
            /**
             * @description ISO 4217 code
             * @example IDR
             */
            currency: string;
            min_amount: number;
            max_amount: number;
            fee: components["schemas"]["Fee"];
            /** @description Default lifetime of a pending transaction */
            expiry_minutes: number;
            enabled: boolean;
        };
        /** @description fee = flat + round_half_up(amount × percent / 100), computed in integers */
        Fee: {
            /** @description Flat part, in the currency's charged unit */
            flat: number;
            /** @description Percentage of the amount, such as 2.9 (at most 4 decimal places) */
            percent: number;
        };
        FieldError: {
            /**
             * @description The body field (dotted path), query parameter, path parameter or header that is wrong
             * @example customer.email
             */
            field: string;
            /** @example must be an e-mail address */
            message: string;
        };
        /**
         * @description An entry of the settlement ledger
         * @example {
         *       "id": "stl_01M80CWEM0F3G7K2N8R4V6X9Y1",
         *       "type": "payment",
         *       "transaction_id": "txn_01M80CCH60Q4X8V3K9T2B7N5RD",
         *       "refund_id": null,
         *       "order_id": "ORDER-1001",
         *       "payment_method": "bank_transfer",
         *       "payment_channel": "bca_va",
         *       "currency": "IDR",
         *       "gross_amount": 150000,
         *       "fee": 4000,
         *       "net_amount": 146000,
         *       "settled_at": "2026-11-22T01:10:45.120Z"
         *     }
         */
        SettlementEntry: {
            id: string;
            /**
             * @description `payment` when a payment settles, `refund` for each refund
             * @enum {string}
             */
            type: "payment" | "refund";
            transaction_id: string;
            /** @description Set on refund entries */
            refund_id: string | null;
            order_id: string;
            payment_method: string;
            payment_channel: string;
            /** @example IDR */
            currency: string;
            /** @description The amount paid, or −the refund amount */
            gross_amount: number;
            /** @description The channel fee (0 on refund entries) */
            fee: number;
            /** @description gross_amount − fee; the sum over a client's entries is its balance */
            net_amount: number;
            /** Format: date-time */
            settled_at: string;
        };
        /**
         * @description A new webhook endpoint with its signing secret
         * @example {
         *       "id": "whe_01M80D4KQ5V7X9Z2B4C6D8F0GH",
         *       "url": "https://example.com/webhooks/payments",
         *       "enabled_events": [
         *         "payment.settled",
         *         "payment.failed"
         *       ],
         *       "description": "Order service",
         *       "status": "enabled",
         *       "chaos": {
         *         "duplicates": 0,
         *         "reverse_order": false,
         *         "delay_seconds": 0
         *       },
         *       "created_at": "2026-11-22T01:00:00.000Z",
         *       "secret": "whsec_p2xVb3QaDt0n8mSgF1rJkYcWzE5uHo7L"
         *     }
         */
        CreatedWebhookEndpoint: {
            id: string;
            /**
             * Format: uri
             * @description Where events are sent
             */
            url: string;
            /** @description Event types to deliver: a list of distinct types, or `["*"]` (alone) for every type */
            enabled_events: ("payment.created" | "payment.settled" | "payment.failed" | "payment.cancelled" | "payment.expired" | "refund.created" | "payment.refunded" | "webhook_endpoint.secret_rolled" | "webhook_endpoint.updated" | "api_key.created" | "api_key.rolled" | "api_key.revoked" | "api_key.expired" | "*")[];
            description: string | null;
            /**
             * @description `enabled` (delivered to) from its creation, `disabled` (receives nothing, not even retries) once a PATCH says so
             * @enum {string}
             */
            status: "enabled" | "disabled";
            /** @description Deterministic delivery chaos, for testing a receiver: all off by default */
            chaos: {
                /** @description Every delivery is sent this many more times, with the same `webhook-id` and body, each an attempt of its own marked `duplicate` */
                duplicates: number;
                /** @description Events recorded within 2 s of each other are delivered newest first (a `payment.settled` before its `payment.created`) */
                reverse_order: boolean;
                /** @description Each first attempt waits this many seconds after its event */
                delay_seconds: number;
            };
            /** Format: date-time */
            created_at: string;
            /** @description Signs every delivery (Standard Webhooks). Shown only in this answer: store it now */
            secret: string;
        };
        /**
         * @description A new server key, shown once
         * @example {
         *       "id": "key_01M80C9Y1V3X5Z7B9D1F3H5K7M",
         *       "label": "ci",
         *       "scopes": [
         *         "transactions:write",
         *         "transactions:read"
         *       ],
         *       "last4": "x9Qa",
         *       "status": "active",
         *       "created_at": "2026-11-22T01:00:00.000Z",
         *       "created_by": "user:dev@example.com",
         *       "last_used_at": "2026-11-22T01:02:03.456Z",
         *       "expires_at": null,
         *       "revoked_at": null,
         *       "key": "sk_sbx_cli_01M80C9X0T2W4Y6A8C0E2G4J6K_p2xVb3QaDt0n8mSgF1rJkYcWzE5uHo7L9sNcx9Qa"
         *     }
         */
        CreatedApiKey: {
            id: string;
            /** @description Your name for the key */
            label: string | null;
            /** @description What the key may do (docs/api.md §3) */
            scopes: ("transactions:write" | "transactions:read" | "refunds:write" | "settlements:read" | "channels:read" | "sandbox:simulate" | "events:read" | "webhooks:write")[];
            /** @description The last four characters of the key, to tell keys apart */
            last4: string;
            /**
             * @description `active`; `expiring`: rolled, still admitting until `expires_at`; `expired`: past its `expires_at`; `revoked`. Only `active` and `expiring` keys are accepted
             * @enum {string}
             */
            status: "active" | "expiring" | "expired" | "revoked";
            /** Format: date-time */
            created_at: string;
            /** @description `user:<email>` for a key made on the API Keys page or this API, `admin` for one the admin CLI made */
            created_by: string;
            /** @description When the key last admitted a request, true to within 60 s; null if never */
            last_used_at: string | null;
            /** @description When the key stops being accepted, if it does (real time, not the sandbox clock) */
            expires_at: string | null;
            revoked_at: string | null;
            /** @description The server key. Shown only in this answer: store it now. Null in the replay of a request repeated with its Idempotency-Key: only a hash of a key is ever stored, so no replay can show it again */
            key: string | null;
        };
        /**
         * @description The signed-in person and the client they act for
         * @example {
         *       "user": {
         *         "email": "dev@example.com",
         *         "created_at": "2026-11-22T00:59:00.000Z"
         *       },
         *       "client": {
         *         "id": "cli_01M80C9X0T2W4Y6A8C0E2G4J6K",
         *         "name": "Acme",
         *         "created_at": "2026-11-22T00:59:00.000Z"
         *       }
         *     }
         */
        Account: {
            user: {
                email: string;
                /** Format: date-time */
                created_at: string;
            };
            client: {
                id: string;
                name: string;
                /** Format: date-time */
                created_at: string;
            };
        };
        /**
         * @description One attempt to deliver an event to a webhook endpoint
         * @example {
         *       "id": "dlv_01M80CWEM5K8Q2R6T0V4X8Z2B6",
         *       "endpoint_id": "whe_01M80D4KQ5V7X9Z2B4C6D8F0GH",
         *       "attempt": 1,
         *       "duplicate": false,
         *       "status": "failed",
         *       "response_status": 500,
         *       "response_time_ms": 84,
         *       "error": "The endpoint answered 500",
         *       "attempted_at": "2026-11-22T01:10:45.300Z",
         *       "next_attempt_at": "2026-11-22T01:10:55.384Z"
         *     }
         */
        DeliveryAttempt: {
            /** @description dlv_ and a ULID whose time part is when the attempt was scheduled */
            id: string;
            /** @description The webhook endpoint it is (or was) sent to */
            endpoint_id: string;
            /** @description Its number in its delivery: 1, then 2… for each retry; a resend starts again at 1 */
            attempt: number;
            /** @description True for a copy that the endpoint's chaos (`duplicates`) sends besides the delivery: same `webhook-id` and body */
            duplicate: boolean;
            /**
             * @description `pending` until it is made (it may be under way), then `succeeded` (a 2xx within the timeout) or `failed`
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed";
            /** @description The receiver's HTTP status, or null when none came */
            response_status: number | null;
            /** @description How long the receiver took to answer (or until the attempt gave up), or null when nothing was sent */
            response_time_ms: number | null;
            /** @description Why the attempt failed when no 2xx came (a timeout, a refused connection, a URL the policy refuses, a non-2xx status), or null */
            error: string | null;
            /** @description When it was made, or null while pending */
            attempted_at: string | null;
            /** @description Pending: when it is due. Failed: when the next attempt is due, or null after the last one */
            next_attempt_at: string | null;
        };
        /** @description A payment method and its channels */
        PaymentMethod: {
            /** @example bank_transfer */
            payment_method: string;
            /** @example Bank Transfer */
            name: string;
            channels: components["schemas"]["Channel"][];
        };
        Pagination: {
            /** @description The page size in effect (the `limit` asked for, default 20) */
            limit: number;
            /** @description True when another page follows */
            has_more: boolean;
            /** @description Pass as `cursor` with the same filters to get the next page; null when `has_more` is false */
            next_cursor: string | null;
        };
        /** @description The body is not valid JSON, or not a JSON object. */
        InvalidJsonError: {
            /** @constant */
            success: false;
            error: {
                /** @constant */
                code: "INVALID_JSON";
                message: string;
            };
        };
        /** @description A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
        ValidationError: {
            /** @constant */
            success: false;
            error: {
                /** @constant */
                code: "VALIDATION_ERROR";
                message: string;
                /** @description One entry per bad input, at most 50; when there are more, the message counts them */
                details: components["schemas"]["FieldError"][];
            };
        };
        /** @description The key is missing, malformed, unknown or revoked. */
        UnauthorizedError: {
            /** @constant */
            success: false;
            error: {
                /** @constant */
                code: "UNAUTHORIZED";
                message: string;
            };
        };
        /** @description The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
        ForbiddenError: {
            /** @constant */
            success: false;
            error: {
                /** @constant */
                code: "FORBIDDEN";
                message: string;
            };
        };
        /** @description No such resource for this client (another client's id is also 404), or no such route. */
        NotFoundError: {
            /** @constant */
            success: false;
            error: {
                /** @constant */
                code: "NOT_FOUND";
                message: string;
            };
        };
        /** @description Known path, wrong method; the `Allow` header lists the methods. */
        MethodNotAllowedError: {
            /** @constant */
            success: false;
            error: {
                /** @constant */
                code: "METHOD_NOT_ALLOWED";
                message: string;
            };
        };
        /** @description `order_id` has already been used by this client. */
        DuplicateOrderIdError: {
            /** @constant */
            success: false;
            error: {
                /** @constant */
                code: "DUPLICATE_ORDER_ID";
                message: string;
            };
        };
        /** @description The transaction's status forbids the operation; the message names the status. */
        InvalidStateError: {
            /** @constant */
            success: false;
            error: {
                /** @constant */
                code: "INVALID_STATE";
                message: string;
            };
        };
        /** @description A per-client limit would be passed (such as 10 webhook endpoints); the message names it. */
        LimitExceededError: {
            /** @constant */
            success: false;
            error: {
                /** @constant */
                code: "LIMIT_EXCEEDED";
                message: string;
            };
        };
        /** @description A request with the same `Idempotency-Key` is still being processed. */
        IdempotencyKeyInUseError: {
            /** @constant */
            success: false;
            error: {
                /** @constant */
                code: "IDEMPOTENCY_KEY_IN_USE";
                message: string;
            };
        };
        /** @description The same `Idempotency-Key` was used with a different request body, path or operation. */
        IdempotencyKeyReusedError: {
            /** @constant */
            success: false;
            error: {
                /** @constant */
                code: "IDEMPOTENCY_KEY_REUSED";
                message: string;
            };
        };
        /** @description The body is over 16 KiB. */
        PayloadTooLargeError: {
            /** @constant */
            success: false;
            error: {
                /** @constant */
                code: "PAYLOAD_TOO_LARGE";
                message: string;
            };
        };
        /** @description A body was sent without `Content-Type: application/json`. */
        UnsupportedMediaTypeError: {
            /** @constant */
            success: false;
            error: {
                /** @constant */
                code: "UNSUPPORTED_MEDIA_TYPE";
                message: string;
            };
        };
        /** @description The refund is larger than what is left to refund. */
        AmountExceedsRefundableError: {
            /** @constant */
            success: false;
            error: {
                /** @constant */
                code: "AMOUNT_EXCEEDS_REFUNDABLE";
                message: string;
            };
        };
        /** @description The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
        RateLimitedError: {
            /** @constant */
            success: false;
            error: {
                /** @constant */
                code: "RATE_LIMITED";
                message: string;
            };
        };
        /** @description Anything unexpected; the message gives the request id, never a stack trace. */
        InternalError: {
            /** @constant */
            success: false;
            error: {
                /** @constant */
                code: "INTERNAL_ERROR";
                message: string;
            };
        };
        /** @description The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
        ServiceUnavailableError: {
            /** @constant */
            success: false;
            error: {
                /** @constant */
                code: "SERVICE_UNAVAILABLE";
                message: string;
            };
        };
    };
    responses: {
        /** @description No such resource for this client (another client's id is also 404), or no such route. Answered before authentication, for any path that matches no operation: as HTML, the page's 404 page with its headers, for a GET under the path of a page that answers its errors as pages (`/pay`, `/pay/`, `/pay/a/b`: a missing or malformed token), else as the envelope. */
        RouteNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["NotFoundError"];
                /** @example <!doctype html><html lang="en"><head><title>404 …</title></head><body><main><h1>…</h1><p>…</p><p><small>404 NOT_FOUND · request id <code>…</code></small></p></main></body></html> */
                "text/html": string;
            };
        };
        /** @description Known path, wrong method; the `Allow` header lists the methods. Answered before authentication. */
        MethodNotAllowed: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                Allow: components["headers"]["Allow"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["MethodNotAllowedError"];
            };
        };
        /** @description 413, answered by API Gateway on a deployed stage, not the envelope: The body is over 10 MB, the HTTP API payload quota (the local server answers the same). */
        GatewayPayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Request Entity Too Large"
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    message: "Request Entity Too Large";
                };
            };
        };
        /** @description 429, answered by API Gateway on a deployed stage, not the envelope: The whole stage is over its throttle (100 requests/s, bursts of 200), whichever client sends; no Retry-After. */
        GatewayThrottled: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Too Many Requests"
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    message: "Too Many Requests";
                };
            };
        };
        /** @description 500, answered by API Gateway on a deployed stage, not the envelope: The function crashed or ran out of its 10 s. */
        GatewayInternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Internal Server Error"
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    message: "Internal Server Error";
                };
            };
        };
        /** @description 503, answered by API Gateway on a deployed stage, not the envelope: No answer from the function within the integration timeout (30 s). */
        GatewayIntegrationTimeout: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Service Unavailable"
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    message: "Service Unavailable";
                };
            };
        };
    };
    parameters: {
        /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
        SandboxFault: string;
        /** @description 1–255 printable ASCII characters, scoped to your client (not to the operation). The same key with the same request (operation, path and body) within 24 h replays the first response (status and body) with `Idempotent-Replayed: true`, a 404, 409 or 422 refusal as well as a success; with a different request, on this operation or another, it is 409 IDEMPOTENCY_KEY_REUSED, and while the first is still being processed 409 IDEMPOTENCY_KEY_IN_USE. Validation errors (400), 429 and 500 are not stored, so such a request may be retried with the same key. */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: {
        /** @description Identifies the request in the logs; a 500 quotes it */
        "X-Request-Id": string;
        /** @description Present when the response is the replay of an earlier request with the same Idempotency-Key */
        "Idempotent-Replayed": "true";
        /**
         * @description Seconds to wait before sending the request again; nothing of the refused request was done
         * @example 1
         */
        "Retry-After": string;
        /** @description Where the browser goes next: a page of this API, or the address the transaction gave (`return_url`) */
        Location: string;
        /**
         * @description The methods the path accepts
         * @example GET
         */
        Allow: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listChannels: {
        parameters: {
            query?: {
                payment_method?: "bank_transfer" | "ewallet" | "qris" | "card" | "retail";
            };
            header?: {
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment methods, each with its channels */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "payment_method": "bank_transfer",
                     *           "name": "Bank Transfer",
                     *           "channels": [
                     *             {
                     *               "payment_channel": "bca_va",
                     *               "name": "BCA Virtual Account",
                     *               "currency": "IDR",
                     *               "min_amount": 10000,
                     *               "max_amount": 100000000,
                     *               "fee": {
                     *                 "flat": 4000,
                     *                 "percent": 0
                     *               },
                     *               "expiry_minutes": 1440,
                     *               "enabled": true
                     *             },
                     *             {
                     *               "payment_channel": "bni_va",
                     *               "name": "BNI Virtual Account",
                     *               "currency": "IDR",
                     *               "min_amount": 10000,
                     *               "max_amount": 100000000,
                     *               "fee": {
                     *                 "flat": 4000,
                     *                 "percent": 0
                     *               },
                     *               "expiry_minutes": 1440,
                     *               "enabled": true
                     *             },
                     *             {
                     *               "payment_channel": "bri_va",
                     *               "name": "BRI Virtual Account",
                     *               "currency": "IDR",
                     *               "min_amount": 10000,
                     *               "max_amount": 100000000,
                     *               "fee": {
                     *                 "flat": 4000,
                     *                 "percent": 0
                     *               },
                     *               "expiry_minutes": 1440,
                     *               "enabled": true
                     *             },
                     *             {
                     *               "payment_channel": "mandiri_va",
                     *               "name": "Mandiri Virtual Account",
                     *               "currency": "IDR",
                     *               "min_amount": 10000,
                     *               "max_amount": 100000000,
                     *               "fee": {
                     *                 "flat": 4000,
                     *                 "percent": 0
                     *               },
                     *               "expiry_minutes": 1440,
                     *               "enabled": true
                     *             },
                     *             {
                     *               "payment_channel": "permata_va",
                     *               "name": "Permata Virtual Account",
                     *               "currency": "IDR",
                     *               "min_amount": 10000,
                     *               "max_amount": 100000000,
                     *               "fee": {
                     *                 "flat": 4000,
                     *                 "percent": 0
                     *               },
                     *               "expiry_minutes": 1440,
                     *               "enabled": true
                     *             }
                     *           ]
                     *         },
                     *         {
                     *           "payment_method": "ewallet",
                     *           "name": "E-Wallet",
                     *           "channels": [
                     *             {
                     *               "payment_channel": "gopay",
                     *               "name": "GoPay",
                     *               "currency": "IDR",
                     *               "min_amount": 1000,
                     *               "max_amount": 20000000,
                     *               "fee": {
                     *                 "flat": 0,
                     *                 "percent": 2
                     *               },
                     *               "expiry_minutes": 15,
                     *               "enabled": true
                     *             },
                     *             {
                     *               "payment_channel": "ovo",
                     *               "name": "OVO",
                     *               "currency": "IDR",
                     *               "min_amount": 1000,
                     *               "max_amount": 20000000,
                     *               "fee": {
                     *                 "flat": 0,
                     *                 "percent": 2
                     *               },
                     *               "expiry_minutes": 15,
                     *               "enabled": true
                     *             },
                     *             {
                     *               "payment_channel": "dana",
                     *               "name": "DANA",
                     *               "currency": "IDR",
                     *               "min_amount": 1000,
                     *               "max_amount": 20000000,
                     *               "fee": {
                     *                 "flat": 0,
                     *                 "percent": 2
                     *               },
                     *               "expiry_minutes": 15,
                     *               "enabled": true
                     *             },
                     *             {
                     *               "payment_channel": "shopeepay",
                     *               "name": "ShopeePay",
                     *               "currency": "IDR",
                     *               "min_amount": 1000,
                     *               "max_amount": 20000000,
                     *               "fee": {
                     *                 "flat": 0,
                     *                 "percent": 2
                     *               },
                     *               "expiry_minutes": 15,
                     *               "enabled": true
                     *             }
                     *           ]
                     *         },
                     *         {
                     *           "payment_method": "qris",
                     *           "name": "QRIS",
                     *           "channels": [
                     *             {
                     *               "payment_channel": "qris",
                     *               "name": "QRIS",
                     *               "currency": "IDR",
                     *               "min_amount": 1000,
                     *               "max_amount": 10000000,
                     *               "fee": {
                     *                 "flat": 0,
                     *                 "percent": 0.7
                     *               },
                     *               "expiry_minutes": 15,
                     *               "enabled": true
                     *             }
                     *           ]
                     *         },
                     *         {
                     *           "payment_method": "card",
                     *           "name": "Card",
                     *           "channels": [
                     *             {
                     *               "payment_channel": "credit_card",
                     *               "name": "Credit Card",
                     *               "currency": "IDR",
                     *               "min_amount": 10000,
                     *               "max_amount": 200000000,
                     *               "fee": {
                     *                 "flat": 2000,
                     *                 "percent": 2.9
                     *               },
                     *               "expiry_minutes": 60,
                     *               "enabled": true
                     *             }
                     *           ]
                     *         },
                     *         {
                     *           "payment_method": "retail",
                     *           "name": "Retail Outlet",
                     *           "channels": [
                     *             {
                     *               "payment_channel": "alfamart",
                     *               "name": "Alfamart",
                     *               "currency": "IDR",
                     *               "min_amount": 10000,
                     *               "max_amount": 5000000,
                     *               "fee": {
                     *                 "flat": 5000,
                     *                 "percent": 0
                     *               },
                     *               "expiry_minutes": 1440,
                     *               "enabled": true
                     *             },
                     *             {
                     *               "payment_channel": "indomaret",
                     *               "name": "Indomaret",
                     *               "currency": "IDR",
                     *               "min_amount": 10000,
                     *               "max_amount": 5000000,
                     *               "fee": {
                     *                 "flat": 5000,
                     *                 "percent": 0
                     *               },
                     *               "expiry_minutes": 1440,
                     *               "enabled": true
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["PaymentMethod"][];
                    };
                };
            };
            /** @description VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    createPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, scoped to your client (not to the operation). The same key with the same request (operation, path and body) within 24 h replays the first response (status and body) with `Idempotent-Replayed: true`, a 404, 409 or 422 refusal as well as a success; with a different request, on this operation or another, it is 409 IDEMPOTENCY_KEY_REUSED, and while the first is still being processed 409 IDEMPOTENCY_KEY_IN_USE. Validation errors (400), 429 and 500 are not stored, so such a request may be retried with the same key. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Your order id; unique per client */
                    order_id: string;
                    /** @description In the currency's charged unit (IDR: whole rupiah), within the channel's min_amount and max_amount */
                    amount: number;
                    /** @enum {string} */
                    payment_method: "bank_transfer" | "ewallet" | "qris" | "card" | "retail";
                    /**
                     * @description An enabled channel of payment_method (GET /payment/channels)
                     * @enum {string}
                     */
                    payment_channel: "bca_va" | "bni_va" | "bri_va" | "mandiri_va" | "permata_va" | "gopay" | "ovo" | "dana" | "shopeepay" | "qris" | "credit_card" | "alfamart" | "indomaret";
                    customer: {
                        name: string;
                        /** Format: email */
                        email: string;
                        phone?: string;
                    };
                    /** @description Must be the channel's currency, if given */
                    currency?: string;
                    description?: string | null;
                    /** @description Up to 20 keys, each 1–40 characters of A-Z a-z 0-9 _ . : - and not __proto__, constructor or prototype. Values are flat: strings (up to 500 characters), booleans, null, or numbers that are 0 or have a magnitude from 1e-130 to 9007199254740991 (2^53 − 1). Each value is returned as sent (a number as the same IEEE 754 double) */
                    metadata?: {
                        [key: string]: string | (number | 0 | unknown | unknown) | boolean | null;
                    };
                    /** @description Minutes until a pending transaction expires; default the channel's expiry_minutes */
                    expiry_minutes?: number;
                    /**
                     * @description Where the payment page sends the customer back to once the payment has an outcome: an absolute `https://` URL of at most 2048 characters without user:password, or `http://` on localhost, 127.0.0.1, [::1] (a CI job's app on its runner), on every stage
                     * @example https://shop.example.com/orders/ORDER-1001/return
                     */
                    return_url?: string | null;
                    /**
                     * @description Sandbox control (needs the scope sandbox:simulate): apply `outcome` by itself `after_seconds` after creation on the client's clock, as POST /transaction/{id}/simulate would (with its event and webhook), unless the payment left pending first or expires before. Not shown on the transaction
                     * @example {
                     *       "outcome": "settle",
                     *       "after_seconds": 30
                     *     }
                     */
                    sandbox?: {
                        /** @enum {string} */
                        outcome: "settle" | "fail" | "expire";
                        after_seconds: number;
                    };
                };
            };
        };
        responses: {
            /** @description The new pending transaction */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "txn_01M80CCH60Q4X8V3K9T2B7N5RD",
                     *         "order_id": "ORDER-1001",
                     *         "status": "pending",
                     *         "amount": 150000,
                     *         "currency": "IDR",
                     *         "payment_method": "bank_transfer",
                     *         "payment_channel": "bca_va",
                     *         "customer": {
                     *           "name": "Budi",
                     *           "email": "budi@example.com",
                     *           "phone": "+628123456789"
                     *         },
                     *         "description": null,
                     *         "metadata": {},
                     *         "fee": 4000,
                     *         "net_amount": 146000,
                     *         "refunded_amount": 0,
                     *         "payment_details": {
                     *           "va_number": "3935812345678901"
                     *         },
                     *         "payment_url": "https://a1b2c3d4e5.execute-api.ap-southeast-3.amazonaws.com/api/v1/pay/AaIAxPQaFwnjKQwDhQJI0wGiAMZEwLk6jY5p0JZ6lw3jdZywe17Ndjb12g-d4EY-",
                     *         "return_url": "https://shop.example.com/orders/ORDER-1001/return",
                     *         "expires_at": "2026-11-23T01:02:03.456Z",
                     *         "created_at": "2026-11-22T01:02:03.456Z",
                     *         "updated_at": "2026-11-22T01:02:03.456Z",
                     *         "settled_at": null,
                     *         "cancelled_at": null,
                     *         "expired_at": null,
                     *         "failed_at": null,
                     *         "cancellation_reason": null,
                     *         "failure_code": null,
                     *         "failure_reason": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Transaction"];
                    };
                };
            };
            /** @description INVALID_JSON: The body is not valid JSON, or not a JSON object. VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidJsonError"] | components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description DUPLICATE_ORDER_ID: `order_id` has already been used by this client. IDEMPOTENCY_KEY_IN_USE: A request with the same `Idempotency-Key` is still being processed. IDEMPOTENCY_KEY_REUSED: The same `Idempotency-Key` was used with a different request body, path or operation. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DuplicateOrderIdError"] | components["schemas"]["IdempotencyKeyInUseError"] | components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is over 16 KiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: A body was sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaTypeError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    getTransaction: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path: {
                /** @description The transaction id (txn_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transaction */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "txn_01M80CCH60Q4X8V3K9T2B7N5RD",
                     *         "order_id": "ORDER-1001",
                     *         "status": "pending",
                     *         "amount": 150000,
                     *         "currency": "IDR",
                     *         "payment_method": "bank_transfer",
                     *         "payment_channel": "bca_va",
                     *         "customer": {
                     *           "name": "Budi",
                     *           "email": "budi@example.com",
                     *           "phone": "+628123456789"
                     *         },
                     *         "description": null,
                     *         "metadata": {},
                     *         "fee": 4000,
                     *         "net_amount": 146000,
                     *         "refunded_amount": 0,
                     *         "payment_details": {
                     *           "va_number": "3935812345678901"
                     *         },
                     *         "payment_url": "https://a1b2c3d4e5.execute-api.ap-southeast-3.amazonaws.com/api/v1/pay/AaIAxPQaFwnjKQwDhQJI0wGiAMZEwLk6jY5p0JZ6lw3jdZywe17Ndjb12g-d4EY-",
                     *         "return_url": "https://shop.example.com/orders/ORDER-1001/return",
                     *         "expires_at": "2026-11-23T01:02:03.456Z",
                     *         "created_at": "2026-11-22T01:02:03.456Z",
                     *         "updated_at": "2026-11-22T01:02:03.456Z",
                     *         "settled_at": null,
                     *         "cancelled_at": null,
                     *         "expired_at": null,
                     *         "failed_at": null,
                     *         "cancellation_reason": null,
                     *         "failure_code": null,
                     *         "failure_reason": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Transaction"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description NOT_FOUND: No such resource for this client (another client's id is also 404), or no such route. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    listTransactions: {
        parameters: {
            query?: {
                /** @description One status, or several separated by commas (`status=pending,settled`) */
                status?: ("pending" | "settled" | "failed" | "expired" | "cancelled" | "refunded")[];
                payment_method?: "bank_transfer" | "ewallet" | "qris" | "card" | "retail";
                payment_channel?: "bca_va" | "bni_va" | "bri_va" | "mandiri_va" | "permata_va" | "gopay" | "ovo" | "dana" | "shopeepay" | "qris" | "credit_card" | "alfamart" | "indomaret";
                order_id?: string;
                /** @description Created at or after this instant */
                created_from?: string;
                /** @description Created before this instant */
                created_to?: string;
                /** @description Page size */
                limit?: number;
                /** @description The previous page's `pagination.next_cursor`; send the same filters with it */
                cursor?: string;
            };
            header?: {
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of transactions, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "txn_01M80CCH60Q4X8V3K9T2B7N5RD",
                     *           "order_id": "ORDER-1001",
                     *           "status": "pending",
                     *           "amount": 150000,
                     *           "currency": "IDR",
                     *           "payment_method": "bank_transfer",
                     *           "payment_channel": "bca_va",
                     *           "customer": {
                     *             "name": "Budi",
                     *             "email": "budi@example.com",
                     *             "phone": "+628123456789"
                     *           },
                     *           "description": null,
                     *           "metadata": {},
                     *           "fee": 4000,
                     *           "net_amount": 146000,
                     *           "refunded_amount": 0,
                     *           "payment_details": {
                     *             "va_number": "3935812345678901"
                     *           },
                     *           "payment_url": "https://a1b2c3d4e5.execute-api.ap-southeast-3.amazonaws.com/api/v1/pay/AaIAxPQaFwnjKQwDhQJI0wGiAMZEwLk6jY5p0JZ6lw3jdZywe17Ndjb12g-d4EY-",
                     *           "return_url": "https://shop.example.com/orders/ORDER-1001/return",
                     *           "expires_at": "2026-11-23T01:02:03.456Z",
                     *           "created_at": "2026-11-22T01:02:03.456Z",
                     *           "updated_at": "2026-11-22T01:02:03.456Z",
                     *           "settled_at": null,
                     *           "cancelled_at": null,
                     *           "expired_at": null,
                     *           "failed_at": null,
                     *           "cancellation_reason": null,
                     *           "failure_code": null,
                     *           "failure_reason": null
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "limit": 20,
                     *         "has_more": false,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Transaction"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    cancelTransaction: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, scoped to your client (not to the operation). The same key with the same request (operation, path and body) within 24 h replays the first response (status and body) with `Idempotent-Replayed: true`, a 404, 409 or 422 refusal as well as a success; with a different request, on this operation or another, it is 409 IDEMPOTENCY_KEY_REUSED, and while the first is still being processed 409 IDEMPOTENCY_KEY_IN_USE. Validation errors (400), 429 and 500 are not stored, so such a request may be retried with the same key. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path: {
                /** @description The transaction id (txn_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Recorded as the cancellation_reason */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The cancelled transaction */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "txn_01M80CCH60Q4X8V3K9T2B7N5RD",
                     *         "order_id": "ORDER-1001",
                     *         "status": "cancelled",
                     *         "amount": 150000,
                     *         "currency": "IDR",
                     *         "payment_method": "bank_transfer",
                     *         "payment_channel": "bca_va",
                     *         "customer": {
                     *           "name": "Budi",
                     *           "email": "budi@example.com",
                     *           "phone": "+628123456789"
                     *         },
                     *         "description": null,
                     *         "metadata": {},
                     *         "fee": 4000,
                     *         "net_amount": 146000,
                     *         "refunded_amount": 0,
                     *         "payment_details": {
                     *           "va_number": "3935812345678901"
                     *         },
                     *         "payment_url": "https://a1b2c3d4e5.execute-api.ap-southeast-3.amazonaws.com/api/v1/pay/AaIAxPQaFwnjKQwDhQJI0wGiAMZEwLk6jY5p0JZ6lw3jdZywe17Ndjb12g-d4EY-",
                     *         "return_url": "https://shop.example.com/orders/ORDER-1001/return",
                     *         "expires_at": "2026-11-23T01:02:03.456Z",
                     *         "created_at": "2026-11-22T01:02:03.456Z",
                     *         "updated_at": "2026-11-22T01:05:00.000Z",
                     *         "settled_at": null,
                     *         "cancelled_at": "2026-11-22T01:05:00.000Z",
                     *         "expired_at": null,
                     *         "failed_at": null,
                     *         "cancellation_reason": "Customer changed their mind",
                     *         "failure_code": null,
                     *         "failure_reason": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Transaction"];
                    };
                };
            };
            /** @description INVALID_JSON: The body is not valid JSON, or not a JSON object. VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidJsonError"] | components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description NOT_FOUND: No such resource for this client (another client's id is also 404), or no such route. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description INVALID_STATE: The transaction's status forbids the operation; the message names the status. IDEMPOTENCY_KEY_IN_USE: A request with the same `Idempotency-Key` is still being processed. IDEMPOTENCY_KEY_REUSED: The same `Idempotency-Key` was used with a different request body, path or operation. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidStateError"] | components["schemas"]["IdempotencyKeyInUseError"] | components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is over 16 KiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: A body was sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaTypeError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    simulateTransaction: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, scoped to your client (not to the operation). The same key with the same request (operation, path and body) within 24 h replays the first response (status and body) with `Idempotent-Replayed: true`, a 404, 409 or 422 refusal as well as a success; with a different request, on this operation or another, it is 409 IDEMPOTENCY_KEY_REUSED, and while the first is still being processed 409 IDEMPOTENCY_KEY_IN_USE. Validation errors (400), 429 and 500 are not stored, so such a request may be retried with the same key. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path: {
                /** @description The transaction id (txn_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description `settle` (writes the settlement entry), `fail` or `expire` the pending transaction
                     * @enum {string}
                     */
                    outcome: "settle" | "fail" | "expire";
                };
            };
        };
        responses: {
            /** @description The transaction in its new status */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "txn_01M80CCH60Q4X8V3K9T2B7N5RD",
                     *         "order_id": "ORDER-1001",
                     *         "status": "settled",
                     *         "amount": 150000,
                     *         "currency": "IDR",
                     *         "payment_method": "bank_transfer",
                     *         "payment_channel": "bca_va",
                     *         "customer": {
                     *           "name": "Budi",
                     *           "email": "budi@example.com",
                     *           "phone": "+628123456789"
                     *         },
                     *         "description": null,
                     *         "metadata": {},
                     *         "fee": 4000,
                     *         "net_amount": 146000,
                     *         "refunded_amount": 0,
                     *         "payment_details": {
                     *           "va_number": "3935812345678901"
                     *         },
                     *         "payment_url": "https://a1b2c3d4e5.execute-api.ap-southeast-3.amazonaws.com/api/v1/pay/AaIAxPQaFwnjKQwDhQJI0wGiAMZEwLk6jY5p0JZ6lw3jdZywe17Ndjb12g-d4EY-",
                     *         "return_url": "https://shop.example.com/orders/ORDER-1001/return",
                     *         "expires_at": "2026-11-23T01:02:03.456Z",
                     *         "created_at": "2026-11-22T01:02:03.456Z",
                     *         "updated_at": "2026-11-22T01:10:45.120Z",
                     *         "settled_at": "2026-11-22T01:10:45.120Z",
                     *         "cancelled_at": null,
                     *         "expired_at": null,
                     *         "failed_at": null,
                     *         "cancellation_reason": null,
                     *         "failure_code": null,
                     *         "failure_reason": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Transaction"];
                    };
                };
            };
            /** @description INVALID_JSON: The body is not valid JSON, or not a JSON object. VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidJsonError"] | components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description NOT_FOUND: No such resource for this client (another client's id is also 404), or no such route. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description INVALID_STATE: The transaction's status forbids the operation; the message names the status. IDEMPOTENCY_KEY_IN_USE: A request with the same `Idempotency-Key` is still being processed. IDEMPOTENCY_KEY_REUSED: The same `Idempotency-Key` was used with a different request body, path or operation. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidStateError"] | components["schemas"]["IdempotencyKeyInUseError"] | components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is over 16 KiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: A body was sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaTypeError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    createRefund: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, scoped to your client (not to the operation). The same key with the same request (operation, path and body) within 24 h replays the first response (status and body) with `Idempotent-Replayed: true`, a 404, 409 or 422 refusal as well as a success; with a different request, on this operation or another, it is 409 IDEMPOTENCY_KEY_REUSED, and while the first is still being processed 409 IDEMPOTENCY_KEY_IN_USE. Validation errors (400), 429 and 500 are not stored, so such a request may be retried with the same key. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The transaction to refund */
                    transaction_id?: string;
                    /** @description Or: the order_id of the transaction to refund */
                    order_id?: string;
                    /** @description Default: all that is left to refund */
                    amount?: number;
                    reason?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The refund */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "rfd_01M83VVAE0H6J2W9C4M8P1S7TZ",
                     *         "transaction_id": "txn_01M80CCH60Q4X8V3K9T2B7N5RD",
                     *         "order_id": "ORDER-1001",
                     *         "amount": 50000,
                     *         "currency": "IDR",
                     *         "reason": "Damaged item",
                     *         "status": "succeeded",
                     *         "created_at": "2026-11-23T09:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Refund"];
                    };
                };
            };
            /** @description INVALID_JSON: The body is not valid JSON, or not a JSON object. VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidJsonError"] | components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description NOT_FOUND: No such resource for this client (another client's id is also 404), or no such route. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description INVALID_STATE: The transaction's status forbids the operation; the message names the status. IDEMPOTENCY_KEY_IN_USE: A request with the same `Idempotency-Key` is still being processed. IDEMPOTENCY_KEY_REUSED: The same `Idempotency-Key` was used with a different request body, path or operation. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidStateError"] | components["schemas"]["IdempotencyKeyInUseError"] | components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is over 16 KiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: A body was sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaTypeError"];
                };
            };
            /** @description AMOUNT_EXCEEDS_REFUNDABLE: The refund is larger than what is left to refund. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AmountExceedsRefundableError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    listSettlements: {
        parameters: {
            query?: {
                type?: "payment" | "refund";
                /** @description Settled at or after this instant */
                from?: string;
                /** @description Settled before this instant */
                to?: string;
                /** @description Only this transaction's entries */
                transaction_id?: string;
                /** @description Page size */
                limit?: number;
                /** @description The previous page's `pagination.next_cursor`; send the same filters with it */
                cursor?: string;
            };
            header?: {
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of settlement entries, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "stl_01M83VVAE0K7N3Q8T1W5Y9B2D4",
                     *           "type": "refund",
                     *           "transaction_id": "txn_01M80CCH60Q4X8V3K9T2B7N5RD",
                     *           "refund_id": "rfd_01M83VVAE0H6J2W9C4M8P1S7TZ",
                     *           "order_id": "ORDER-1001",
                     *           "payment_method": "bank_transfer",
                     *           "payment_channel": "bca_va",
                     *           "currency": "IDR",
                     *           "gross_amount": -50000,
                     *           "fee": 0,
                     *           "net_amount": -50000,
                     *           "settled_at": "2026-11-23T09:30:00.000Z"
                     *         },
                     *         {
                     *           "id": "stl_01M80CWEM0F3G7K2N8R4V6X9Y1",
                     *           "type": "payment",
                     *           "transaction_id": "txn_01M80CCH60Q4X8V3K9T2B7N5RD",
                     *           "refund_id": null,
                     *           "order_id": "ORDER-1001",
                     *           "payment_method": "bank_transfer",
                     *           "payment_channel": "bca_va",
                     *           "currency": "IDR",
                     *           "gross_amount": 150000,
                     *           "fee": 4000,
                     *           "net_amount": 146000,
                     *           "settled_at": "2026-11-22T01:10:45.120Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "limit": 20,
                     *         "has_more": false,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["SettlementEntry"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description One event type, or several separated by commas (`type=payment.settled,refund.created`) */
                type?: ("payment.created" | "payment.settled" | "payment.failed" | "payment.cancelled" | "payment.expired" | "refund.created" | "payment.refunded" | "webhook_endpoint.secret_rolled" | "webhook_endpoint.updated" | "api_key.created" | "api_key.rolled" | "api_key.revoked" | "api_key.expired")[];
                /** @description Only this transaction's events (its refunds' included) */
                transaction_id?: string;
                /** @description `created_at` at or after this instant */
                created_from?: string;
                /** @description `created_at` before this instant */
                created_to?: string;
                /** @description `desc` (default): newest first. `asc`: oldest first, for polling — `next_cursor` is never null; keep it and ask again later for the events recorded since */
                order?: "desc" | "asc";
                /** @description Page size */
                limit?: number;
                /** @description The previous page's `pagination.next_cursor`; send the same filters with it */
                cursor?: string;
            };
            header?: {
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events, newest first (or oldest first with `order=asc`) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "evt_01M80CWEM1X2Y3Z4A5B6C7D8E9",
                     *           "type": "payment.settled",
                     *           "api_version": "v1",
                     *           "created_at": "2026-11-22T01:10:45.120Z",
                     *           "data": {
                     *             "object": {
                     *               "id": "txn_01M80CCH60Q4X8V3K9T2B7N5RD",
                     *               "order_id": "ORDER-1001",
                     *               "status": "settled",
                     *               "amount": 150000,
                     *               "currency": "IDR",
                     *               "payment_method": "bank_transfer",
                     *               "payment_channel": "bca_va",
                     *               "customer": {
                     *                 "name": "Budi",
                     *                 "email": "budi@example.com",
                     *                 "phone": "+628123456789"
                     *               },
                     *               "description": null,
                     *               "metadata": {},
                     *               "fee": 4000,
                     *               "net_amount": 146000,
                     *               "refunded_amount": 0,
                     *               "payment_details": {
                     *                 "va_number": "3935812345678901"
                     *               },
                     *               "payment_url": "https://a1b2c3d4e5.execute-api.ap-southeast-3.amazonaws.com/api/v1/pay/AaIAxPQaFwnjKQwDhQJI0wGiAMZEwLk6jY5p0JZ6lw3jdZywe17Ndjb12g-d4EY-",
                     *               "return_url": "https://shop.example.com/orders/ORDER-1001/return",
                     *               "expires_at": "2026-11-23T01:02:03.456Z",
                     *               "created_at": "2026-11-22T01:02:03.456Z",
                     *               "updated_at": "2026-11-22T01:10:45.120Z",
                     *               "settled_at": "2026-11-22T01:10:45.120Z",
                     *               "cancelled_at": null,
                     *               "expired_at": null,
                     *               "failed_at": null,
                     *               "cancellation_reason": null,
                     *               "failure_code": null,
                     *               "failure_reason": null
                     *             },
                     *             "previous_attributes": {
                     *               "status": "pending",
                     *               "updated_at": "2026-11-22T01:02:03.456Z",
                     *               "settled_at": null
                     *             }
                     *           },
                     *           "request": {
                     *             "id": "8a4f6c2e-1b3d-4e5f-9a7b-0c1d2e3f4a5b",
                     *             "idempotency_key": null
                     *           }
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "limit": 20,
                     *         "has_more": false,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Event"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path: {
                /** @description The event id (evt_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "evt_01M80CWEM1X2Y3Z4A5B6C7D8E9",
                     *         "type": "payment.settled",
                     *         "api_version": "v1",
                     *         "created_at": "2026-11-22T01:10:45.120Z",
                     *         "data": {
                     *           "object": {
                     *             "id": "txn_01M80CCH60Q4X8V3K9T2B7N5RD",
                     *             "order_id": "ORDER-1001",
                     *             "status": "settled",
                     *             "amount": 150000,
                     *             "currency": "IDR",
                     *             "payment_method": "bank_transfer",
                     *             "payment_channel": "bca_va",
                     *             "customer": {
                     *               "name": "Budi",
                     *               "email": "budi@example.com",
                     *               "phone": "+628123456789"
                     *             },
                     *             "description": null,
                     *             "metadata": {},
                     *             "fee": 4000,
                     *             "net_amount": 146000,
                     *             "refunded_amount": 0,
                     *             "payment_details": {
                     *               "va_number": "3935812345678901"
                     *             },
                     *             "payment_url": "https://a1b2c3d4e5.execute-api.ap-southeast-3.amazonaws.com/api/v1/pay/AaIAxPQaFwnjKQwDhQJI0wGiAMZEwLk6jY5p0JZ6lw3jdZywe17Ndjb12g-d4EY-",
                     *             "return_url": "https://shop.example.com/orders/ORDER-1001/return",
                     *             "expires_at": "2026-11-23T01:02:03.456Z",
                     *             "created_at": "2026-11-22T01:02:03.456Z",
                     *             "updated_at": "2026-11-22T01:10:45.120Z",
                     *             "settled_at": "2026-11-22T01:10:45.120Z",
                     *             "cancelled_at": null,
                     *             "expired_at": null,
                     *             "failed_at": null,
                     *             "cancellation_reason": null,
                     *             "failure_code": null,
                     *             "failure_reason": null
                     *           },
                     *           "previous_attributes": {
                     *             "status": "pending",
                     *             "updated_at": "2026-11-22T01:02:03.456Z",
                     *             "settled_at": null
                     *           }
                     *         },
                     *         "request": {
                     *           "id": "8a4f6c2e-1b3d-4e5f-9a7b-0c1d2e3f4a5b",
                     *           "idempotency_key": null
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Event"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description NOT_FOUND: No such resource for this client (another client's id is also 404), or no such route. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    listEventDeliveries: {
        parameters: {
            query?: {
                /** @description Page size */
                limit?: number;
                /** @description The previous page's `pagination.next_cursor`; send the same filters with it */
                cursor?: string;
            };
            header?: {
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path: {
                /** @description The event id (evt_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the event's delivery attempts, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "dlv_01M80CWEM5K8Q2R6T0V4X8Z2B6",
                     *           "endpoint_id": "whe_01M80D4KQ5V7X9Z2B4C6D8F0GH",
                     *           "attempt": 1,
                     *           "duplicate": false,
                     *           "status": "failed",
                     *           "response_status": 500,
                     *           "response_time_ms": 84,
                     *           "error": "The endpoint answered 500",
                     *           "attempted_at": "2026-11-22T01:10:45.300Z",
                     *           "next_attempt_at": "2026-11-22T01:10:55.384Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "limit": 20,
                     *         "has_more": false,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["DeliveryAttempt"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description NOT_FOUND: No such resource for this client (another client's id is also 404), or no such route. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    resendEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, scoped to your client (not to the operation). The same key with the same request (operation, path and body) within 24 h replays the first response (status and body) with `Idempotent-Replayed: true`, a 404, 409 or 422 refusal as well as a success; with a different request, on this operation or another, it is 409 IDEMPOTENCY_KEY_REUSED, and while the first is still being processed 409 IDEMPOTENCY_KEY_IN_USE. Validation errors (400), 429 and 500 are not stored, so such a request may be retried with the same key. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path: {
                /** @description The event id (evt_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Send to this endpoint only (even one not subscribed to the type); default: every endpoint subscribed to the type */
                    endpoint_id?: string;
                };
            };
        };
        responses: {
            /** @description The attempts that will be made now, one per endpoint */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "dlv_01M80CWEM5K8Q2R6T0V4X8Z2B6",
                     *           "endpoint_id": "whe_01M80D4KQ5V7X9Z2B4C6D8F0GH",
                     *           "attempt": 1,
                     *           "duplicate": false,
                     *           "status": "pending",
                     *           "response_status": null,
                     *           "response_time_ms": null,
                     *           "error": null,
                     *           "attempted_at": null,
                     *           "next_attempt_at": "2026-11-22T01:10:55.384Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["DeliveryAttempt"][];
                    };
                };
            };
            /** @description INVALID_JSON: The body is not valid JSON, or not a JSON object. VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidJsonError"] | components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description NOT_FOUND: No such resource for this client (another client's id is also 404), or no such route. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: A request with the same `Idempotency-Key` is still being processed. IDEMPOTENCY_KEY_REUSED: The same `Idempotency-Key` was used with a different request body, path or operation. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"] | components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is over 16 KiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: A body was sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaTypeError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description Page size */
                limit?: number;
                /** @description The previous page's `pagination.next_cursor`; send the same filters with it */
                cursor?: string;
            };
            header?: {
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of webhook endpoints, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "whe_01M80D4KQ5V7X9Z2B4C6D8F0GH",
                     *           "url": "https://example.com/webhooks/payments",
                     *           "enabled_events": [
                     *             "payment.settled",
                     *             "payment.failed"
                     *           ],
                     *           "description": "Order service",
                     *           "status": "enabled",
                     *           "chaos": {
                     *             "duplicates": 0,
                     *             "reverse_order": false,
                     *             "delay_seconds": 0
                     *           },
                     *           "created_at": "2026-11-22T01:00:00.000Z"
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "limit": 20,
                     *         "has_more": false,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["WebhookEndpoint"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, scoped to your client (not to the operation). The same key with the same request (operation, path and body) within 24 h replays the first response (status and body) with `Idempotent-Replayed: true`, a 404, 409 or 422 refusal as well as a success; with a different request, on this operation or another, it is 409 IDEMPOTENCY_KEY_REUSED, and while the first is still being processed 409 IDEMPOTENCY_KEY_IN_USE. Validation errors (400), 429 and 500 are not stored, so such a request may be retried with the same key. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description An absolute URL of at most 2048 characters, without a user name or password. Deployed: `https://` and a host name whose every address is public. Locally (`npm start`): also `http://` and loopback
                     * @example https://example.com/webhooks/payments
                     */
                    url: string;
                    /**
                     * @description Event types to deliver: a list of distinct types, or `["*"]` (alone) for every type; default `["*"]`
                     * @default [
                     *       "*"
                     *     ]
                     */
                    enabled_events?: ("payment.created" | "payment.settled" | "payment.failed" | "payment.cancelled" | "payment.expired" | "refund.created" | "payment.refunded" | "webhook_endpoint.secret_rolled" | "webhook_endpoint.updated" | "api_key.created" | "api_key.rolled" | "api_key.revoked" | "api_key.expired" | "*")[];
                    /** @description Your own note, at most 255 characters */
                    description?: string | null;
                    /** @description Delivery chaos (docs/api.md §17): `duplicates` 0–3, `reverse_order`, `delay_seconds` 0–300; a field left out stays as it is (off on a create) */
                    chaos?: {
                        duplicates?: number;
                        reverse_order?: boolean;
                        delay_seconds?: number;
                    };
                };
            };
        };
        responses: {
            /** @description The new endpoint, with its secret */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "whe_01M80D4KQ5V7X9Z2B4C6D8F0GH",
                     *         "url": "https://example.com/webhooks/payments",
                     *         "enabled_events": [
                     *           "payment.settled",
                     *           "payment.failed"
                     *         ],
                     *         "description": "Order service",
                     *         "status": "enabled",
                     *         "chaos": {
                     *           "duplicates": 0,
                     *           "reverse_order": false,
                     *           "delay_seconds": 0
                     *         },
                     *         "created_at": "2026-11-22T01:00:00.000Z",
                     *         "secret": "whsec_p2xVb3QaDt0n8mSgF1rJkYcWzE5uHo7L"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["CreatedWebhookEndpoint"];
                    };
                };
            };
            /** @description INVALID_JSON: The body is not valid JSON, or not a JSON object. VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidJsonError"] | components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description LIMIT_EXCEEDED: A per-client limit would be passed (such as 10 webhook endpoints); the message names it. IDEMPOTENCY_KEY_IN_USE: A request with the same `Idempotency-Key` is still being processed. IDEMPOTENCY_KEY_REUSED: The same `Idempotency-Key` was used with a different request body, path or operation. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LimitExceededError"] | components["schemas"]["IdempotencyKeyInUseError"] | components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is over 16 KiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: A body was sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaTypeError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path: {
                /** @description The webhook endpoint id (whe_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook endpoint */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "whe_01M80D4KQ5V7X9Z2B4C6D8F0GH",
                     *         "url": "https://example.com/webhooks/payments",
                     *         "enabled_events": [
                     *           "payment.settled",
                     *           "payment.failed"
                     *         ],
                     *         "description": "Order service",
                     *         "status": "enabled",
                     *         "chaos": {
                     *           "duplicates": 0,
                     *           "reverse_order": false,
                     *           "delay_seconds": 0
                     *         },
                     *         "created_at": "2026-11-22T01:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description NOT_FOUND: No such resource for this client (another client's id is also 404), or no such route. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, scoped to your client (not to the operation). The same key with the same request (operation, path and body) within 24 h replays the first response (status and body) with `Idempotent-Replayed: true`, a 404, 409 or 422 refusal as well as a success; with a different request, on this operation or another, it is 409 IDEMPOTENCY_KEY_REUSED, and while the first is still being processed 409 IDEMPOTENCY_KEY_IN_USE. Validation errors (400), 429 and 500 are not stored, so such a request may be retried with the same key. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path: {
                /** @description The webhook endpoint id (whe_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted endpoint */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "whe_01M80D4KQ5V7X9Z2B4C6D8F0GH",
                     *         "url": "https://example.com/webhooks/payments",
                     *         "enabled_events": [
                     *           "payment.settled",
                     *           "payment.failed"
                     *         ],
                     *         "description": "Order service",
                     *         "status": "enabled",
                     *         "chaos": {
                     *           "duplicates": 0,
                     *           "reverse_order": false,
                     *           "delay_seconds": 0
                     *         },
                     *         "created_at": "2026-11-22T01:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description NOT_FOUND: No such resource for this client (another client's id is also 404), or no such route. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: A request with the same `Idempotency-Key` is still being processed. IDEMPOTENCY_KEY_REUSED: The same `Idempotency-Key` was used with a different request body, path or operation. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"] | components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, scoped to your client (not to the operation). The same key with the same request (operation, path and body) within 24 h replays the first response (status and body) with `Idempotent-Replayed: true`, a 404, 409 or 422 refusal as well as a success; with a different request, on this operation or another, it is 409 IDEMPOTENCY_KEY_REUSED, and while the first is still being processed 409 IDEMPOTENCY_KEY_IN_USE. Validation errors (400), 429 and 500 are not stored, so such a request may be retried with the same key. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path: {
                /** @description The webhook endpoint id (whe_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description An absolute URL of at most 2048 characters, without a user name or password. Deployed: `https://` and a host name whose every address is public. Locally (`npm start`): also `http://` and loopback
                     * @example https://example.com/webhooks/payments
                     */
                    url?: string;
                    /**
                     * @description Event types to deliver: a list of distinct types, or `["*"]` (alone) for every type; default `["*"]`
                     * @default [
                     *       "*"
                     *     ]
                     */
                    enabled_events?: ("payment.created" | "payment.settled" | "payment.failed" | "payment.cancelled" | "payment.expired" | "refund.created" | "payment.refunded" | "webhook_endpoint.secret_rolled" | "webhook_endpoint.updated" | "api_key.created" | "api_key.rolled" | "api_key.revoked" | "api_key.expired" | "*")[];
                    /** @description Your own note, at most 255 characters */
                    description?: string | null;
                    /**
                     * @description `disabled`: the endpoint receives nothing (no first attempt, no retry) until `enabled` again
                     * @enum {string}
                     */
                    status?: "enabled" | "disabled";
                    /** @description Delivery chaos (docs/api.md §17): `duplicates` 0–3, `reverse_order`, `delay_seconds` 0–300; a field left out stays as it is (off on a create) */
                    chaos?: {
                        duplicates?: number;
                        reverse_order?: boolean;
                        delay_seconds?: number;
                    };
                };
            };
        };
        responses: {
            /** @description The endpoint as it now is, without its secret */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "whe_01M80D4KQ5V7X9Z2B4C6D8F0GH",
                     *         "url": "https://example.com/webhooks/payments",
                     *         "enabled_events": [
                     *           "payment.settled",
                     *           "payment.failed"
                     *         ],
                     *         "description": "Order service",
                     *         "status": "disabled",
                     *         "chaos": {
                     *           "duplicates": 0,
                     *           "reverse_order": false,
                     *           "delay_seconds": 0
                     *         },
                     *         "created_at": "2026-11-22T01:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            /** @description INVALID_JSON: The body is not valid JSON, or not a JSON object. VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidJsonError"] | components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description NOT_FOUND: No such resource for this client (another client's id is also 404), or no such route. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: A request with the same `Idempotency-Key` is still being processed. IDEMPOTENCY_KEY_REUSED: The same `Idempotency-Key` was used with a different request body, path or operation. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"] | components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is over 16 KiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: A body was sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaTypeError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    rollWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, scoped to your client (not to the operation). The same key with the same request (operation, path and body) within 24 h replays the first response (status and body) with `Idempotent-Replayed: true`, a 404, 409 or 422 refusal as well as a success; with a different request, on this operation or another, it is 409 IDEMPOTENCY_KEY_REUSED, and while the first is still being processed 409 IDEMPOTENCY_KEY_IN_USE. Validation errors (400), 429 and 500 are not stored, so such a request may be retried with the same key. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path: {
                /** @description The webhook endpoint id (whe_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description How long the old secret keeps signing every delivery beside the new one, in seconds (0–604800); default 86400. 0: only the new one, at once
                     * @default 86400
                     */
                    expire_old_in_seconds?: number;
                };
            };
        };
        responses: {
            /** @description The endpoint with its new secret */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "whe_01M80D4KQ5V7X9Z2B4C6D8F0GH",
                     *         "url": "https://example.com/webhooks/payments",
                     *         "enabled_events": [
                     *           "payment.settled",
                     *           "payment.failed"
                     *         ],
                     *         "description": "Order service",
                     *         "status": "enabled",
                     *         "chaos": {
                     *           "duplicates": 0,
                     *           "reverse_order": false,
                     *           "delay_seconds": 0
                     *         },
                     *         "created_at": "2026-11-22T01:00:00.000Z",
                     *         "secret": "whsec_p2xVb3QaDt0n8mSgF1rJkYcWzE5uHo7L"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["CreatedWebhookEndpoint"];
                    };
                };
            };
            /** @description INVALID_JSON: The body is not valid JSON, or not a JSON object. VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidJsonError"] | components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description NOT_FOUND: No such resource for this client (another client's id is also 404), or no such route. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: A request with the same `Idempotency-Key` is still being processed. IDEMPOTENCY_KEY_REUSED: The same `Idempotency-Key` was used with a different request body, path or operation. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"] | components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is over 16 KiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: A body was sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaTypeError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    checkWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, scoped to your client (not to the operation). The same key with the same request (operation, path and body) within 24 h replays the first response (status and body) with `Idempotent-Replayed: true`, a 404, 409 or 422 refusal as well as a success; with a different request, on this operation or another, it is 409 IDEMPOTENCY_KEY_REUSED, and while the first is still being processed 409 IDEMPOTENCY_KEY_IN_USE. Validation errors (400), 429 and 500 are not stored, so such a request may be retried with the same key. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path: {
                /** @description The webhook endpoint id (whe_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The check, with one result per probe */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "whc_01M80D9R2T4V6X8Z0B2C4D6F8H",
                     *         "endpoint_id": "whe_01M80D4KQ5V7X9Z2B4C6D8F0GH",
                     *         "url": "https://example.com/webhooks/payments",
                     *         "passed": false,
                     *         "created_at": "2026-11-22T01:05:00.000Z",
                     *         "results": [
                     *           {
                     *             "probe": "valid_signature",
                     *             "expected": "2xx within 3 s",
                     *             "response_status": 200,
                     *             "response_time_ms": 84,
                     *             "error": null,
                     *             "passed": true
                     *           },
                     *           {
                     *             "probe": "duplicate",
                     *             "expected": "2xx",
                     *             "response_status": 200,
                     *             "response_time_ms": 12,
                     *             "error": null,
                     *             "passed": true
                     *           },
                     *           {
                     *             "probe": "unknown_type",
                     *             "expected": "2xx",
                     *             "response_status": 200,
                     *             "response_time_ms": 80,
                     *             "error": null,
                     *             "passed": true
                     *           },
                     *           {
                     *             "probe": "multiple_signatures",
                     *             "expected": "2xx",
                     *             "response_status": 200,
                     *             "response_time_ms": 81,
                     *             "error": null,
                     *             "passed": true
                     *           },
                     *           {
                     *             "probe": "tampered_body",
                     *             "expected": "4xx",
                     *             "response_status": 400,
                     *             "response_time_ms": 79,
                     *             "error": null,
                     *             "passed": true
                     *           },
                     *           {
                     *             "probe": "wrong_secret",
                     *             "expected": "4xx",
                     *             "response_status": 400,
                     *             "response_time_ms": 78,
                     *             "error": null,
                     *             "passed": true
                     *           },
                     *           {
                     *             "probe": "missing_signature",
                     *             "expected": "4xx",
                     *             "response_status": 400,
                     *             "response_time_ms": 77,
                     *             "error": null,
                     *             "passed": true
                     *           },
                     *           {
                     *             "probe": "stale_timestamp",
                     *             "expected": "4xx",
                     *             "response_status": 500,
                     *             "response_time_ms": 83,
                     *             "error": null,
                     *             "passed": false
                     *           },
                     *           {
                     *             "probe": "future_timestamp",
                     *             "expected": "4xx",
                     *             "response_status": 400,
                     *             "response_time_ms": 80,
                     *             "error": null,
                     *             "passed": true
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        /**
                         * @description A check of a webhook receiver: nine probes and the receiver's answers
                         * @example {
                         *       "id": "whc_01M80D9R2T4V6X8Z0B2C4D6F8H",
                         *       "endpoint_id": "whe_01M80D4KQ5V7X9Z2B4C6D8F0GH",
                         *       "url": "https://example.com/webhooks/payments",
                         *       "passed": false,
                         *       "created_at": "2026-11-22T01:05:00.000Z",
                         *       "results": [
                         *         {
                         *           "probe": "valid_signature",
                         *           "expected": "2xx within 3 s",
                         *           "response_status": 200,
                         *           "response_time_ms": 84,
                         *           "error": null,
                         *           "passed": true
                         *         },
                         *         {
                         *           "probe": "duplicate",
                         *           "expected": "2xx",
                         *           "response_status": 200,
                         *           "response_time_ms": 12,
                         *           "error": null,
                         *           "passed": true
                         *         },
                         *         {
                         *           "probe": "unknown_type",
                         *           "expected": "2xx",
                         *           "response_status": 200,
                         *           "response_time_ms": 80,
                         *           "error": null,
                         *           "passed": true
                         *         },
                         *         {
                         *           "probe": "multiple_signatures",
                         *           "expected": "2xx",
                         *           "response_status": 200,
                         *           "response_time_ms": 81,
                         *           "error": null,
                         *           "passed": true
                         *         },
                         *         {
                         *           "probe": "tampered_body",
                         *           "expected": "4xx",
                         *           "response_status": 400,
                         *           "response_time_ms": 79,
                         *           "error": null,
                         *           "passed": true
                         *         },
                         *         {
                         *           "probe": "wrong_secret",
                         *           "expected": "4xx",
                         *           "response_status": 400,
                         *           "response_time_ms": 78,
                         *           "error": null,
                         *           "passed": true
                         *         },
                         *         {
                         *           "probe": "missing_signature",
                         *           "expected": "4xx",
                         *           "response_status": 400,
                         *           "response_time_ms": 77,
                         *           "error": null,
                         *           "passed": true
                         *         },
                         *         {
                         *           "probe": "stale_timestamp",
                         *           "expected": "4xx",
                         *           "response_status": 500,
                         *           "response_time_ms": 83,
                         *           "error": null,
                         *           "passed": false
                         *         },
                         *         {
                         *           "probe": "future_timestamp",
                         *           "expected": "4xx",
                         *           "response_status": 400,
                         *           "response_time_ms": 80,
                         *           "error": null,
                         *           "passed": true
                         *         }
                         *       ]
                         *     }
                         */
                        data: {
                            id: string;
                            endpoint_id: string;
                            /** @description The URL the probes were sent to (the endpoint's at the time) */
                            url: string;
                            /** @description True when every probe passed */
                            passed: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** @description One result per probe, in the order of the contract's table */
                            results: {
                                /**
                                 * @description Which probe (docs/webhooks.md says what each sends and how to pass it)
                                 * @enum {string}
                                 */
                                probe: "valid_signature" | "duplicate" | "unknown_type" | "multiple_signatures" | "tampered_body" | "wrong_secret" | "missing_signature" | "stale_timestamp" | "future_timestamp";
                                /**
                                 * @description The answer that passes it
                                 * @enum {string}
                                 */
                                expected: "2xx within 3 s" | "2xx" | "4xx";
                                /** @description The receiver's HTTP status; null when it did not answer */
                                response_status: number | null;
                                /** @description Milliseconds until the answer (or the failure); null when nothing was sent */
                                response_time_ms: number | null;
                                /** @description Why no answer came (a timeout, a refused connection, a URL the policy refuses); null when one came */
                                error: string | null;
                                passed: boolean;
                            }[];
                        };
                    };
                };
            };
            /** @description VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description NOT_FOUND: No such resource for this client (another client's id is also 404), or no such route. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description INVALID_STATE: The transaction's status forbids the operation; the message names the status. IDEMPOTENCY_KEY_IN_USE: A request with the same `Idempotency-Key` is still being processed. IDEMPOTENCY_KEY_REUSED: The same `Idempotency-Key` was used with a different request body, path or operation. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidStateError"] | components["schemas"]["IdempotencyKeyInUseError"] | components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    listWebhookEndpointChecks: {
        parameters: {
            query?: {
                /** @description Page size */
                limit?: number;
                /** @description The previous page's `pagination.next_cursor`; send the same filters with it */
                cursor?: string;
            };
            header?: {
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path: {
                /** @description The webhook endpoint id (whe_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of checks, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "whc_01M80D9R2T4V6X8Z0B2C4D6F8H",
                     *           "endpoint_id": "whe_01M80D4KQ5V7X9Z2B4C6D8F0GH",
                     *           "url": "https://example.com/webhooks/payments",
                     *           "passed": false,
                     *           "created_at": "2026-11-22T01:05:00.000Z",
                     *           "results": [
                     *             {
                     *               "probe": "valid_signature",
                     *               "expected": "2xx within 3 s",
                     *               "response_status": 200,
                     *               "response_time_ms": 84,
                     *               "error": null,
                     *               "passed": true
                     *             },
                     *             {
                     *               "probe": "duplicate",
                     *               "expected": "2xx",
                     *               "response_status": 200,
                     *               "response_time_ms": 12,
                     *               "error": null,
                     *               "passed": true
                     *             },
                     *             {
                     *               "probe": "unknown_type",
                     *               "expected": "2xx",
                     *               "response_status": 200,
                     *               "response_time_ms": 80,
                     *               "error": null,
                     *               "passed": true
                     *             },
                     *             {
                     *               "probe": "multiple_signatures",
                     *               "expected": "2xx",
                     *               "response_status": 200,
                     *               "response_time_ms": 81,
                     *               "error": null,
                     *               "passed": true
                     *             },
                     *             {
                     *               "probe": "tampered_body",
                     *               "expected": "4xx",
                     *               "response_status": 400,
                     *               "response_time_ms": 79,
                     *               "error": null,
                     *               "passed": true
                     *             },
                     *             {
                     *               "probe": "wrong_secret",
                     *               "expected": "4xx",
                     *               "response_status": 400,
                     *               "response_time_ms": 78,
                     *               "error": null,
                     *               "passed": true
                     *             },
                     *             {
                     *               "probe": "missing_signature",
                     *               "expected": "4xx",
                     *               "response_status": 400,
                     *               "response_time_ms": 77,
                     *               "error": null,
                     *               "passed": true
                     *             },
                     *             {
                     *               "probe": "stale_timestamp",
                     *               "expected": "4xx",
                     *               "response_status": 500,
                     *               "response_time_ms": 83,
                     *               "error": null,
                     *               "passed": false
                     *             },
                     *             {
                     *               "probe": "future_timestamp",
                     *               "expected": "4xx",
                     *               "response_status": 400,
                     *               "response_time_ms": 80,
                     *               "error": null,
                     *               "passed": true
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "limit": 20,
                     *         "has_more": false,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            id: string;
                            endpoint_id: string;
                            /** @description The URL the probes were sent to (the endpoint's at the time) */
                            url: string;
                            /** @description True when every probe passed */
                            passed: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** @description One result per probe, in the order of the contract's table */
                            results: {
                                /**
                                 * @description Which probe (docs/webhooks.md says what each sends and how to pass it)
                                 * @enum {string}
                                 */
                                probe: "valid_signature" | "duplicate" | "unknown_type" | "multiple_signatures" | "tampered_body" | "wrong_secret" | "missing_signature" | "stale_timestamp" | "future_timestamp";
                                /**
                                 * @description The answer that passes it
                                 * @enum {string}
                                 */
                                expected: "2xx within 3 s" | "2xx" | "4xx";
                                /** @description The receiver's HTTP status; null when it did not answer */
                                response_status: number | null;
                                /** @description Milliseconds until the answer (or the failure); null when nothing was sent */
                                response_time_ms: number | null;
                                /** @description Why no answer came (a timeout, a refused connection, a URL the policy refuses); null when one came */
                                error: string | null;
                                passed: boolean;
                            }[];
                        }[];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description NOT_FOUND: No such resource for this client (another client's id is also 404), or no such route. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    resetSandbox: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, scoped to your client (not to the operation). The same key with the same request (operation, path and body) within 24 h replays the first response (status and body) with `Idempotent-Replayed: true`, a 404, 409 or 422 refusal as well as a success; with a different request, on this operation or another, it is 409 IDEMPOTENCY_KEY_REUSED, and while the first is still being processed 409 IDEMPOTENCY_KEY_IN_USE. Validation errors (400), 429 and 500 are not stored, so such a request may be retried with the same key. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Also delete the client's webhook endpoints (and free their limit of 10); default false: they stay */
                    webhook_endpoints?: boolean;
                };
            };
        };
        responses: {
            /** @description What was deleted */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "deleted": 42,
                     *         "has_more": false
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        /**
                         * @description What a reset deleted
                         * @example {
                         *       "deleted": 42,
                         *       "has_more": false
                         *     }
                         */
                        data: {
                            /** @description How many items this call deleted */
                            deleted: number;
                            /** @description True only when this call ran out of time before the client was clean (a very large partition deployed): call again, with a new Idempotency-Key */
                            has_more: boolean;
                        };
                    };
                };
            };
            /** @description INVALID_JSON: The body is not valid JSON, or not a JSON object. VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidJsonError"] | components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: A request with the same `Idempotency-Key` is still being processed. IDEMPOTENCY_KEY_REUSED: The same `Idempotency-Key` was used with a different request body, path or operation. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"] | components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is over 16 KiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: A body was sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaTypeError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    getSandboxClock: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client's clock */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "now": "2026-11-22T01:02:03.456Z",
                     *         "offset_seconds": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        /**
                         * @description The client's sandbox clock
                         * @example {
                         *       "now": "2026-11-23T01:02:03.456Z",
                         *       "offset_seconds": 86400
                         *     }
                         */
                        data: {
                            /**
                             * Format: date-time
                             * @description The client's now: real time plus its offset
                             */
                            now: string;
                            /** @description How far the clock runs ahead of real time, in seconds (kept in whole milliseconds, so it may have up to 3 decimals); 0 until advanced, and again after a reset */
                            offset_seconds: number;
                        };
                    };
                };
            };
            /** @description VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    advanceSandboxClock: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, scoped to your client (not to the operation). The same key with the same request (operation, path and body) within 24 h replays the first response (status and body) with `Idempotent-Replayed: true`, a 404, 409 or 422 refusal as well as a success; with a different request, on this operation or another, it is 409 IDEMPOTENCY_KEY_REUSED, and while the first is still being processed 409 IDEMPOTENCY_KEY_IN_USE. Validation errors (400), 429 and 500 are not stored, so such a request may be retried with the same key. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Move the clock this many seconds ahead (1–31536000: up to a year) */
                    seconds?: number;
                    /**
                     * Format: date-time
                     * @description Move the clock to this instant (ISO 8601), which must be later than the client's now: the clock never goes backwards
                     * @example 2026-11-22T01:02:03.456Z
                     */
                    to?: string;
                };
            };
        };
        responses: {
            /** @description The clock after the move */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "now": "2026-11-23T01:02:03.456Z",
                     *         "offset_seconds": 86400
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        /**
                         * @description The client's sandbox clock
                         * @example {
                         *       "now": "2026-11-23T01:02:03.456Z",
                         *       "offset_seconds": 86400
                         *     }
                         */
                        data: {
                            /**
                             * Format: date-time
                             * @description The client's now: real time plus its offset
                             */
                            now: string;
                            /** @description How far the clock runs ahead of real time, in seconds (kept in whole milliseconds, so it may have up to 3 decimals); 0 until advanced, and again after a reset */
                            offset_seconds: number;
                        };
                    };
                };
            };
            /** @description INVALID_JSON: The body is not valid JSON, or not a JSON object. VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidJsonError"] | components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: A request with the same `Idempotency-Key` is still being processed. IDEMPOTENCY_KEY_REUSED: The same `Idempotency-Key` was used with a different request body, path or operation. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"] | components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is over 16 KiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: A body was sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaTypeError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The person and their client */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "user": {
                     *           "email": "dev@example.com",
                     *           "created_at": "2026-11-22T00:59:00.000Z"
                     *         },
                     *         "client": {
                     *           "id": "cli_01M80C9X0T2W4Y6A8C0E2G4J6K",
                     *           "name": "Acme",
                     *           "created_at": "2026-11-22T00:59:00.000Z"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Account"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    listAccountKeys: {
        parameters: {
            query?: {
                /** @description Page size */
                limit?: number;
                /** @description The previous page's `pagination.next_cursor`; send the same filters with it */
                cursor?: string;
            };
            header?: {
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of keys, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "key_01M80C9Y1V3X5Z7B9D1F3H5K7M",
                     *           "label": "ci",
                     *           "scopes": [
                     *             "transactions:write",
                     *             "transactions:read"
                     *           ],
                     *           "last4": "x9Qa",
                     *           "status": "active",
                     *           "created_at": "2026-11-22T01:00:00.000Z",
                     *           "created_by": "user:dev@example.com",
                     *           "last_used_at": "2026-11-22T01:02:03.456Z",
                     *           "expires_at": null,
                     *           "revoked_at": null
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "limit": 20,
                     *         "has_more": false,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ApiKey"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    createAccountKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, scoped to your client (not to the operation). The same key with the same request (operation, path and body) within 24 h replays the first response (status and body) with `Idempotent-Replayed: true`, a 404, 409 or 422 refusal as well as a success; with a different request, on this operation or another, it is 409 IDEMPOTENCY_KEY_REUSED, and while the first is still being processed 409 IDEMPOTENCY_KEY_IN_USE. Validation errors (400), 429 and 500 are not stored, so such a request may be retried with the same key. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Your name for the key, at most 100 characters */
                    label?: string | null;
                    /**
                     * @description What the key may do; default every scope
                     * @default [
                     *       "transactions:write",
                     *       "transactions:read",
                     *       "refunds:write",
                     *       "settlements:read",
                     *       "channels:read",
                     *       "sandbox:simulate",
                     *       "events:read",
                     *       "webhooks:write"
                     *     ]
                     */
                    scopes?: ("transactions:write" | "transactions:read" | "refunds:write" | "settlements:read" | "channels:read" | "sandbox:simulate" | "events:read" | "webhooks:write")[];
                    /** @description Days until the key expires (1–365); default never */
                    expires_in_days?: number;
                };
            };
        };
        responses: {
            /** @description The new key, shown once */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "key_01M80C9Y1V3X5Z7B9D1F3H5K7M",
                     *         "label": "ci",
                     *         "scopes": [
                     *           "transactions:write",
                     *           "transactions:read"
                     *         ],
                     *         "last4": "x9Qa",
                     *         "status": "active",
                     *         "created_at": "2026-11-22T01:00:00.000Z",
                     *         "created_by": "user:dev@example.com",
                     *         "last_used_at": "2026-11-22T01:02:03.456Z",
                     *         "expires_at": null,
                     *         "revoked_at": null,
                     *         "key": "sk_sbx_cli_01M80C9X0T2W4Y6A8C0E2G4J6K_p2xVb3QaDt0n8mSgF1rJkYcWzE5uHo7L9sNcx9Qa"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["CreatedApiKey"];
                    };
                };
            };
            /** @description INVALID_JSON: The body is not valid JSON, or not a JSON object. VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidJsonError"] | components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description LIMIT_EXCEEDED: A per-client limit would be passed (such as 10 webhook endpoints); the message names it. IDEMPOTENCY_KEY_IN_USE: A request with the same `Idempotency-Key` is still being processed. IDEMPOTENCY_KEY_REUSED: The same `Idempotency-Key` was used with a different request body, path or operation. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LimitExceededError"] | components["schemas"]["IdempotencyKeyInUseError"] | components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is over 16 KiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: A body was sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaTypeError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    rollAccountKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, scoped to your client (not to the operation). The same key with the same request (operation, path and body) within 24 h replays the first response (status and body) with `Idempotent-Replayed: true`, a 404, 409 or 422 refusal as well as a success; with a different request, on this operation or another, it is 409 IDEMPOTENCY_KEY_REUSED, and while the first is still being processed 409 IDEMPOTENCY_KEY_IN_USE. Validation errors (400), 429 and 500 are not stored, so such a request may be retried with the same key. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path: {
                /** @description The key id (key_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description How long the old key keeps working, in seconds (0–604800); default 3600. 0: refused at once
                     * @default 3600
                     */
                    expire_old_in_seconds?: number;
                };
            };
        };
        responses: {
            /** @description The new key, shown once */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "key_01M80C9Y1V3X5Z7B9D1F3H5K7M",
                     *         "label": "ci",
                     *         "scopes": [
                     *           "transactions:write",
                     *           "transactions:read"
                     *         ],
                     *         "last4": "x9Qa",
                     *         "status": "active",
                     *         "created_at": "2026-11-22T01:00:00.000Z",
                     *         "created_by": "user:dev@example.com",
                     *         "last_used_at": "2026-11-22T01:02:03.456Z",
                     *         "expires_at": null,
                     *         "revoked_at": null,
                     *         "key": "sk_sbx_cli_01M80C9X0T2W4Y6A8C0E2G4J6K_p2xVb3QaDt0n8mSgF1rJkYcWzE5uHo7L9sNcx9Qa"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["CreatedApiKey"];
                    };
                };
            };
            /** @description INVALID_JSON: The body is not valid JSON, or not a JSON object. VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidJsonError"] | components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description NOT_FOUND: No such resource for this client (another client's id is also 404), or no such route. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description INVALID_STATE: The transaction's status forbids the operation; the message names the status. LIMIT_EXCEEDED: A per-client limit would be passed (such as 10 webhook endpoints); the message names it. IDEMPOTENCY_KEY_IN_USE: A request with the same `Idempotency-Key` is still being processed. IDEMPOTENCY_KEY_REUSED: The same `Idempotency-Key` was used with a different request body, path or operation. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidStateError"] | components["schemas"]["LimitExceededError"] | components["schemas"]["IdempotencyKeyInUseError"] | components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is over 16 KiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: A body was sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaTypeError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    revokeAccountKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters, scoped to your client (not to the operation). The same key with the same request (operation, path and body) within 24 h replays the first response (status and body) with `Idempotent-Replayed: true`, a 404, 409 or 422 refusal as well as a success; with a different request, on this operation or another, it is 409 IDEMPOTENCY_KEY_REUSED, and while the first is still being processed 409 IDEMPOTENCY_KEY_IN_USE. Validation errors (400), 429 and 500 are not stored, so such a request may be retried with the same key. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, `error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing done; `latency_<ms>` (0–10000) delays the answer by that many milliseconds, then runs the request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is 400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request. */
                "Sandbox-Fault"?: components["parameters"]["SandboxFault"];
            };
            path: {
                /** @description The key id (key_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key, revoked */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "key_01M80C9Y1V3X5Z7B9D1F3H5K7M",
                     *         "label": "ci",
                     *         "scopes": [
                     *           "transactions:write",
                     *           "transactions:read"
                     *         ],
                     *         "last4": "x9Qa",
                     *         "status": "revoked",
                     *         "created_at": "2026-11-22T01:00:00.000Z",
                     *         "created_by": "user:dev@example.com",
                     *         "last_used_at": "2026-11-22T01:02:03.456Z",
                     *         "expires_at": null,
                     *         "revoked_at": "2026-11-22T02:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ApiKey"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description UNAUTHORIZED: The key is missing, malformed, unknown or revoked. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthorizedError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description NOT_FOUND: No such resource for this client (another client's id is also 404), or no such route. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description INVALID_STATE: The transaction's status forbids the operation; the message names the status. IDEMPOTENCY_KEY_IN_USE: A request with the same `Idempotency-Key` is still being processed. IDEMPOTENCY_KEY_REUSED: The same `Idempotency-Key` was used with a different request body, path or operation. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidStateError"] | components["schemas"]["IdempotencyKeyInUseError"] | components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: The service is unavailable for the moment (the sandbox answers it when `Sandbox-Fault: error_503` asks); nothing was done: retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    signUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: email
                     * @description Your e-mail address: the identity service e-mails your temporary password there, and you sign in with it
                     */
                    email: string;
                    /** @description The name of the sandbox client made for you at your first sign-in */
                    client_name: string;
                };
            };
        };
        responses: {
            /** @description Taken: a temporary password is on its way, if the address may have one */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "email": "dev@example.com",
                     *         "temporary_password_valid_days": 7
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @description Sign-up taken: the same answer whether or not the address has an account */
                        data: {
                            /** @description The address, as given */
                            email: string;
                            /** @description How long the e-mailed temporary password can be used to sign in */
                            temporary_password_valid_days: number;
                        };
                    };
                };
            };
            /** @description INVALID_JSON: The body is not valid JSON, or not a JSON object. VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidJsonError"] | components["schemas"]["ValidationError"];
                };
            };
            /** @description FORBIDDEN: The key lacks the operation's scope, or sends `Sandbox-Fault` (or the `sandbox` field of a create) without `sandbox:simulate`; a server key on an account route; a sign-up the stage's policy does not let in. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is over 16 KiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: A body was sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaTypeError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    getDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en"><head><title>Payment Sandbox</title>…</head><body><div id="app"></div></body></html> */
                    "text/html": string;
                };
            };
            /** @description VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    getDashboardAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The file name, as the page names it */
                asset: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example var e=… */
                    "text/javascript": string;
                    /** @example var e=… */
                    "text/css": string;
                };
            };
            /** @description VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description NOT_FOUND: No such resource for this client (another client's id is also 404), or no such route. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    getPaymentPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token of `payment_url`: 64 base64url characters */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page, or the receipt */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en"><head><title>Pay Toko Budi · Payment Sandbox</title>…</head><body>…</body></html> */
                    "text/html": string;
                };
            };
            /** @description See Other: the transaction is no longer `pending` and has a `return_url`; `Location` is that URL with `transaction_id`, `order_id` and `status` added to its query */
            303: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example  */
                    "text/plain": string;
                };
            };
            /** @description VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en"><head><title>400 …</title></head><body><main><h1>…</h1><p>…</p><p><small>400 VALIDATION_ERROR · request id <code>…</code></small></p></main></body></html> */
                    "text/html": string;
                };
            };
            /** @description NOT_FOUND: No such resource for this client (another client's id is also 404), or no such route. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en"><head><title>404 …</title></head><body><main><h1>…</h1><p>…</p><p><small>404 NOT_FOUND · request id <code>…</code></small></p></main></body></html> */
                    "text/html": string;
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en"><head><title>429 …</title></head><body><main><h1>…</h1><p>…</p><p><small>429 RATE_LIMITED · request id <code>…</code></small></p></main></body></html> */
                    "text/html": string;
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en"><head><title>500 …</title></head><body><main><h1>…</h1><p>…</p><p><small>500 INTERNAL_ERROR · request id <code>…</code></small></p></main></body></html> */
                    "text/html": string;
                };
            };
        };
    };
    submitPaymentPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token of `payment_url`: 64 base64url characters */
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /**
                     * @description `pay` or `fail` (every method but card); `card` (a card payment: the card fields); `3ds-complete` or `3ds-fail` (a waiting 3-D Secure challenge)
                     * @enum {string}
                     */
                    action: "pay" | "fail" | "card" | "3ds-complete" | "3ds-fail";
                    /** @description card: the number, spaces allowed */
                    card_number?: string;
                    /** @description card: the expiry, MM/YY */
                    card_expiry?: string;
                    /** @description card: the security code, 3 or 4 digits */
                    card_cvc?: string;
                    /** @description card: the name on the card */
                    card_name?: string;
                };
            };
        };
        responses: {
            /** @description See Other: where the browser goes next (`Location`) */
            303: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example  */
                    "text/plain": string;
                };
            };
            /** @description VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en"><head><title>400 …</title></head><body><main><h1>…</h1><p>…</p><p><small>400 VALIDATION_ERROR · request id <code>…</code></small></p></main></body></html> */
                    "text/html": string;
                };
            };
            /** @description NOT_FOUND: No such resource for this client (another client's id is also 404), or no such route. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en"><head><title>404 …</title></head><body><main><h1>…</h1><p>…</p><p><small>404 NOT_FOUND · request id <code>…</code></small></p></main></body></html> */
                    "text/html": string;
                };
            };
            /** @description PAYLOAD_TOO_LARGE: The body is over 16 KiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en"><head><title>413 …</title></head><body><main><h1>…</h1><p>…</p><p><small>413 PAYLOAD_TOO_LARGE · request id <code>…</code></small></p></main></body></html> */
                    "text/html": string;
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: A body was sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en"><head><title>415 …</title></head><body><main><h1>…</h1><p>…</p><p><small>415 UNSUPPORTED_MEDIA_TYPE · request id <code>…</code></small></p></main></body></html> */
                    "text/html": string;
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en"><head><title>429 …</title></head><body><main><h1>…</h1><p>…</p><p><small>429 RATE_LIMITED · request id <code>…</code></small></p></main></body></html> */
                    "text/html": string;
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en"><head><title>500 …</title></head><body><main><h1>…</h1><p>…</p><p><small>500 INTERNAL_ERROR · request id <code>…</code></small></p></main></body></html> */
                    "text/html": string;
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document (not wrapped in the success envelope) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "openapi": "3.1.0",
                     *       "info": {
                     *         "title": "Payment Sandbox API",
                     *         "version": "0.1.0"
                     *       },
                     *       "paths": {}
                     *     }
                     */
                    "application/json": {
                        openapi: string;
                        info: {
                            title: string;
                            version: string;
                        } & {
                            [key: string]: unknown;
                        };
                        paths: {
                            [key: string]: {
                                [key: string]: unknown;
                            };
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description VALIDATION_ERROR: A field, query parameter, path id, cursor, Idempotency-Key or Sandbox-Fault header is wrong; `details` names each. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description RATE_LIMITED: The client made more requests this second than its stage allows, or another request was changing the same data at that moment, or `Sandbox-Fault: rate_limit` asked for it; nothing was done: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description INTERNAL_ERROR: Anything unexpected; the message gives the request id, never a stack trace. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    deliverEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, the same on every attempt and resend of the event */
                "webhook-id": string;
                /** @description When this attempt was signed, in Unix seconds */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description Delivered: the event is yours; answer within 10 s (the body is not read beyond 4 KB) */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not delivered: the attempt is retried on the schedule above */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
