import { READ_ACTIONS, type SharedPartitionAccess, type TableAction } from '../db/access';
import { SHARED_PARTITIONS, type SharedPartition } from '../db/keys';
import { backgroundFunctions, routeList, takesBearer, type BackgroundFunction } from '../routes';
import { code, renderGeneratedBlocks, table } from './generated-blocks';

/**
 * The table of docs/security.md that is a fact of the code: which functions reach the partitions
 * that are no client's, with which actions and why, as their declarations in lib/routes.ts grant
 * them (`sharedPartitions`). `npm run openapi` renders it, and test/unit/security-docs.test.ts fails
 * while it is stale, so what the page says a function can write is what IAM lets it write.
 */

interface Reach {
  /** How the docs name the function: a route's method and path, else its id. */
  readonly name: string;
  readonly isRoute: boolean;
  readonly access: SharedPartitionAccess;
}

/** Every function whose declaration names `partition`, in the order of the route table, then the background functions. */
function reachOf(partition: SharedPartition): Reach[] {
  const routes = routeList.map((r) => ({ name: code(`${r.method} ${r.path}`), isRoute: true, shared: r.dynamodb.sharedPartitions }));
  const background: readonly BackgroundFunction[] = Object.values(backgroundFunctions);
  const others = background.map((f) => ({ name: code(f.id), isRoute: false, shared: f.dynamodb.sharedPartitions }));
  return [...routes, ...others].flatMap(({ name, isRoute, shared }) => {
    const access = shared?.[partition];
    return access ? [{ name, isRoute, access }] : [];
  });
}

/** The routes that admit a caller (a key or a session): those whose admission reads the shared partitions. */
const admittingRoutes = () => routeList.filter((r) => takesBearer(r.credential)).length;

/**
 * Who a row is: its functions by name, or — when they are many routes — every route that admits a
 * caller (all of them, or all but the fewer of the partition's other rows, which are named).
 */
function whoOf(group: readonly Reach[], partitionReach: readonly Reach[]): string {
  const routes = group.filter((reach) => reach.isRoute).length;
  if (routes < 5 || routes !== group.length) return group.map((reach) => reach.name).join(', ');
  const otherRoutes = partitionReach.filter((reach) => reach.isRoute && !group.includes(reach)).length;
  if (routes === admittingRoutes()) return `every route that admits a caller (${routes})`;
  // "Every other" is the bulk of them: the fewer, beside it, are named.
  if (routes + otherRoutes === admittingRoutes() && routes > otherRoutes) return `every other route that admits a caller (${routes})`;
  return group.map((reach) => reach.name).join(', ');
}

const actionList = (actions: readonly TableAction[]) => (actions.length ? actions.map(code).join(', ') : '—');

/** One row per partition and distinct declaration (its actions and why): the functions that declare it, what they read, what they write. */
function sharedPartitionRows(): string[][] {
  return (Object.keys(SHARED_PARTITIONS) as SharedPartition[]).flatMap((partition) => {
    const reach = reachOf(partition);
    const groups = new Map<string, Reach[]>();
    for (const r of reach) {
      const key = `${r.access.actions.join(',')}\n${r.access.because}`;
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    return [...groups.values()].map((group) => {
      const { actions, because } = group[0]!.access;
      return [
        code(SHARED_PARTITIONS[partition]),
        whoOf(group, reach),
        actionList(actions.filter((a) => READ_ACTIONS.has(a))),
        actionList(actions.filter((a) => !READ_ACTIONS.has(a))),
        because,
      ];
    });
  });
}

/** Each generated table of docs/security.md, by block name. */
const securityTables: Readonly<Record<string, () => string>> = {
  'shared-partitions': () => table(['partition', 'functions', 'read', 'write', 'why'], sharedPartitionRows()),
};

/** docs/security.md with its generated table rendered afresh between its markers; everything else is kept as written. */
export const renderSecurityReference = (markdown: string): string => renderGeneratedBlocks(markdown, securityTables, 'docs/security.md');
