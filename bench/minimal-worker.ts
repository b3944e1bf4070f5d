/**
 * Child process of the bench (bench/user-cases.ts, part 13): the minimal service (bench/minimal.ts)
 * as a service of its own, in a Node process of its own, as `npm start` beside it is — so that
 * each arm pays the same hop from the bench's process to a server's and back
 * ([decision 0412](../docs/decisions/0412-the-minimal-service-in-a-process-of-its-own.md)). It
 * answers part 13's four cases with only what the contract requires: after its key lookup, the
 * channel list it was given; the transaction it reads (one GetItem); the page of 20 it reads (one
 * Query), serialized; and a cancel (a GetItem, then the update and its event in one
 * TransactWriteItems) of a copy the bench wrote. Prints its base URL as one JSON line, then serves
 * until it is stopped or its standard input closes (the bench gone).
 *
 *   node --import tsx bench/minimal-worker.ts <config.json>
 */
import { readFileSync } from 'node:fs';
import { createDb } from '../lib/db/client';
import { clientPartition, keys } from '../lib/db/keys';
import { getItem, queryPage } from '../lib/db/requests';
import { API_BASE_PATH, matchRoute, routes } from '../lib/routes';
import { fixedRoute, MINIMAL_PATHS, type MinimalWorkerConfig, type MinimalWorkerReady, startMinimalService } from './minimal';
import { cancelCopy, type FloorContext } from './scenarios';

async function main(): Promise<void> {
  const config = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as MinimalWorkerConfig;
  const db = createDb(config.tableName, { endpoint: config.dynamoEndpoint });
  const floor: FloorContext = { floorDb: db, floorClientId: config.floorClientId, template: config.template };
  const minimal = await startMinimalService(
    db,
    config.keyHash,
    {
      [fixedRoute('GET', MINIMAL_PATHS.channels)]: async () => config.channels,
      [fixedRoute('GET', MINIMAL_PATHS.get(config.readOnlyId))]: async () => {
        const item = await getItem(db, { Key: keys.transaction(config.clientId, config.readOnlyId), ConsistentRead: true });
        return JSON.stringify({ success: true, data: item ?? null });
      },
      [fixedRoute('GET', MINIMAL_PATHS.list)]: async () => {
        const page = await queryPage(db, {
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :kind)',
          ExpressionAttributeValues: { ':pk': clientPartition(config.clientId), ':kind': keys.transactionSortKey('') },
          ScanIndexForward: false,
          Limit: 20,
        });
        return JSON.stringify({ success: true, data: page.Items ?? [], pagination: { next_cursor: page.LastEvaluatedKey ? 'next' : null } });
      },
    },
    (method, path) => {
      // A cancel's id, as the route table reads it from the path (the service has no base path of its own).
      const { match } = matchRoute(method, `${API_BASE_PATH}${path}`);
      const id = match?.route === routes.cancelTransaction ? match.pathParameters.id : undefined;
      return id === undefined ? undefined : () => cancelCopy(floor, id);
    },
  );
  const stop = () => void minimal.close().finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // The bench gone (its pipe to this standard input closed), this service goes too.
  process.stdin.once('end', stop);
  process.stdin.resume();
  process.stdout.write(`${JSON.stringify({ baseUrl: minimal.baseUrl } satisfies MinimalWorkerReady)}\n`);
}

await main();
