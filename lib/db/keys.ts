/**
 * Every partition and sort key of the table is built here and nowhere else.
 * All of a client's items share the partition `C#<client id>`; the only items outside
 * a client partition are the API-key hash records, looked up before the client is known.
 */

const clientPartition = (clientId: string) => `C#${clientId}`;

export const keys = {
  client: (clientId: string) => ({ pk: clientPartition(clientId), sk: 'CLIENT' }),

  /** A key's record in its client's partition; gsi1 finds it by key id alone (for revoke). */
  apiKey: (clientId: string, keyId: string) => ({ pk: clientPartition(clientId), sk: `KEY#${keyId}` }),
  apiKeyIndex: (keyId: string) => ({ gsi1pk: `KEY#${keyId}`, gsi1sk: 'KEY' }),
  apiKeyPrefix: (clientId: string) => ({ pk: clientPartition(clientId), skPrefix: 'KEY#' }),

  /** The record authentication reads: one strongly consistent GetItem by the key's SHA-256. */
  apiKeyHash: (hash: string) => ({ pk: `KEYHASH#${hash}`, sk: 'KEYHASH' }),
} as const;
