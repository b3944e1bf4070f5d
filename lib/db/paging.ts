import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Pagination } from './pagination';
import { idBounds, idPrefixes, isId, type IdKind } from '../ids';
import { decodeCursor, encodeCursor, filterFingerprint } from './cursor';
import { cursorKey } from './cursor-key';
import type { Db } from './db';
import { clientPartition } from './keys';
import { type OnTable, queryPage } from './requests';

/** A FilterExpression with its names and values. */
export interface Filter {
  readonly expression: string;
  readonly names: Record<string, string>;
  readonly values: Record<string, unknown>;
}

/** Joins filters with AND; undefined when there are none. */
export function allOf(filters: readonly (Filter | undefined)[]): Filter | undefined {
  const parts = filters.filter((f): f is Filter => f !== undefined);
  if (parts.length === 0) return undefined;
  return {
    expression: parts.map((p) => p.expression).join(' AND '),
    names: Object.assign({}, ...parts.map((p) => p.names)),
    values: Object.assign({}, ...parts.map((p) => p.values)),
  };
}

/** An equality filter on one attribute, or undefined when no value is asked for. */
export function equals(attribute: string, value: string | undefined): Filter | undefined {
  if (value === undefined) return undefined;
  return { expression: `#${attribute} = :${attribute}`, names: { [`#${attribute}`]: attribute }, values: { [`:${attribute}`]: value } };
}

/** `attribute IN (…)`, or undefined when no value is asked for. */
export function oneOf(attribute: string, values: readonly string[] | undefined): Filter | undefined {
  if (values === undefined) return undefined;
  const names = values.map((_, i) => `:${attribute}${i}`);
  return {
    expression: `#${attribute} IN (${names.join(', ')})`,
    names: { [`#${attribute}`]: attribute },
    values: Object.fromEntries(values.map((value, i) => [names[i], value])),
  };
}

/** A comparison of a timestamp attribute with an instant (its value named `name`), or undefined when there is none. */
export function compare(attribute: string, operator: '>=' | '<', name: string, at: Date | undefined): Filter | undefined {
  if (at === undefined) return undefined;
  return { expression: `#${attribute} ${operator} :${name}`, names: { [`#${attribute}`]: attribute }, values: { [`:${name}`]: at.toISOString() } };
}

/** Query calls one list request may spend while filters discard items. */
export const MAX_QUERIES_PER_PAGE = 5;

export interface ListRequest {
  readonly clientId: string;
  /** The kind of id the items have (their sort key is `<sortKeyPrefix><id>`). */
  readonly kind: IdKind;
  readonly sortKeyPrefix: string;
  readonly limit: number;
  readonly cursor?: string;
  /** Every filter of the request: binds the cursor, so it cannot be reused with others. */
  readonly filters: Record<string, unknown>;
  /** Creation-time range, as a sort-key range (from inclusive, to exclusive). */
  readonly from?: Date;
  readonly to?: Date;
  readonly filter?: Filter;
  /** Narrows the list to the one item with this id (found through another key), or to nothing when null. */
  readonly onlyId?: string | null;
  /** Read units the request's queries may consume (the stage's LIST_READ_UNITS_PER_REQUEST). */
  readonly readUnits: number;
  /**
   * `desc` (the default): newest first. `asc`: oldest first, for a reader that follows the list as
   * it grows (docs/api.md §10): its pages always carry a cursor — when the range is read to its
   * end, one that resumes at `to`, so the next request returns only what lies beyond it.
   */
  readonly order?: 'asc' | 'desc';
}

/** One newest-first page of a client's items of one kind: `listPage` in `desc` order. */
export function listNewestFirst(db: Db, request: ListRequest): Promise<{ items: Record<string, unknown>[]; pagination: Pagination }> {
  return listPage(db, { ...request, order: 'desc' });
}

/**
 * One page of a client's items of one kind, newest first (or oldest first with `order: 'asc'`):
 * reads until `limit` matches are found, the data ends, MAX_QUERIES_PER_PAGE calls are spent or
 * the next query would not fit in the request's `readUnits`, and returns an opaque cursor bound to
 * the client and the filters. Items created while a client pages newest first sort above the
 * cursor, so following `next_cursor` visits every match exactly once.
 *
 * The first query always runs (a page must make progress; DynamoDB ends a Query after 1 MB, ~128
 * units). Each further one reads at most as many items as fit in what is left of the budget at
 * the read units per item the request has consumed so far; when not one more fits, the page is
 * answered as it is — short, with `has_more` and a cursor where reading stopped — never a 429.
 *
 * A cursor is a position: the id after which (in the page's order) the next page starts. A
 * position before the range (in reading order) reads the range from its start; one at or past its
 * end has nothing left to read.
 */
export async function listPage(db: Db, request: ListRequest): Promise<{ items: Record<string, unknown>[]; pagination: Pagination }> {
  const ascending = request.order === 'asc';
  const fingerprint = filterFingerprint({ kind: request.kind, ...request.filters });
  const key = await cursorKey();
  const afterId = request.cursor ? decodeCursor(key, request.cursor, request.clientId, fingerprint, (id) => isId(request.kind, id)) : undefined;
  const bounds = idBounds(request.kind, request.from, request.to);
  const only = request.onlyId;
  const lowestId = only && (!bounds.lowestId || only > bounds.lowestId) ? only : bounds.lowestId;
  const highestId = only && (!bounds.highestId || only < bounds.highestId) ? only : bounds.highestId;
  // Where an ascending reader stands once the range is read: right before `to`.
  const endOfRange = ascending ? highestId : undefined;
  // Before the range's first item (in reading order) starts it from the beginning; at or past its last, nothing is left.
  const past = (id: string) => (ascending ? highestId !== undefined && id >= highestId : lowestId !== undefined && id <= lowestId);
  const before = (id: string) => (ascending ? lowestId !== undefined && id < lowestId : highestId !== undefined && id > highestId);
  const emptyRange = only === null || (lowestId !== undefined && highestId !== undefined && lowestId > highestId);
  if (emptyRange || (afterId !== undefined && past(afterId))) {
    // An ascending reader keeps its place: the position it sent, or the one just before the range.
    const stay = ascending ? (afterId ?? positionBefore(request.kind, request.from)) : undefined;
    return {
      items: [],
      pagination: { limit: request.limit, has_more: false, next_cursor: stay === undefined ? null : encodeCursor(key, request.clientId, fingerprint, stay) },
    };
  }
  const pk = clientPartition(request.clientId);
  const want = request.limit + 1;
  const filter = request.filter;
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined = afterId !== undefined && !before(afterId) ? { pk, sk: request.sortKeyPrefix + afterId } : undefined;
  let lastEvaluatedId: string | undefined;
  let consumed = 0;
  let scanned = 0;
  for (let calls = 0; calls < MAX_QUERIES_PER_PAGE && items.length < want; calls++) {
    // Unfiltered, read exactly what is missing; filtered, read ahead since some will be dropped.
    let readLimit = filter ? Math.max(100, want - items.length) : want - items.length;
    if (calls > 0 && consumed > 0) {
      const fits = Math.floor((request.readUnits - consumed) / (consumed / Math.max(1, scanned)));
      if (fits < 1) break;
      readLimit = Math.min(readLimit, fits);
    }
    const input: OnTable<QueryCommandInput> = {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :low AND :high',
      ExpressionAttributeValues: {
        ':pk': pk,
        ':low': request.sortKeyPrefix + (lowestId ?? ''),
        ':high': request.sortKeyPrefix + (highestId ?? '~'),
        ...filter?.values,
      },
      ScanIndexForward: ascending,
      ExclusiveStartKey: startKey,
      Limit: readLimit,
      ReturnConsumedCapacity: 'TOTAL',
    };
    if (filter) {
      input.FilterExpression = filter.expression;
      if (Object.keys(filter.names).length > 0) input.ExpressionAttributeNames = filter.names;
    }
    const page = await queryPage(db, input);
    items.push(...(page.Items ?? []));
    consumed += page.ConsumedCapacity?.CapacityUnits ?? 0;
    scanned += page.ScannedCount ?? 0;
    startKey = page.LastEvaluatedKey;
    lastEvaluatedId = startKey ? String(startKey.sk).slice(request.sortKeyPrefix.length) : undefined;
    if (!startKey) break;
  }
  const pageItems = items.slice(0, request.limit);
  // A full page resumes after its last item; a page cut short by the work bound resumes where reading stopped.
  const resumeAt = items.length > request.limit ? String(pageItems[pageItems.length - 1]!.id) : lastEvaluatedId;
  const position = resumeAt ?? endOfRange;
  return {
    items: pageItems,
    pagination: {
      limit: request.limit,
      has_more: resumeAt !== undefined,
      next_cursor: position === undefined ? null : encodeCursor(key, request.clientId, fingerprint, position),
    },
  };
}

/** The position right before instant `at` (the highest id of the millisecond before), or before every id. */
function positionBefore(kind: IdKind, at: Date | undefined): string {
  return at ? idBounds(kind, undefined, at).highestId! : `${idPrefixes[kind]}_${'0'.repeat(26)}`;
}
