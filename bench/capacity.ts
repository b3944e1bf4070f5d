import { unmarshall } from '@aws-sdk/util-dynamodb';
import { tableDefinition } from '../lib/db/table';
import type { CallRecord } from './counter';

/**
 * DynamoDB on-demand request units as AWS bills them, computed from item sizes — DynamoDB Local
 * reports ConsumedCapacity, but not by AWS's rules (a transactional write is not doubled, and
 * a 3-item TransactWriteItems can report 2 units), so the bench models the bill itself.
 *
 * Rules (DynamoDB developer guide, "Item sizes" and "Read/write capacity mode"):
 *  - read:  1 RRU per 4 KB strongly consistent, ½ eventually consistent; a Query adds up the
 *           sizes of the items it reads before rounding; TransactGetItems counts 2 per 4 KB.
 *  - write: 1 WRU per 1 KB of the larger of the old and new item; TransactWriteItems counts
 *           2 WRU per 1 KB per item; an index that projects the item adds its own write.
 */

type Item = Record<string, unknown>;

const KB = 1024;

/** The size DynamoDB charges for an item (attribute names plus values, per the developer guide). */
export function itemSize(item: Item): number {
  return Object.entries(item).reduce((total, [name, value]) => total + utf8(name) + valueSize(value), 0);
}

function valueSize(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return utf8(value);
  if (typeof value === 'number' || typeof value === 'bigint') return numberSize(String(value));
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce<number>((total, v) => total + valueSize(v), 0);
  // List or map: 3 bytes of overhead, plus 1 byte and the size of each element (and a map's key names).
  if (Array.isArray(value)) return 3 + value.reduce<number>((total, v) => total + 1 + valueSize(v), 0);
  if (typeof value === 'object') {
    return 3 + Object.entries(value).reduce((total, [name, v]) => total + 1 + utf8(name) + valueSize(v), 0);
  }
  return 1;
}

/** About 1 byte per two significant digits, plus 1. */
function numberSize(text: string): number {
  const digits = text.replace(/^-/, '').replace(/e.*$/i, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.min(21, Math.ceil(Math.max(1, digits.length) / 2) + 1);
}

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** Reads the item at a key as it is now (the new image of an update), outside any recording. */
export type ItemLookup = (key: Item) => Promise<Item | undefined>;

export interface ModelledUnits {
  readonly rru: number;
  readonly wru: number;
}

const indexKeys = tableDefinition.indexes.map((i) => i.partitionKey);
const units = (size: number, per: number) => Math.max(1, Math.ceil(size / per));
/** A write to an item that an index projects is written to the index as well. */
const withIndexes = (item: Item | undefined, wru: number) => wru * (1 + indexKeys.filter((k) => item?.[k] !== undefined).length);

/** The RRU and WRU of one request's calls, by AWS's on-demand rules. */
export async function modelUnits(calls: readonly CallRecord[], lookup: ItemLookup): Promise<ModelledUnits> {
  let rru = 0;
  let wru = 0;
  for (const call of calls) {
    const plain = (value: unknown) => (call.marshalled && value ? unmarshall(value as Parameters<typeof unmarshall>[0]) : (value as Item | undefined));
    const input = call.input as Record<string, any>;
    const output = (call.output ?? {}) as Record<string, any>;
    const consistency = input.ConsistentRead ? 1 : 0.5;
    switch (call.command) {
      case 'GetItem': {
        const item = plain(output.Item);
        rru += units(item ? itemSize(item) : 0, 4 * KB) * consistency;
        break;
      }
      case 'BatchGetItem': {
        // Each item is billed on its own, rounded up to 4 KB; the table's ConsistentRead applies to all.
        for (const [table, items] of Object.entries((output.Responses ?? {}) as Record<string, unknown[]>)) {
          const perItem = input.RequestItems?.[table]?.ConsistentRead ? 1 : 0.5;
          for (const item of items) rru += units(itemSize(plain(item)!), 4 * KB) * perItem;
        }
        break;
      }
      case 'Query':
      case 'Scan': {
        const items = ((output.Items ?? []) as unknown[]).map((i) => plain(i)!);
        // A filter discards items after they are read (and billed); their sizes are not returned.
        if (output.ScannedCount !== undefined && output.ScannedCount !== items.length && call.reportedRcu !== undefined) rru += call.reportedRcu;
        else
          rru +=
            units(
              items.reduce((total, i) => total + itemSize(i), 0),
              4 * KB,
            ) * consistency;
        break;
      }
      case 'PutItem': {
        const item = plain(input.Item)!;
        wru += withIndexes(item, units(itemSize(item), KB));
        break;
      }
      case 'UpdateItem':
      case 'DeleteItem': {
        const item = (output.Attributes && input.ReturnValues === 'ALL_NEW' ? plain(output.Attributes) : undefined) ?? (await lookup(plain(input.Key)!));
        wru += withIndexes(item, units(item ? itemSize(item) : 0, KB));
        break;
      }
      case 'TransactWriteItems': {
        for (const entry of (input.TransactItems ?? []) as Record<string, any>[]) {
          const item = entry.Put ? plain(entry.Put.Item) : await lookup(plain((entry.Update ?? entry.Delete ?? entry.ConditionCheck).Key)!);
          wru += withIndexes(entry.ConditionCheck ? undefined : item, 2 * units(item ? itemSize(item) : 0, KB));
        }
        break;
      }
      default:
        rru += call.reportedRcu ?? 0;
        wru += call.reportedWcu ?? 0;
    }
  }
  return { rru, wru };
}

/**
 * The event items among a request's writes (Puts of `entity: 'event'` in its TransactWriteItems)
 * and their WRU by the rules above: what recording the request's events costs (docs/api.md §10).
 */
export function eventWriteUnits(calls: readonly CallRecord[]): { items: number; wru: number } {
  let items = 0;
  let wru = 0;
  for (const call of calls.filter((c) => c.command === 'TransactWriteItems')) {
    for (const entry of ((call.input as Record<string, any>).TransactItems ?? []) as Record<string, any>[]) {
      const item = call.marshalled && entry.Put ? unmarshall(entry.Put.Item) : (entry.Put?.Item as Item | undefined);
      if (item?.entity !== 'event') continue;
      items += 1;
      wru += withIndexes(item, 2 * units(itemSize(item), KB));
    }
  }
  return { items, wru };
}
