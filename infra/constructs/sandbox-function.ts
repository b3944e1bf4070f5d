import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { LAST_USED_ATTRIBUTE } from '../../lib/auth/key-use';
import { COUNTER_ATTRIBUTE } from '../../lib/auth/request-counter';
import { CLIENT_PARTITION_PREFIX } from '../../lib/db/keys';
import { tableDefinition } from '../../lib/db/table';
import { ENV, limitsEnvironment } from '../../lib/config/env';
import type { Limits } from '../../lib/limits';
import { partitionsOf, READ_ACTIONS, type DynamoAccess, type TableAction } from '../../lib/db/access';
import type { TableAccess } from '../../lib/routes';
import { SERVICE_NAME } from '../../lib/service';
import { FUNCTION_RUNTIME, SandboxBundles } from './bundles';

/** The access levels that bind a table; a route with `table: 'none'` is never bound. */
export type TableGrant = Exclude<TableAccess, 'none'>;

/**
 * Every table action is granted on the partitions its declaration reaches (lib/db/access.ts,
 * partitionsOf): client partitions (`C#*`), and a shared one (lib/db/keys.ts, SHARED_PARTITIONS)
 * only for the actions the declaration names there with why. So no API function can write the
 * key-hash records authentication reads (only the admin tools mint keys), nor read the client
 * registry; a compromised function cannot make itself a key. Any `C#…` matches `C#*`: keeping one
 * client out of another's partition is the code's work, not IAM's.
 */
const onPartitions = (patterns: readonly string[]) => ({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...patterns] } });

/**
 * A reader's writes are admission's bookkeeping: an UpdateItem in a client partition that names
 * only the item's keys and the request counter's count and TTL, or a key's sampled last use
 * (lib/auth/key-use.ts), and returns nothing of the item. So a read-only function cannot change a
 * transaction, record an event or read through its counter grant.
 */
const counterOnly = (admitsKeys: boolean) => ({
  ...onPartitions([`${CLIENT_PARTITION_PREFIX}*`]),
  'ForAllValues:StringEquals': {
    'dynamodb:Attributes': [
      tableDefinition.partitionKey,
      tableDefinition.sortKey,
      COUNTER_ATTRIBUTE,
      tableDefinition.timeToLiveAttribute,
      // Only a route a server key may take notes a key's use: the account routes admit sessions alone.
      ...(admitsKeys ? [LAST_USED_ATTRIBUTE] : []),
    ],
  },
  StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE'] },
});

/** The actions, grouped by the partitions each is granted on (in declared order): one statement per group. */
function byPartitions(access: DynamoAccess, actions: readonly TableAction[]): { actions: TableAction[]; partitions: string[] }[] {
  const groups = new Map<string, { actions: TableAction[]; partitions: string[] }>();
  for (const action of actions) {
    const partitions = partitionsOf(access, action);
    const key = JSON.stringify(partitions);
    if (!groups.has(key)) groups.set(key, { actions: [], partitions });
    groups.get(key)!.actions.push(action);
  }
  return [...groups.values()];
}

export interface SandboxFunctionProps {
  /** Absolute path of the handler module, in the project (infra/constructs/bundles.ts); it exports `handler`. */
  readonly entry: string;
  readonly description?: string;
  /** How long one invocation may run; 10 s unless given (an API route's answer must come well within API Gateway's 30 s). */
  readonly timeout?: Duration;
  /** Shell commands run in the project root after the bundle is in `outputDir`, to add files to it (the dashboard's page). */
  readonly afterBundling?: (outputDir: string) => string[];
}

export interface BindTableOptions {
  readonly access: TableGrant;
  /**
   * What the function does on the table (the route's declaration, lib/routes.ts): exactly these
   * actions are granted. Each index is granted by name, so the policy carries no `index/*`
   * wildcard and cdk-nag has nothing to excuse.
   */
  readonly dynamodb: DynamoAccess;
  /** The stage's per-client budget (CLIENT_REQUESTS_PER_SECOND, LIST_READ_UNITS_PER_REQUEST). */
  readonly limits: Limits;
  /** Whether a server key may take the route (all but the account routes): a reader then also writes the key's sampled last use. Default true. */
  readonly admitsKeys?: boolean;
}

export interface BindTableActionsOptions {
  /** What the function does on the table (its declaration, lib/routes.ts); stream actions are the event source's to grant. */
  readonly dynamodb: DynamoAccess;
  /** lib/config/config.ts reads the limits in every function, so a background function is given them too. */
  readonly limits: Limits;
}

const dynamoActions = (actions: readonly TableAction[]) => actions.map((action) => `dynamodb:${action}`);

/**
 * One Lambda function of the stack — a route's, the `$default` route's, or a background one (the
 * webhook dispatcher, the sweep, the user pool's triggers) — with the house defaults: Node.js 24 on
 * arm64, an ESM bundle (SDK included, minified, source maps), its own role and its own log group.
 */
export class SandboxFunction extends Construct {
  readonly function: LambdaFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: SandboxFunctionProps) {
    super(scope, id);

    // Created here rather than by Lambda on first invoke, so it has a retention and leaves with the stack.
    this.logGroup = new LogGroup(this, 'LogGroup', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // Our own role instead of the default one, which would carry the AWSLambdaBasicExecutionRole
    // managed policy (logs:* on every log group); this one may write to its own log group only.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${this.node.path}`,
    });
    this.logGroup.grantWrite(this.role);

    // The bundle is the stack's one build's (infra/constructs/bundles.ts): `handler` of its index.mjs.
    this.function = new LambdaFunction(this, 'Function', {
      code: SandboxBundles.of(this).code(props.entry, props.afterBundling),
      handler: 'index.handler',
      description: props.description,
      runtime: FUNCTION_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: 256,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      environment: {
        POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
        NODE_OPTIONS: '--enable-source-maps',
      },
    });
  }

  /**
   * Points a function that is not a route (the webhook dispatcher, the sweep) at the table
   * (TABLE_NAME) with the stage's limits, and grants exactly its declared actions: Query on each
   * declared index, and the table actions on the partitions its declaration reaches.
   */
  bindTableActions(table: ITable, options: BindTableActionsOptions): void {
    this.setTableEnvironment(table, options.limits);
    const { actions, indexes = [] } = options.dynamodb;
    this.grantIndexes(table, indexes);
    this.grantOnPartitions(table, options.dynamodb, actions);
  }

  /**
   * Points a route's function at the table (TABLE_NAME) with the stage's limits, and grants exactly
   * its declared actions, each on the partitions its declaration reaches (admission's read of the
   * key-hash record is named there), and Query on each declared index; for a `read` route no write
   * but its request counter's UpdateItem, in a client partition, naming only the counter's
   * attributes and returning nothing.
   */
  bindTable(table: ITable, options: BindTableOptions): void {
    const { actions, indexes = [] } = options.dynamodb;
    const reads = actions.filter((action) => READ_ACTIONS.has(action));
    const writes = actions.filter((action) => !READ_ACTIONS.has(action));
    if (options.access === 'read') {
      const refused = writes.filter((action) => action !== 'UpdateItem');
      if (refused.length > 0) {
        throw new Error(`${this.node.path}: a 'read' function writes nothing but its request counter (UpdateItem), yet declares ${refused.join(', ')}`);
      }
      if (writes.length > 0 && partitionsOf(options.dynamodb, 'UpdateItem').length > 1) {
        throw new Error(
          `${this.node.path}: a 'read' function's one write is its request counter, in its client's partition, yet its sharedPartitions name UpdateItem`,
        );
      }
    }
    this.setTableEnvironment(table, options.limits);
    this.grantOnPartitions(table, options.dynamodb, options.access === 'read' ? reads : actions);
    this.grantIndexes(table, indexes);
    if (options.access === 'read' && writes.length > 0) {
      this.role.addToPrincipalPolicy(
        new PolicyStatement({ actions: dynamoActions(writes), resources: [table.tableArn], conditions: counterOnly(options.admitsKeys ?? true) }),
      );
    }
  }

  /** The table actions on the partitions the declaration reaches: one statement per set of partitions. */
  private grantOnPartitions(table: ITable, access: DynamoAccess, actions: readonly TableAction[]): void {
    for (const group of byPartitions(access, actions)) {
      this.role.addToPrincipalPolicy(
        new PolicyStatement({ actions: dynamoActions(group.actions), resources: [table.tableArn], conditions: onPartitions(group.partitions) }),
      );
    }
  }

  /** Query on each declared index of the table, and nothing else on them. */
  private grantIndexes(table: ITable, indexes: readonly string[]): void {
    if (indexes.length === 0) return;
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['dynamodb:Query'], resources: indexes.map((name) => `${table.tableArn}/index/${name}`) }));
  }

  private setTableEnvironment(table: ITable, limits: Limits): void {
    this.function.addEnvironment(ENV.tableName, table.tableName);
    for (const [name, value] of Object.entries(limitsEnvironment(limits))) this.function.addEnvironment(name, value);
  }
}
