import type { Db } from './db';
import { clientIdOfPartition } from './keys';
import { getItem, type Item, type TableKey, type TransactItem } from './requests';

/**
 * One kind of stored item, defined once (after ElectroDB's entities): its key, what it stores and
 * how a stored item reads back as a typed value. Repositories, the sweep, the reset, the bench and
 * the test fixtures write and read items of that kind through its definition, so an attribute's
 * name and type are written in one place. Keys are still built by lib/db/keys.ts.
 */
export interface Entity<Value, Key extends (...args: never[]) => TableKey> {
  /** The `entity` attribute of every item of this kind (the stream filter and the dispatcher tell items apart by it). */
  readonly name: string;
  /** The table key of one item of this kind. */
  readonly key: Key;
  /** The table key of the item that stores `value`. */
  keyOf(value: Value): TableKey;
  /** The whole item that stores `value`: its key, `entity`, then its attributes. */
  toItem(value: Value): Item;
  /** The typed value a stored item of this kind holds. */
  fromItem(item: Item): Value;
  /** The TransactWriteItems Put that stores `value` as a new item: refused (ConditionalCheckFailed) when its key is taken. */
  create(value: Value): TransactItem;
  /** The item at `key`, read strongly consistently unless `consistent` is false, or undefined. */
  find(db: Db, key: TableKey, options?: { readonly consistent?: boolean }): Promise<Value | undefined>;
}

/** The definition of one kind of stored item (see Entity). */
export interface EntityDefinition<Value, Key extends (...args: never[]) => TableKey> {
  readonly name: string;
  readonly key: Key;
  /** The key of the item that stores `value`. */
  readonly keyOf: (value: Value) => TableKey;
  /** What the item stores besides its key and `entity` (index attributes included). */
  readonly attributes: (value: Value) => Item;
  /** The value of a stored item. */
  readonly fromItem: (item: Item) => Value;
}

/** An Entity from its definition. */
export function defineEntity<Value, Key extends (...args: never[]) => TableKey>(definition: EntityDefinition<Value, Key>): Entity<Value, Key> {
  const toItem = (value: Value): Item => ({ ...definition.keyOf(value), entity: definition.name, ...definition.attributes(value) });
  return {
    name: definition.name,
    key: definition.key,
    keyOf: definition.keyOf,
    toItem,
    fromItem: definition.fromItem,
    create: (value) => ({ Put: { Item: toItem(value), ConditionExpression: 'attribute_not_exists(pk)' } }),
    async find(db, key, options = {}) {
      const item = await getItem(db, { Key: { pk: key.pk, sk: key.sk }, ConsistentRead: options.consistent ?? true });
      return item === undefined ? undefined : definition.fromItem(item);
    },
  };
}

/** A string attribute of a stored item; undefined when it is absent (or not a string). */
export function text(item: Item, attribute: string): string | undefined {
  const value = item[attribute];
  return typeof value === 'string' ? value : undefined;
}

/** A string attribute every item of its kind has. */
export function requiredText(item: Item, attribute: string): string {
  const value = item[attribute];
  if (typeof value !== 'string') throw new Error(`A stored ${String(item.entity ?? 'item')} has no ${attribute}`);
  return value;
}

/** The client a stored item belongs to, from its partition (`C#<client id>`). */
export function clientOf(item: Item): string {
  const clientId = clientIdOfPartition(requiredText(item, 'pk'));
  if (clientId === undefined) throw new Error(`A stored ${String(item.entity ?? 'item')} lies outside every client partition`);
  return clientId;
}
