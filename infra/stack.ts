import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination, PayloadFormatVersion } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { tableDefinition } from '../lib/db/table';
import type { Limits } from '../lib/limits';
import { UserPoolOperation } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { formatSignupPolicy, type SignupPolicy } from '../lib/identity/signup-policy';
import {
  API_BASE_PATH,
  backgroundFunctions,
  fallbackFunction,
  routeList,
  takesBearer,
  type BackgroundFunction,
  type Route,
  type UserPoolAction,
} from '../lib/routes';
import { DEFAULT_DELIVERY_SETTINGS } from '../lib/config/delivery-settings';
import { deliverySettingsEnvironment, ENV, IDENTITY_ENV } from '../lib/config/env';
import type { UrlPolicy } from '../lib/config/webhook-url-policy';
import {
  DISPATCH_BATCH_SIZE,
  DISPATCH_FILTERS,
  DISPATCH_PARALLELIZATION_FACTOR,
  DISPATCH_RETRY_ATTEMPTS,
  DISPATCHER_TIMEOUT_SECONDS,
} from '../lib/events/stream-filter';
import { SandboxBundles } from './constructs/bundles';
import { SandboxFunction } from './constructs/sandbox-function';
import { SandboxIdentity } from './constructs/identity';
import { STACK_OUTPUTS } from './stage';

/** A deployed stage accepts only https webhook URLs whose hosts resolve to public addresses (docs/api.md §11). */
const WEBHOOK_URL_POLICY: UrlPolicy = 'deployed';

/** A path as one word of a bash command line. */
const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** Route handlers are named relative to the project root (lib/routes.ts). */
const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** One line of JSON per request; `$context` variables of HTTP APIs. */
const accessLogFields = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  httpMethod: '$context.httpMethod',
  path: '$context.path',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationError: '$context.integrationErrorMessage',
};

export interface PaymentSandboxStackProps extends StackProps {
  readonly stage: string;
  /** Keep the table when the stack is deleted. */
  readonly retain: boolean;
  /** The per-client budget every route function enforces. */
  readonly limits: Limits;
  /** Who may sign up themselves on the stage's user pool (`--signup`). */
  readonly signupPolicy: SignupPolicy;
}

/** The sandbox on AWS: the table, the HTTP API, one function per route of lib/routes.ts, and the user pool people sign in with. */
export class PaymentSandboxStack extends Stack {
  readonly table: Table;
  /** The key that signs list cursors; only the functions of `cursors` routes may read it. */
  readonly cursorSecret: Secret;
  /** The user pool and the dashboard's app client (docs/api.md §14). */
  readonly identity: SandboxIdentity;
  readonly api: HttpApi;
  /** The stage's `{base_url}` (the ApiUrl output), which the functions that render a transaction are told (API_BASE_URL). */
  readonly baseUrl: string;
  /** The function behind each route, by route id (the dashboard's two routes share one). */
  readonly routeFunctions: ReadonlyMap<string, SandboxFunction>;
  /** The `$default` route's function: 404, or 405 with `Allow`. */
  readonly fallbackFunction: SandboxFunction;
  /** Delivers webhooks: the table's stream (events and resends) invokes it. */
  readonly dispatcherFunction: SandboxFunction;
  /** The sweep over what falls due, invoked every minute by a schedule. */
  readonly sweepFunction: SandboxFunction;
  /** Webhook attempts planned for later (chaos), invoked by the timer queue when they fall due. */
  readonly dueAttemptsFunction: SandboxFunction;
  /** Every function, by the name its declaration has in lib/routes.ts (a route's id, `routeNotFound`, `dispatchEvents`, `sweep`). */
  readonly functions: ReadonlyMap<string, SandboxFunction>;
  private readonly allFunctions: Map<string, SandboxFunction>;
  private readonly limits: Limits;
  private readonly signupPolicy: SignupPolicy;

  constructor(scope: Construct, id: string, props: PaymentSandboxStackProps) {
    super(scope, id, props);
    this.limits = props.limits;
    this.signupPolicy = props.signupPolicy;

    this.table = this.createTable(props.retain);
    this.cursorSecret = this.createCursorSecret();
    this.identity = new SandboxIdentity(this, 'Identity');

    // One esbuild build makes every function's bundle (decision 0300): it is told them all before the first function asks for its own.
    SandboxBundles.of(this).add(
      ...[...routeList, fallbackFunction, ...Object.values(backgroundFunctions)].map((declared) => join(projectRoot, declared.handler)),
    );

    // Routes that match nothing reach `$default` before any authentication, so it needs no table.
    this.fallbackFunction = new SandboxFunction(this, 'RouteNotFound', {
      entry: join(projectRoot, fallbackFunction.handler),
      description: 'No route matched: 404, or 405 with Allow',
    });

    this.api = new HttpApi(this, 'HttpApi', {
      apiName: this.stackName,
      description: `Payment Sandbox API (${props.stage})`,
      // The stage below is declared explicitly, to give it access logs and throttling.
      createDefaultStage: false,
      defaultIntegration: new HttpLambdaIntegration('RouteNotFoundIntegration', this.fallbackFunction.function, {
        payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      }),
    });
    // The API's own attribute: the functions depend on the API, the API on none of them (its routes do).
    this.baseUrl = `${this.api.apiEndpoint}${API_BASE_PATH}`;

    const routeFunctions = new Map<string, SandboxFunction>();
    // One function per handler module: the dashboard's page and its files are one function's routes.
    const byHandler = new Map<string, SandboxFunction>();
    for (const route of routeList) {
      const shared = byHandler.get(route.handler);
      const fn = shared ?? this.createRouteFunction(route);
      byHandler.set(route.handler, fn);
      // A route that needs no table (the OpenAPI document, the dashboard) gets neither TABLE_NAME nor a grant. The
      // others load lib/config/config.ts, which reads the webhook URL policy: said explicitly, not defaulted.
      // Each is granted exactly the actions its route declares (lib/routes.ts).
      if (route.table === 'none' && route.dynamodb.actions.length + (route.dynamodb.indexes?.length ?? 0) > 0) {
        throw new Error(`Route ${route.id} has table: 'none' but declares DynamoDB actions`);
      }
      if (!shared && route.table !== 'none') {
        fn.bindTable(this.table, { access: route.table, dynamodb: route.dynamodb, limits: props.limits, admitsKeys: route.credential.kind === 'key' });
        fn.function.addEnvironment(ENV.webhookUrlPolicy, WEBHOOK_URL_POLICY);
      }
      // A route that admits a key or a session (lib/http/admission.ts) verifies session tokens against this stage's
      // pool. No trigger of the pool is told the pool: the pool and its trigger would depend on each other.
      if (!shared && takesBearer(route.credential)) this.setEnvironment(fn, this.identity.sessionEnvironment());
      if (!shared && route.userPool) this.grantUserPool(fn, route.userPool);
      if (!shared && route.cursors) {
        fn.function.addEnvironment(ENV.cursorSecretArn, this.cursorSecret.secretArn);
        this.cursorSecret.grantRead(fn.role);
      }
      this.api.addRoutes({
        path: `${API_BASE_PATH}${route.path}`,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${route.id}Integration`, fn.function, {
          payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
        }),
      });
      routeFunctions.set(route.id, fn);
    }
    this.routeFunctions = routeFunctions;

    this.dispatcherFunction = this.createDispatcher(props.limits);
    this.dueAttemptsFunction = this.createDueAttempts(props.limits, this.dispatcherFunction);

    // Every route of this API, `$default` included, is open at the gateway on purpose.
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'Authorization lives in the handlers: API keys are verified against the table (a revoked key fails ' +
        "on its next request) and HTTP API authorizers cannot return the contract's exact 401/403 bodies. " +
        'The $default route only answers 404/405, which the contract checks before authentication.',
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      // The whole stage's ceiling, shared by every client; each client's own budget
      // (lib/limits.ts) is counted by the functions, which can answer it with the envelope.
      throttle: { rateLimit: 100, burstLimit: 200 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(accessLogFields)),
      },
    });

    this.sweepFunction = this.createSweep(props.limits);
    this.functions = this.allFunctions = new Map([
      ...routeFunctions,
      [fallbackFunction.id, this.fallbackFunction],
      [backgroundFunctions.dispatchEvents.id, this.dispatcherFunction],
      [backgroundFunctions.deliverDueAttempts.id, this.dueAttemptsFunction],
      [backgroundFunctions.sweep.id, this.sweepFunction],
    ]);
    // The user pool's two triggers (docs/api.md §14): a signed-in person's new client, and the end of their sessions at a password reset.
    this.addIdentityTrigger(
      'IdentityPostAuthentication',
      UserPoolOperation.POST_AUTHENTICATION,
      backgroundFunctions.identityPostAuthentication,
      'Registers a person with a new client at their first sign-in',
    );
    this.addIdentityTrigger(
      'IdentityPostConfirmation',
      UserPoolOperation.POST_CONFIRMATION,
      backgroundFunctions.identityPostConfirmation,
      "Ends a person's sessions when they reset their password",
    );

    new CfnOutput(this, STACK_OUTPUTS.apiUrl, {
      description: 'The {base_url} of the API contract',
      value: this.baseUrl,
    });
    new CfnOutput(this, STACK_OUTPUTS.tableName, {
      description: 'The single DynamoDB table (for the admin CLI)',
      value: this.table.tableName,
    });
    new CfnOutput(this, STACK_OUTPUTS.userPoolId, {
      description: "The stage's Cognito user pool (for the admin CLI's users commands)",
      value: this.identity.userPool.userPoolId,
    });
    new CfnOutput(this, STACK_OUTPUTS.userPoolClientId, {
      description: "The dashboard's app client of the user pool: the audience of session tokens",
      value: this.identity.client.userPoolClientId,
    });
  }

  /**
   * Makes the function `declared` in lib/routes.ts the user pool's trigger for `operation`: its own
   * role and log group, and its declared table actions (on client partitions, as a background
   * function's). Nothing of the pool reaches its environment or its policy: the pool names the
   * function, so the function must not name the pool (decision 0173).
   */
  private addIdentityTrigger(id: string, operation: UserPoolOperation, declared: BackgroundFunction, description: string): SandboxFunction {
    const fn = new SandboxFunction(this, id, { entry: join(projectRoot, declared.handler), description });
    const { actions, indexes = [] } = declared.dynamodb;
    if (actions.length + indexes.length > 0) fn.bindTableActions(this.table, { dynamodb: declared.dynamodb, limits: this.limits });
    this.identity.userPool.addTrigger(operation, fn.function);
    this.allFunctions.set(declared.id, fn);
    return fn;
  }

  /**
   * A route that asks the user pool itself (sign-up, lib/routes.ts `userPool`): exactly those
   * Cognito actions on this stage's pool, the pool and where the identity service answers, and the
   * stage's sign-up policy, which it applies.
   */
  private grantUserPool(fn: SandboxFunction, actions: readonly UserPoolAction[]): void {
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: actions.map((action) => `cognito-idp:${action}`), resources: [this.identity.userPool.userPoolArn] }),
    );
    this.setEnvironment(fn, {
      [IDENTITY_ENV.userPoolId]: this.identity.userPool.userPoolId,
      [IDENTITY_ENV.endpoint]: this.identity.endpoint,
      [IDENTITY_ENV.signupPolicy]: formatSignupPolicy(this.signupPolicy),
    });
  }

  private setEnvironment(fn: SandboxFunction, environment: Record<string, string>): void {
    for (const [name, value] of Object.entries(environment)) fn.function.addEnvironment(name, value);
  }

  /**
   * The function of a route (and of the routes that name the same handler). A page that declares
   * its built files (lib/routes.ts `assets`: the dashboard) carries them inside its bundle, built
   * right after esbuild bundles the handler, and is told where they are (relative to the bundle); a
   * page whose face connects to the identity service is told where that answers and as which app
   * client to sign in (IDENTITY_ENDPOINT, USER_POOL_CLIENT_ID), the one origin its policy adds. A route on the table may render a
   * transaction, whose `payment_url` starts with the stage's `{base_url}` (API_BASE_URL).
   */
  private createRouteFunction(route: Route): SandboxFunction {
    const page = route.face.kind === 'page' ? route.face : undefined;
    const assets = page?.assets;
    const fn = new SandboxFunction(this, route.id, {
      entry: join(projectRoot, route.handler),
      ...(route.timeoutSeconds !== undefined && { timeout: Duration.seconds(route.timeoutSeconds) }),
      description: assets
        ? `${route.method} ${API_BASE_PATH}${route.path} and its files: the ${assets.dir} page`
        : `${route.method} ${API_BASE_PATH}${route.path}: ${route.summary}`,
      ...(assets && {
        afterBundling: (outputDir: string) => [
          `cd ${shellQuote(projectRoot)} && node --import tsx ${assets.build} --out ${shellQuote(join(outputDir, assets.dir))}`,
        ],
      }),
    });
    if (route.table !== 'none') fn.function.addEnvironment(ENV.baseUrl, this.baseUrl);
    if (assets) fn.function.addEnvironment(assets.env, assets.dir);
    if (page?.connects === 'identity') this.setEnvironment(fn, this.identity.pageEnvironment());
    return fn;
  }

  /**
   * A background function that makes webhook attempts (the dispatcher, the sweep): its declared
   * table actions (lib/routes.ts), the stage's URL policy and delivery settings, and the time an
   * attempt may take (what a run does not reach in time is still due on the next one).
   */
  private createDeliveringFunction(
    id: string,
    declared: BackgroundFunction,
    description: string,
    limits: Limits,
    timeout = Duration.seconds(DISPATCHER_TIMEOUT_SECONDS),
  ): SandboxFunction {
    const fn = new SandboxFunction(this, id, {
      entry: join(projectRoot, declared.handler),
      description,
      timeout,
    });
    fn.bindTableActions(this.table, { dynamodb: declared.dynamodb, limits });
    fn.function.addEnvironment(ENV.webhookUrlPolicy, WEBHOOK_URL_POLICY);
    for (const [name, value] of Object.entries(deliverySettingsEnvironment(DEFAULT_DELIVERY_SETTINGS))) fn.function.addEnvironment(name, value);
    return fn;
  }

  /**
   * The webhook dispatcher (functions/dispatch-events.ts): an event source mapping on the table's
   * stream lets through only inserted events and resends (lib/events/stream-filter.ts), so the
   * request counters written on every request never invoke it. A failing batch is split to find
   * the record at fault, a record it reports failed is retried alone, and what still fails after
   * the retries is sent to a queue; the sweep delivers any event still due meanwhile. Its role
   * reads this stream (no other function may) and has exactly the table actions delivery uses.
   */
  private createDispatcher(limits: Limits): SandboxFunction {
    // Its stream actions are the ones the event source below grants (test/grants checks the template against them).
    const fn = this.createDeliveringFunction(
      'DispatchEvents',
      backgroundFunctions.dispatchEvents,
      'Delivers the webhooks of new events, from the table stream',
      limits,
    );

    const failures = this.createOperatorQueue(
      'DispatchEventsFailures',
      "This queue is itself the dispatcher's failure destination: it records the stream batches the dispatcher " +
        'kept failing on, for an operator to look at. Nothing consumes it, so it needs no dead-letter queue of its own.',
    );
    fn.function.addEventSource(
      new DynamoEventSource(this.table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: DISPATCH_BATCH_SIZE,
        bisectBatchOnError: true,
        retryAttempts: DISPATCH_RETRY_ATTEMPTS,
        reportBatchItemFailures: true,
        // A receiver that takes its 10 s must not hold up every other client's webhooks.
        parallelizationFactor: DISPATCH_PARALLELIZATION_FACTOR,
        maxRecordAge: Duration.hours(1),
        onFailure: new SqsDlq(failures),
        filters: DISPATCH_FILTERS.map((pattern) => FilterCriteria.filter({ ...pattern })),
      }),
    );
    Validations.of(fn.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        "dynamodb:ListStreams, part of the event source mapping's stream grant, has no resource-level permission: " +
        'it can only name "*". Every other stream action is on this table\'s stream only, and the table actions are ' +
        "on the table's client partitions.",
    });
    return fn;
  }

  /**
   * The delivery timer (decision 0267): webhook attempts that chaos plans for later (a delay, a
   * reverse-order window) must be made within about a second of their due time, which the sweep's
   * minute cannot do. The dispatcher sends one message per such attempt to this queue, delayed
   * until it falls due (SQS DelaySeconds, at most 15 minutes: chaos holds an attempt at most 335 s);
   * its function (functions/deliver-due-attempts.ts) then makes the attempt as the sweep would.
   * Only the dispatcher may send to it and only that function consumes it; a message that keeps
   * failing goes, after three receipts, to a dead-letter queue for an operator (the attempt stays
   * due in the table, so the sweep makes it anyway). Its timeout fits a reverse-order window of ten
   * attempts to a receiver that takes its full 10 s each.
   */
  private createDueAttempts(limits: Limits, dispatcher: SandboxFunction): SandboxFunction {
    const timeout = Duration.minutes(5);
    const fn = this.createDeliveringFunction(
      'DeliverDueAttempts',
      backgroundFunctions.deliverDueAttempts,
      'Makes the webhook attempts that delivery chaos planned for later, when they fall due',
      limits,
      timeout,
    );
    const deadLetters = this.createOperatorQueue(
      'WebhookTimerDeadLetters',
      "This queue is itself the webhook timer queue's dead-letter queue: it keeps the messages its function kept " +
        'failing on, for an operator to look at. Nothing consumes it, so it needs no dead-letter queue of its own.',
    );
    const timer = new Queue(this, 'WebhookTimer', {
      enforceSSL: true,
      encryption: QueueEncryption.SQS_MANAGED,
      // Lambda's advice for a queue that invokes a function: six times its timeout.
      visibilityTimeout: Duration.seconds(timeout.toSeconds() * 6),
      retentionPeriod: Duration.days(1),
      deadLetterQueue: { queue: deadLetters, maxReceiveCount: 3 },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    fn.function.addEventSource(new SqsEventSource(timer, { batchSize: 10, reportBatchItemFailures: true }));
    timer.grantSendMessages(dispatcher.function);
    dispatcher.function.addEnvironment(ENV.timerQueueUrl, timer.queueUrl);
    return fn;
  }

  /**
   * A queue what failed is kept in for an operator to look at (encrypted, TLS only, 14 days): nothing
   * consumes it, so it has no dead-letter queue of its own, which `reason` tells cdk-nag (AwsSolutions-SQS3).
   */
  private createOperatorQueue(id: string, reason: string): Queue {
    const queue = new Queue(this, id, {
      enforceSSL: true,
      encryption: QueueEncryption.SQS_MANAGED,
      retentionPeriod: Duration.days(14),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(queue).acknowledge({ id: 'AwsSolutions-SQS3', reason });
    return queue;
  }

  /**
   * The sweep (functions/sweep.ts): an EventBridge rule invokes it every minute, the finest rate a
   * rule has, which is what docs/api.md §10 promises deployed (a due payment is stored expired
   * within 60 s). A tick EventBridge cannot deliver is retried, then kept in an encrypted dead-letter
   * queue for an operator to see; a pass that fails is not retried by Lambda: the next tick is the
   * retry, and what it did not finish is still due then.
   */
  private createSweep(limits: Limits): SandboxFunction {
    const sweep = this.createDeliveringFunction(
      'Sweep',
      backgroundFunctions.sweep,
      'Every minute: stores what has fallen due (expired payments, scheduled outcomes, with their events) and makes the webhook attempts due',
      limits,
    );
    sweep.function.configureAsyncInvoke({ retryAttempts: 0 });
    // Its expiries and scheduled outcomes record events whose object is the transaction, links and all.
    sweep.function.addEnvironment(ENV.baseUrl, this.baseUrl);
    const deadLetters = this.createOperatorQueue(
      'SweepDeadLetters',
      "This queue is itself a dead-letter queue, the sweep schedule target's (EventBridge DeadLetterConfig); " +
        "the rule recognises a DLQ only by another queue's redrive policy. A DLQ of a DLQ would hold nothing.",
    );
    new Rule(this, 'SweepSchedule', {
      description: 'Invokes the sweep every minute',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(sweep.function, { retryAttempts: 2, maxEventAge: Duration.minutes(5), deadLetterQueue: deadLetters })],
    });
    return sweep;
  }

  /**
   * Generated at deploy and read by no one but the list functions, so a cursor the API accepts can
   * only come from the API. Deleted with the stack, even with retain=true: cursors are short-lived.
   */
  private createCursorSecret(): Secret {
    const secret = new Secret(this, 'CursorSecret', {
      description: 'Signs the list cursors of the Payment Sandbox API',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The secret only signs list cursors, positions in a list that a client follows for minutes, and ' +
        'protects no data (every query reads the partition of the authenticated key). A rotation would ' +
        'gain nothing and turn every open cursor into a 400 on its next page.',
    });
    return secret;
  }

  private createTable(retain: boolean): Table {
    const { partitionKey, sortKey, indexes, timeToLiveAttribute, stream } = tableDefinition;
    const table = new Table(this, 'Table', {
      partitionKey: { name: partitionKey, type: AttributeType.STRING },
      sortKey: { name: sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute,
      stream: StreamViewType[stream],
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      removalPolicy: retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    for (const index of indexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType[index.projection],
      });
    }
    return table;
  }
}
