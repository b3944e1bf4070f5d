import * as z from 'zod/mini';
import { accountExample, apiKeyExample, serverKeyExample } from './examples';
import { meta } from '../meta';
import { idOf, timestamp } from './fields';
import { cursor, limit } from './list-queries';
import { idField, integer, text } from './schemas';
import { scopes } from '../scopes';

/** The API key resource and the account (docs/api.md §14): their schemas, as answered and as requested. */

/** What a key's status says: admitting (`active`, or `expiring` once rolled), or not any more. */
export const keyStatuses = ['active', 'expiring', 'expired', 'revoked'] as const;
export type KeyStatus = (typeof keyStatuses)[number];

/** How many keys a client may hold that are neither revoked nor expired (§14). */
export const MAX_LIVE_KEYS = 20;
/** A key made with `expires_in_days` lasts at most a year. */
export const MAX_KEY_DAYS = 365;
/** How long a rolled key keeps working by default (§14): an hour; at most a week. */
export const DEFAULT_ROLL_GRACE_SECONDS = 3_600;
export const MAX_ROLL_GRACE_SECONDS = 604_800;

const scopeList = meta(z.array(z.enum(scopes)), { description: 'What the key may do (docs/api.md §3)' });

/** A key as every answer shows it: never the key itself. */
export const ApiKey = meta(
  z.strictObject({
    id: idOf('key'),
    label: meta(z.nullable(z.string()), { description: 'Your name for the key' }),
    scopes: scopeList,
    last4: meta(z.string(), { description: 'The last four characters of the key, to tell keys apart' }),
    status: meta(z.enum(keyStatuses), {
      description:
        '`active`; `expiring`: rolled, still admitting until `expires_at`; `expired`: past its `expires_at`; `revoked`. ' +
        'Only `active` and `expiring` keys are accepted',
    }),
    created_at: timestamp(),
    created_by: meta(z.string(), { description: '`user:<email>` for a key made on the API Keys page or this API, `admin` for one the admin CLI made' }),
    last_used_at: meta(z.nullable(timestamp()), { description: 'When the key last admitted a request, true to within 60 s; null if never' }),
    expires_at: meta(z.nullable(timestamp()), { description: 'When the key stops being accepted, if it does (real time, not the sandbox clock)' }),
    revoked_at: z.nullable(timestamp()),
  }),
  { description: 'A server key of your client, without the key itself', examples: [apiKeyExample] },
);
export type ApiKey = Readonly<z.infer<typeof ApiKey>>;

/** The answer that makes a key: the key object and the key, shown this once. */
export const CreatedApiKey = meta(
  z.strictObject({
    ...ApiKey.shape,
    key: meta(z.nullable(z.string().check(z.regex(/^sk_sbx_[A-Za-z0-9_-]{32,}$/))), {
      description:
        'The server key. Shown only in this answer: store it now. Null in the replay of a request repeated with its Idempotency-Key: ' +
        'only a hash of a key is ever stored, so no replay can show it again',
    }),
  }),
  { description: 'A new server key, shown once', examples: [{ ...apiKeyExample, key: serverKeyExample }] },
);
export type CreatedApiKey = Readonly<z.infer<typeof CreatedApiKey>>;

export const CreateApiKeyBody = meta(
  z.strictObject({
    label: meta(z.optional(z.nullable(text(100))), { description: 'Your name for the key, at most 100 characters' }),
    scopes: meta(
      z.optional(
        z.array(z.enum(scopes, { error: `must be one of ${scopes.join(', ')}` }), { error: 'must be a list of scopes' }).check(
          z.minLength(1, { error: 'must list at least one scope, or be left out for all of them' }),
          z.refine((list) => new Set(list).size === list.length, { error: 'must not list a scope twice' }),
        ),
      ),
      { description: 'What the key may do; default every scope', override: { default: [...scopes] } },
    ),
    expires_in_days: meta(z.optional(integer({ min: 1, max: MAX_KEY_DAYS, message: `must be an integer from 1 to ${MAX_KEY_DAYS}` })), {
      description: `Days until the key expires (1–${MAX_KEY_DAYS}); default never`,
    }),
  }),
  { examples: [{ label: 'ci', scopes: ['transactions:write', 'transactions:read'], expires_in_days: 90 }] },
);
export type CreateApiKeyInput = z.output<typeof CreateApiKeyBody>;

export const RollApiKeyBody = meta(
  z.strictObject({
    expire_old_in_seconds: meta(
      z.optional(integer({ min: 0, max: MAX_ROLL_GRACE_SECONDS, message: `must be an integer from 0 to ${MAX_ROLL_GRACE_SECONDS}` })),
      {
        description: `How long the old key keeps working, in seconds (0–${MAX_ROLL_GRACE_SECONDS}); default ${DEFAULT_ROLL_GRACE_SECONDS}. 0: refused at once`,
        override: { default: DEFAULT_ROLL_GRACE_SECONDS },
      },
    ),
  }),
  { examples: [{ expire_old_in_seconds: 3600 }] },
);
export type RollApiKeyInput = z.output<typeof RollApiKeyBody>;

export const ApiKeyIdParams = z.object({
  id: meta(idField('key', 'key'), { description: 'The key id (key_ followed by a ULID)', examples: [apiKeyExample.id] }),
});

export const ListApiKeysQuery = z.strictObject({ limit, cursor });
export type ListApiKeysInput = z.output<typeof ListApiKeysQuery>;

/** GET /account: who is signed in, and their client. */
export const Account = meta(
  z.strictObject({
    user: z.strictObject({ email: z.string(), created_at: timestamp() }),
    client: z.strictObject({ id: idOf('client'), name: z.string(), created_at: timestamp() }),
  }),
  { description: 'The signed-in person and the client they act for', examples: [accountExample] },
);
export type Account = Readonly<z.infer<typeof Account>>;
