/**
 * Every partition and sort key of the table is built here and nowhere else.
 * All of a client's items share the partition `C#<client id>`; the only items outside
 * a client partition are the API-key hash records and the user→client mappings, both looked up
 * before the client is known, and the client registry, which the admin tools read (and the
 * post-confirmation trigger adds each new client to). Who may touch each: docs/security.md.
 */

/** Every client partition starts with this; IAM confines the API functions' writes to such partitions. */
export const CLIENT_PARTITION_PREFIX = 'C#';

/** The partition holding every item of one client. */
export const clientPartition = (clientId: string) => `${CLIENT_PARTITION_PREFIX}${clientId}`;

/** The client id of a client partition, or undefined for any other partition. */
export const clientIdOfPartition = (pk: string): string | undefined =>
  pk.startsWith(CLIENT_PARTITION_PREFIX) && pk.length > CLIENT_PARTITION_PREFIX.length ? pk.slice(CLIENT_PARTITION_PREFIX.length) : undefined;

const TXN = 'TXN#';
const ORDER = 'ORDER#';
const STL = 'STL#';
const IDEM = 'IDEM#';
const WHE = 'WHE#';
const EVT = 'EVT#';
const DLV = 'DLV#';
const WHC = 'WHC#';
const WHC_LOCK = 'WHCLOCK#';
const RATE = 'RATE#';
const DUE_MARKER = 'DUE#';
/** The prefix of a CLOCKS entry's sort key: `look#<real time ISO>#<client id>`. */
const CLOCK_LOOK = 'look#';
const RESET_FOLLOW_UP = 'RESETFOLLOWUP';

/** The one partition listing every client (admin only: `clients list` without a Scan). */
const CLIENT_REGISTRY = 'CLIENTS';
const REGISTERED_CLIENT = 'CLIENT#';
/** Each API-key hash record is a partition of its own: `KEYHASH#<SHA-256 of the key>`. */
const KEY_HASH = 'KEYHASH#';
/** Each person's user→client mapping is a partition of its own: `USER#<the user pool's sub>`. */
const USER_CLIENT = 'USER#';
const MEMBER = 'MEMBER#';

/**
 * The partitions that are no client's, by name, as IAM's `dynamodb:LeadingKeys` matches them
 * (StringLike): a function's grant reaches one only when its declaration names it, with why
 * (lib/db/access.ts, `sharedPartitions`); every other grant stays on `C#*`.
 */
export const SHARED_PARTITIONS = {
  /** The API-key hash records admission reads before it knows the client (written by the admin tools and the account routes that make, roll and revoke keys). */
  keyHashes: `${KEY_HASH}*`,
  /** The client registry (the admin CLI lists it; the post-confirmation trigger adds to it). */
  clientRegistry: CLIENT_REGISTRY,
  /**
   * The user→client mappings (docs/api.md §14): admission reads one to learn a session's client;
   * the post-confirmation trigger and the admin CLI write them.
   */
  userClients: `${USER_CLIENT}*`,
} as const;

/** A partition that is no client's, by its name in SHARED_PARTITIONS. */
export type SharedPartition = keyof typeof SHARED_PARTITIONS;

export const keys = {
  client: (clientId: string) => ({ pk: clientPartition(clientId), sk: 'CLIENT' }),

  /** A client's entry in the registry, put in the same transaction as the client item; sorts by id, so by creation time. */
  clientRegistryEntry: (clientId: string) => ({ pk: CLIENT_REGISTRY, sk: REGISTERED_CLIENT + clientId }),
  clientRegistryPrefix: { pk: CLIENT_REGISTRY, skPrefix: REGISTERED_CLIENT },

  /** A key's record in its client's partition; gsi1 finds it by key id alone (for revoke). */
  apiKey: (clientId: string, keyId: string) => ({ pk: clientPartition(clientId), sk: `KEY#${keyId}` }),
  apiKeyIndex: (keyId: string) => ({ gsi1pk: `KEY#${keyId}`, gsi1sk: 'KEY' }),
  apiKeyPrefix: (clientId: string) => ({ pk: clientPartition(clientId), skPrefix: 'KEY#' }),

  /**
   * A person's client (docs/api.md §14), by the user pool's `sub`: what admission reads to learn a
   * session's client, so it lies outside every client partition. Written once, with the person's
   * member item, and never changed.
   */
  userClient: (userId: string) => ({ pk: `${USER_CLIENT}${userId}`, sk: 'USER' }),
  /** A person who signs in to a client (their e-mail, when they joined), in the client's partition. */
  member: (clientId: string, userId: string) => ({ pk: clientPartition(clientId), sk: MEMBER + userId }),
  memberPrefix: (clientId: string) => ({ pk: clientPartition(clientId), skPrefix: MEMBER }),

  /** The record authentication reads: one strongly consistent GetItem by the key's SHA-256. */
  apiKeyHash: (hash: string) => ({ pk: `${KEY_HASH}${hash}`, sk: 'KEYHASH' }),
  /** The SHA-256 a key-hash record's partition names. */
  apiKeyHashOfPartition: (pk: string): string => pk.slice(KEY_HASH.length),

  /** A transaction; sort keys order by the ULID in the id, so by creation time. */
  transaction: (clientId: string, transactionId: string) => ({ pk: clientPartition(clientId), sk: TXN + transactionId }),
  /** Reserves an order_id within the client: written in the same transaction as the payment. */
  order: (clientId: string, orderId: string) => ({ pk: clientPartition(clientId), sk: `${ORDER}${orderId}` }),
  /** The order_id an order reservation's sort key holds. */
  orderIdOfSortKey: (sk: string): string => sk.slice(ORDER.length),

  /** A refund record (docs/api.md §6). */
  refund: (clientId: string, refundId: string) => ({ pk: clientPartition(clientId), sk: `RFD#${refundId}` }),

  /** A settlement-ledger entry (docs/api.md §7). */
  settlement: (clientId: string, settlementId: string) => ({ pk: clientPartition(clientId), sk: STL + settlementId }),

  /** A webhook endpoint (docs/api.md §11), with the secret delivery signs with. */
  webhookEndpoint: (clientId: string, endpointId: string) => ({ pk: clientPartition(clientId), sk: WHE + endpointId }),

  /**
   * A check of a webhook receiver (docs/api.md §17), filed under its endpoint: `WHC#<whe id>#<whc id>`, so an
   * endpoint's checks are one key range, ordered by the ULID of `whc_…` (when it was made, in real time).
   */
  webhookCheck: (clientId: string, endpointId: string, checkId: string) => ({ pk: clientPartition(clientId), sk: `${WHC}${endpointId}#${checkId}` }),
  /** The sort-key prefix of an endpoint's checks: the `sortKeyPrefix` of their list. */
  webhookCheckSortKeyPrefix: (endpointId: string) => `${WHC}${endpointId}#`,
  /** The lease a running check holds on its endpoint (one check at a time per endpoint). */
  webhookCheckLease: (clientId: string, endpointId: string) => ({ pk: clientPartition(clientId), sk: `${WHC_LOCK}${endpointId}` }),

  /** An event (docs/api.md §10); sort keys order by the ULID in the id, so by recording time. */
  event: (clientId: string, eventId: string) => ({ pk: clientPartition(clientId), sk: EVT + eventId }),

  /**
   * One webhook delivery attempt (docs/api.md §11), filed under its event: `DLV#<evt id>#<dlv id>`, so
   * an event's attempts are one key range, in the order they were scheduled (the ULID of `dlv_…`).
   */
  deliveryAttempt: (clientId: string, eventId: string, attemptId: string) => ({
    pk: clientPartition(clientId),
    sk: `${DLV}${eventId}#${attemptId}`,
  }),
  /** The sort-key prefix of an event's delivery attempts: the `sortKeyPrefix` of their list. */
  deliveryAttemptSortKeyPrefix: (eventId: string) => `${DLV}${eventId}#`,
  /** What the sort key of every delivery attempt starts with: the sweep's kind for due attempts. */
  deliveryAttemptPrefix: DLV,
  /** The event id of a delivery attempt's sort key (`DLV#<evt id>#<dlv id>`). */
  eventIdOfAttemptSortKey: (sk: string): string => sk.slice(DLV.length, sk.indexOf('#', DLV.length)),

  /**
   * A reset's follow-up (lib/webhooks/reset-follow-up.ts): due once every attempt under way when the
   * reset came has ended, it removes what such attempts left of the events the reset removed.
   */
  resetFollowUp: (clientId: string) => ({ pk: clientPartition(clientId), sk: RESET_FOLLOW_UP }),
  resetFollowUpSortKey: RESET_FOLLOW_UP,

  /** Sort keys of transactions, settlement entries, webhook endpoints and events by id (an empty id gives the prefix). */
  transactionSortKey: (transactionId: string) => TXN + transactionId,
  settlementSortKey: (settlementId: string) => STL + settlementId,
  eventSortKey: (eventId: string) => EVT + eventId,
  webhookEndpointSortKey: (endpointId: string) => WHE + endpointId,

  /** The transaction id of a transaction's sort key, or undefined for any other sort key. */
  transactionIdOfSortKey: (sk: string): string | undefined => (sk.startsWith(TXN) && sk.length > TXN.length ? sk.slice(TXN.length) : undefined),

  /**
   * Idempotency records live in the client's partition, under `IDEM#<SHA-256 of the key>`: a key
   * belongs to the client, whatever the route (the route is part of what a replay must match).
   */
  idempotency: (clientId: string, keyHash: string) => ({ pk: clientPartition(clientId), sk: IDEM + keyHash }),
  idempotencyPrefix: IDEM,
  /** The SHA-256 of the Idempotency-Key an idempotency record's sort key holds. */
  idempotencyKeyHashOfSortKey: (sk: string): string => sk.slice(IDEM.length),

  /** The count of a client's requests in one second (epoch seconds), for the per-client rate limit. */
  requestCounter: (clientId: string, epochSecond: number) => ({ pk: clientPartition(clientId), sk: `${RATE}${epochSecond}` }),
  /** What the sort key of every request counter starts with (a reset keeps them: lib/sandbox/reset.ts). */
  requestCounterPrefix: RATE,

  /**
   * The sparse `due` index's attributes for an item with something falling due at `dueAt` (ISO
   * 8601): set them while it is due, REMOVE them in the write that settles it (lib/db/due.ts).
   */
  due: (dueAt: string) => ({ due_pk: DUE_PARTITION, due_sk: dueAt }),

  /**
   * What falls due for a client on its own clock: one marker per pending transaction,
   * `DUE#<client-time due ISO>#<txn id>`, written with the create and deleted with every exit from
   * `pending`, so an advance of the client's clock finds what it passes by one Query (lib/sandbox/clock-advance.ts).
   */
  dueMarker: (clientId: string, dueAt: string, transactionId: string) => ({ pk: clientPartition(clientId), sk: `${DUE_MARKER}${dueAt}#${transactionId}` }),
  /** The sort-key range of the markers due at or before `dueBy` (ISO): `DUE#` … `DUE#<dueBy>#~`. */
  dueMarkersUntil: (dueBy: string) => ({ low: DUE_MARKER, high: `${DUE_MARKER}${dueBy}#~` }),
  /** What a marker's sort key says: its due time (client-time ISO) and transaction id; undefined for any other key. */
  dueMarkerParts: (sk: string): { dueAt: string; transactionId: string } | undefined => {
    if (!sk.startsWith(DUE_MARKER)) return undefined;
    const last = sk.lastIndexOf('#');
    return { dueAt: sk.slice(DUE_MARKER.length, last), transactionId: sk.slice(last + 1) };
  },

  /** The sort-key range of the markers due after `dueAfter` (ISO): `DUE#<dueAfter>#~` … `DUE#~`. */
  dueMarkersAfter: (dueAfter: string) => ({ low: `${DUE_MARKER}${dueAfter}#~`, high: `${DUE_MARKER}~` }),

  /**
   * A client whose clock runs ahead carries these on its client item (lib/sandbox/clock-advance.ts):
   * the `due` index's second partition lists such clients by when the sweep is next to look at
   * what falls due on their clocks (`lookAt`, real time ISO), so a pass finds the ones to look at
   * now with one Query, without a Scan.
   */
  advancedClient: (clientId: string, lookAt: string) => ({ due_pk: ADVANCED_CLIENTS_PARTITION, due_sk: `${CLOCK_LOOK}${lookAt}#${clientId}` }),
  /**
   * The upper end of the CLOCKS entries to look at by `now` (ISO). The entries written before looks
   * had times (`due_sk = <client id>`, `cli_…`) sort before every look (`look#…`), so they are in
   * the range too, and the sweep's first look at each rewrites it.
   */
  advancedClientsBy: (now: string) => `${CLOCK_LOOK}${now}#~`,
  /** The client a CLOCKS entry's sort key names, as written now or before looks had times. */
  advancedClientOf: (dueSk: string) => (dueSk.startsWith(CLOCK_LOOK) ? dueSk.slice(dueSk.lastIndexOf('#') + 1) : dueSk),
} as const;

/** The `due` index's partition of the clients whose clock runs ahead of real time. */
export const ADVANCED_CLIENTS_PARTITION = 'CLOCKS';

/** The one partition of the `due` index: what falls due, across clients, ordered by when. */
export const DUE_PARTITION = 'DUE';
