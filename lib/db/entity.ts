import type { Db } from './db';
import { isConditionFailed } from './errors';
import { clientIdOfPartition } from './keys';
import { getItem, updateItem, type Item, type TableKey, type TransactItem } from './requests';

/**
 * One kind of stored item, defined once (after ElectroDB's entities): its key, what it stores and
 * how a stored item reads back as a typed value. Repositories, the sweep, the reset, the bench and
 * the test fixtures write and read items of that kind through its definition, so an attribute's
 * name and type are written in one place. Keys are still built by lib/db/keys.ts.
 */
export interface Entity<Value, Key extends (...args: never[]) => TableKey, Attributes extends Item = Item> {
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
  create(value: Value): Extract<TransactItem, { readonly Put: unknown }>;
  /** The item at `key`, read strongly consistently unless `consistent` is false, or undefined. */
  find(db: Db, key: TableKey, options?: { readonly consistent?: boolean }): Promise<Value | undefined>;
  /** The TransactWriteItems Update that makes `change` to the item at `key` (see EntityUpdate). */
  update(key: TableKey, change: EntityUpdate<Attributes>): Extract<TransactItem, { readonly Update: unknown }>;
  /** Makes `change` to the item at `key` by one UpdateItem: false, with nothing written, when its condition failed. */
  updateOne(db: Db, key: TableKey, change: EntityUpdate<Attributes>): Promise<boolean>;
}

/** What an item stores under each attribute name, with its key. */
type Stored<Attributes extends Item> = Attributes & TableKey;

/** The names of an item's attributes that hold numbers. */
type NumberAttributes<Attributes extends Item> = {
  [K in keyof Attributes & string]-?: NonNullable<Attributes[K]> extends number ? K : never;
}[keyof Attributes & string];

/** How a condition compares an attribute of the stored item with a value. */
export type Comparison = '=' | '<>' | '<' | '<=' | '>' | '>=';

/**
 * One term of an update's condition on the item as it is stored: an attribute compared with a
 * value of its type, an attribute that must be there (`exists`, `pk` for the item itself) or absent.
 */
export type ConditionTerm<Attributes extends Item> =
  | { readonly [K in keyof Stored<Attributes> & string]: readonly [K, Comparison, NonNullable<Stored<Attributes>[K]>] }[keyof Stored<Attributes> & string]
  | { readonly exists: keyof Stored<Attributes> & string }
  | { readonly absent: keyof Stored<Attributes> & string };

/**
 * A change to one stored item of a kind, in its attributes' names and types: the attributes it
 * sets, the numbers it adds to, the attributes it removes, and the condition (every term of it)
 * the stored item must meet, else nothing is written. The entity writes the expressions.
 */
export interface EntityUpdate<Attributes extends Item> {
  readonly set?: Partial<Attributes>;
  /** Numbers added to what the item holds (`SET a = a + :n`): a change that needs no read of the sum. */
  readonly add?: { readonly [K in NumberAttributes<Attributes>]?: number };
  readonly remove?: readonly (keyof Attributes & string)[];
  readonly when?: readonly ConditionTerm<Attributes>[];
  /** Whether a refusal carries the item as it was (ReturnValuesOnConditionCheckFailure ALL_OLD). */
  readonly returnOldOnRefusal?: boolean;
}

/**
 * The expressions of an update: each attribute named once (`#a0`…), each value once (`:v0`…), in
 * the order the change gives them; an empty change sets nothing (DynamoDB refuses an empty clause,
 * so callers always give one).
 */
function updateExpressions(change: EntityUpdate<Item>) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const name = (attribute: string): string => {
    const known = Object.entries(names).find(([, n]) => n === attribute)?.[0];
    if (known) return known;
    const placeholder = `#a${Object.keys(names).length}`;
    names[placeholder] = attribute;
    return placeholder;
  };
  const value = (v: unknown): string => {
    const placeholder = `:v${Object.keys(values).length}`;
    values[placeholder] = v;
    return placeholder;
  };
  const sets = [
    ...Object.entries(change.set ?? {}).map(([attribute, v]) => `${name(attribute)} = ${value(v)}`),
    ...Object.entries(change.add ?? {}).map(([attribute, n]) => `${name(attribute)} = ${name(attribute)} + ${value(n)}`),
  ];
  const removes = (change.remove ?? []).map(name);
  const clauses = [...(sets.length > 0 ? [`SET ${sets.join(', ')}`] : []), ...(removes.length > 0 ? [`REMOVE ${removes.join(', ')}`] : [])];
  const terms = (change.when ?? []).map((term) =>
    'exists' in term
      ? `attribute_exists(${name(term.exists)})`
      : 'absent' in term
        ? `attribute_not_exists(${name(term.absent)})`
        : `${name(term[0])} ${term[1]} ${value(term[2])}`,
  );
  return {
    UpdateExpression: clauses.join(' '),
    ...(terms.length > 0 && { ConditionExpression: terms.join(' AND ') }),
    ...(Object.keys(names).length > 0 && { ExpressionAttributeNames: names }),
    ...(Object.keys(values).length > 0 && { ExpressionAttributeValues: values }),
    ...(change.returnOldOnRefusal && { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const }),
  };
}

/** The definition of one kind of stored item (see Entity). */
export interface EntityDefinition<Value, Key extends (...args: never[]) => TableKey, Attributes extends Item = Item> {
  readonly name: string;
  readonly key: Key;
  /** The key of the item that stores `value`. */
  readonly keyOf: (value: Value) => TableKey;
  /** What the item stores besides its key and `entity` (index attributes included); its type is what updates may name. */
  readonly attributes: (value: Value) => Attributes;
  /** The value of a stored item. */
  readonly fromItem: (item: Item) => Value;
}

/** An Entity from its definition. */
export function defineEntity<Value, Key extends (...args: never[]) => TableKey, Attributes extends Item = Item>(
  definition: EntityDefinition<Value, Key, Attributes>,
): Entity<Value, Key, Attributes> {
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
    update: (key, change) => ({ Update: { Key: { pk: key.pk, sk: key.sk }, ...updateExpressions(change) } }),
    async updateOne(db, key, change) {
      try {
        await updateItem(db, { Key: { pk: key.pk, sk: key.sk }, ...updateExpressions(change) });
        return true;
      } catch (error) {
        if (isConditionFailed(error)) return false;
        throw error;
      }
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
