import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { COUNTER_ATTRIBUTE } from '../../lib/auth/request-counter';
import { CLIENT_PARTITION_PREFIX } from '../../lib/db/keys';
import { tableDefinition } from '../../lib/db/table';
import { limitsEnvironment, type Limits } from '../../lib/limits';
import type { TableAccess } from '../../lib/routes';
import { SERVICE_NAME } from '../../lib/service';

/** The SDK's default credential chain, and what Lambda bundles use instead. */
const CREDENTIAL_CHAIN = '@aws-sdk/credential-provider-node';
const LAMBDA_CREDENTIALS = fileURLToPath(new URL('../../lib/db/lambda-credentials.ts', import.meta.url));

/** The access levels that bind a table; a route with `table: 'none'` is never bound. */
export type TableGrant = Exclude<TableAccess, 'none'>;

/** Everything a GET needs; TransactGetItems authorizes as GetItem. */
const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];

/**
 * TransactWriteItems has no action of its own: it is authorized item by item as
 * PutItem, UpdateItem, DeleteItem or ConditionCheckItem, all of which writers get.
 */
const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

/**
 * A sweep reads each due item and changes it with its events in one TransactWriteItems, whose
 * items authorize as UpdateItem and PutItem (and ConditionCheckItem), and DeleteItem for the
 * transaction's due marker (keys.dueMarker), the one item it deletes; it finds its work by a Query
 * of the due index, and an advanced client's due markers by a Query of its partition. Webhook
 * delivery's due items (lib/webhooks/dispatch.ts) also Query the client's endpoints, in its partition.
 */
const SWEEP_ITEM_ACTIONS = ['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem', 'dynamodb:Query'];

/** Every request counts itself in its client's partition (lib/auth/request-counter.ts), reads too. */
const COUNTER_ACTIONS = ['dynamodb:UpdateItem'];

/**
 * Writers (and readers' request counters) may write only items whose partition key is a
 * client's: an API function never writes the key-hash records authentication reads (only the
 * admin CLI, with an operator's credentials, mints keys), so even a compromised function cannot
 * make itself a key.
 */
const CLIENT_PARTITIONS_ONLY = { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${CLIENT_PARTITION_PREFIX}*`] } };

/**
 * A reader's one write is its request counter: an UpdateItem in a client partition that names
 * only the item's keys, the count and the TTL, and returns nothing of the item. So a read-only
 * function cannot change a transaction, record an event or read through its counter grant.
 */
const COUNTER_ONLY = {
  ...CLIENT_PARTITIONS_ONLY,
  'ForAllValues:StringEquals': {
    'dynamodb:Attributes': [tableDefinition.partitionKey, tableDefinition.sortKey, COUNTER_ATTRIBUTE, tableDefinition.timeToLiveAttribute],
  },
  StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE'] },
};

export interface ApiFunctionProps {
  /** Absolute path of the handler module; it exports `handler`. */
  readonly entry: string;
  /** Where package-lock.json and tsconfig.json live; esbuild resolves modules from here. */
  readonly projectRoot: string;
  readonly description?: string;
  /** How long one invocation may run; 10 s unless given (an API route's answer must come well within API Gateway's 30 s). */
  readonly timeout?: Duration;
  /** Shell commands run after esbuild, to add files to the bundle in `outputDir` (the dashboard's page). */
  readonly afterBundling?: (outputDir: string) => string[];
}

export interface BindTableOptions {
  readonly access: TableGrant;
  /**
   * The table's global secondary indexes. Each is granted by name, so the
   * policy carries no `index/*` wildcard and cdk-nag has nothing to excuse.
   */
  readonly indexNames: readonly string[];
  /** The stage's per-client budget (CLIENT_REQUESTS_PER_SECOND, LIST_READ_UNITS_PER_REQUEST). */
  readonly limits: Limits;
}

export interface BindSweepOptions {
  /** The sparse index of what falls due (lib/db/table.ts): the only index a sweep may query. */
  readonly dueIndexName: string;
  /** lib/config.ts reads the limits in every function, so a sweep is given them too. */
  readonly limits: Limits;
}

/**
 * One API Lambda with the house defaults: Node.js 24 on arm64, an ESM bundle
 * (SDK included, minified, source maps), its own role and its own log group.
 */
export class ApiFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
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

    this.function = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: 256,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      projectRoot: props.projectRoot,
      depsLockFilePath: join(props.projectRoot, 'package-lock.json'),
      environment: {
        POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        format: OutputFormat.ESM,
        // Prefer packages' ESM builds; CommonJS ones still work through the banner's `require`.
        mainFields: ['module', 'main'],
        // Aliased so a bundled module that imports `createRequire` itself cannot collide with it.
        banner: [
          "import { createRequire as __bannerCreateRequire } from 'module';",
          'const require = __bannerCreateRequire(import.meta.url);',
        ].join(' '),
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        // The SDK is bundled at the version we test against, not the one the runtime happens to ship.
        bundleAwsSDK: true,
        externalModules: [],
        // Lambda provides credentials in the environment: the SDK's default chain is swapped for
        // that one provider, ~140 KB less to compile on every cold start (lib/db/lambda-credentials.ts).
        esbuildArgs: { [`--alias:${CREDENTIAL_CHAIN}`]: LAMBDA_CREDENTIALS },
        tsconfig: join(props.projectRoot, 'tsconfig.json'),
        logLevel: LogLevel.WARNING,
        ...(props.afterBundling && {
          commandHooks: {
            beforeBundling: () => [],
            beforeInstall: () => [],
            afterBundling: (_inputDir: string, outputDir: string) => props.afterBundling!(outputDir),
          },
        }),
      },
    });
  }

  /**
   * Points the function at the table (TABLE_NAME) with the stage's limits, and grants exactly
   * `actions` on the table's client partitions, for a function that is not a route (its
   * `access` is not one of the routes' levels): no index, no other item.
   */
  bindTableActions(table: ITable, options: { actions: readonly string[]; limits: Limits }): void {
    this.function.addEnvironment('TABLE_NAME', table.tableName);
    for (const [name, value] of Object.entries(limitsEnvironment(options.limits))) this.function.addEnvironment(name, value);
    this.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: [...options.actions], resources: [table.tableArn], conditions: CLIENT_PARTITIONS_ONLY }),
    );
  }

  /**
   * Points the function at the table (TABLE_NAME) with the stage's limits, and grants exactly the
   * actions `access` allows: reads on the table and its indexes; on the table's client partitions
   * only, writes for writers and, for readers, the UpdateItem of their request counter.
   */
  bindTable(table: ITable, options: BindTableOptions): void {
    this.function.addEnvironment('TABLE_NAME', table.tableName);
    for (const [name, value] of Object.entries(limitsEnvironment(options.limits))) this.function.addEnvironment(name, value);
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: READ_ACTIONS,
        resources: [table.tableArn, ...options.indexNames.map((name) => `${table.tableArn}/index/${name}`)],
      }),
    );
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: options.access === 'write' ? WRITE_ACTIONS : COUNTER_ACTIONS,
        resources: [table.tableArn],
        conditions: options.access === 'write' ? CLIENT_PARTITIONS_ONLY : COUNTER_ONLY,
      }),
    );
  }

  /**
   * Points a sweep (functions/sweep.ts) at the table (TABLE_NAME, with the stage's limits) and
   * grants exactly what a pass does: Query on the due index and on no other, and GetItem,
   * UpdateItem, PutItem, DeleteItem (due markers), ConditionCheckItem and Query on the table's
   * client partitions only.
   */
  bindSweep(table: ITable, options: BindSweepOptions): void {
    this.function.addEnvironment('TABLE_NAME', table.tableName);
    for (const [name, value] of Object.entries(limitsEnvironment(options.limits))) this.function.addEnvironment(name, value);
    this.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${table.tableArn}/index/${options.dueIndexName}`] }),
    );
    this.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: SWEEP_ITEM_ACTIONS, resources: [table.tableArn], conditions: CLIENT_PARTITIONS_ONLY }),
    );
  }
}
