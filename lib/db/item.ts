/** The shapes every table access shares (lib/db/requests.ts builds the requests). */

/** An item as the document client reads and writes it. */
export type Item = Record<string, unknown>;

/** The base-table key of one item. */
export interface TableKey {
  readonly pk: string;
  readonly sk: string;
}
