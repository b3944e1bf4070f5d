import type { Item, TableKey } from './item';

/**
 * Items a request read before its use case asked for them: admission's BatchGetItem reads the
 * item a route names by its path (the transaction of `GET /transaction/{id}`) beside the key and
 * the client's clock (docs/decisions/0193). The use case's own strongly consistent GetItem of that
 * item is then answered from here, once, without a call; a second read of it (after a conflict)
 * goes to DynamoDB.
 */
export class Prefetched {
  private readonly items = new Map<string, Item | undefined>();

  constructor(entries: Iterable<readonly [TableKey, Item | undefined]>) {
    for (const [key, item] of entries) this.items.set(itemId(key), item);
  }

  /** The item read for `key` (undefined inside: it does not exist), or undefined when none was read; each is given once. */
  take(key: TableKey): { readonly item: Item | undefined } | undefined {
    const id = itemId(key);
    if (!this.items.has(id)) return undefined;
    const item = this.items.get(id);
    this.items.delete(id);
    return { item };
  }
}

const itemId = (key: TableKey) => `${key.pk}\u0000${key.sk}`;
