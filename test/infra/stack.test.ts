import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cdkJsonContext } from '../../infra/app';
import { buildApp } from '../../infra/sandbox-app';
import { renderDeployReference, type SynthesizedTemplate } from '../../infra/deploy-reference';
import { httpApiEvent } from '../../infra/local/lambda-event';
import { dashboardCsp } from '../../lib/dashboard/assets';
import { partitionsOf, type TableAction } from '../../lib/db/access';
import { decodeCursor, filterFingerprint } from '../../lib/db/cursor';
import { tableDefinition } from '../../lib/db/table';
import { isId } from '../../lib/ids';
import { DEFAULT_LIMITS } from '../../lib/limits';
import { API_BASE_PATH, routeList, routes } from '../../lib/routes';
import { call, newClient } from '../support/fixtures';
import { createPaymentVia, paymentBody } from '../support/payments';
import { startFakeSecretsManager } from '../support/secrets-manager';
import { skipBuiltinValidation } from '../support/cdk';
import { dependencies, dependencyCycles } from '../support/template-graph';

skipBuiltinValidation();

// One real synthesis (esbuild bundling included) shared by every test in this file: one esbuild
// build of every function's entry (infra/constructs/bundles.ts), and the dashboard's page. Its hook
// may take four minutes, for a machine twice as slow and busy with other work, where 60 s was seen
// to run out when each function had an esbuild process of its own.

type Json = Record<string, any>;

const BANNER = "import { createRequire as __bannerCreateRequire } from 'module'; " + 'const require = __bannerCreateRequire(import.meta.url);';
const IMPORT_SPECIFIER = /\bimport\s*[\w$*{},\s]*?\s*from\s*["']([^"']+)["']|\bimport\(["']([^"']+)["']\)/g;

let outdir: string;
let template: Template;
let resources: Record<string, Json>;
let synthesized: SynthesizedTemplate;
let assetDirs: Map<string, string>;
/** Logical id of the sweep's function: not a route's, invoked by the schedule. */
let sweepId: string;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'infra-stack-'));
  const { app, stack } = buildApp({ stage: 'spec', context: cdkJsonContext(), outdir });
  const artifact = app.synth().getStackByName(stack.stackName);
  template = Template.fromJSON(artifact.template);
  sweepId = stack.getLogicalId(stack.sweepFunction.function.node.defaultChild as CfnElement);
  synthesized = artifact.template;
  resources = artifact.template.Resources;
  assetDirs = new Map(
    Object.entries(resources)
      .filter(([, r]) => r.Type === 'AWS::Lambda::Function')
      // The bundle of asset <hash> is uploaded as <hash>.zip and staged as asset.<hash>.
      .map(([id, r]) => [id, join(outdir, `asset.${String(r.Properties.Code.S3Key).replace(/\.zip$/, '')}`)]),
  );
}, 240_000);

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const refId = (value: Json): string => value.Ref ?? value['Fn::GetAtt'][0];

function routeByKey(routeKey: string): Json {
  const matches = ofType('AWS::ApiGatewayV2::Route').filter(([, r]) => r.Properties.RouteKey === routeKey);
  expect(matches, `routes with key ${routeKey}`).toHaveLength(1);
  return matches[0]![1];
}

/** Logical id of the function a route's integration invokes. */
function functionOfRoute(routeKey: string): string {
  const [, parts] = routeByKey(routeKey).Properties.Target['Fn::Join'];
  const integration = resources[parts[1].Ref]!;
  return refId(integration.Properties.IntegrationUri);
}

/** Every statement of every policy attached to a function's role. */
function statementsOf(functionId: string): Json[] {
  const roleId = refId(resources[functionId]!.Properties.Role);
  return ofType('AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: Json) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
}

const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
const dynamoActionsOf = (functionId: string) =>
  statementsOf(functionId)
    .flatMap((s) => asList<string>(s.Action))
    .filter((a) => a.startsWith('dynamodb:'))
    .sort();

const tableId = () => ofType('AWS::DynamoDB::Table')[0]![0];
const routeKeyOf = (route: (typeof routeList)[number]) => `${route.method} ${API_BASE_PATH}${route.path}`;
const tableRoutes = routeList.filter((r) => r.table !== 'none');
const tablelessRoutes = routeList.filter((r) => r.table === 'none');
const fallbackId = () => functionOfRoute('$default');
/** The function the table's stream invokes: the webhook dispatcher, the one function behind no route. */
const dispatcherId = () =>
  refId(ofType('AWS::Lambda::EventSourceMapping').find(([, m]) => m.Properties.StartingPosition !== undefined)![1].Properties.FunctionName);
/** The function the delivery timer's queue invokes (test/infra/webhook-dispatcher.test.ts). */
const dueAttemptsId = () =>
  refId(ofType('AWS::Lambda::EventSourceMapping').find(([, m]) => m.Properties.StartingPosition === undefined)![1].Properties.FunctionName);
/** Functions besides one per route handler and the `$default` one: the sweep, the webhook dispatcher and the user pool's two triggers. */
const BACKGROUND_FUNCTIONS = 5;
/** Routes naming the same handler module share its function. */
const ROUTE_HANDLERS = new Set(routeList.map((r) => r.handler)).size;

/**
 * Runs a function's bundle as Lambda would, in a fresh Node process with a Lambda-like
 * environment (no DYNAMODB_ENDPOINT: the SDK's own AWS_ENDPOINT_URL_DYNAMODB points it at DynamoDB
 * Local, so the bundled credential provider is what signs) and returns the handler's result.
 */
async function invokeBundle(
  functionId: string,
  credentials: Record<string, string>,
  request: Parameters<typeof httpApiEvent>[0],
): Promise<{ statusCode: number; body: string }> {
  return runBundle(functionId, credentials, httpApiEvent(request));
}

/** Runs a function's bundle as Lambda would (see invokeBundle) with `event`, and returns the handler's result. */
async function runBundle(functionId: string, credentials: Record<string, string>, event: unknown): Promise<any> {
  const bundle = pathToFileURL(join(assetDirs.get(functionId)!, 'index.mjs')).href;
  const script =
    'const { handler } = await import(process.argv[1]);' +
    'const result = await handler(JSON.parse(process.argv[2]), { awsRequestId: "r", getRemainingTimeInMillis: () => 10000 });' +
    'process.stdout.write(JSON.stringify(result));';
  // The function's literal variables (NODE_OPTIONS, POWERTOOLS_SERVICE_NAME); TABLE_NAME and API_BASE_URL are tokens there.
  const variables = resources[functionId]!.Properties.Environment.Variables;
  const literal = Object.entries(variables).filter(([, v]) => typeof v === 'string');
  // A home of its own, as Lambda's, removed after the run.
  const home = mkdtempSync(join(tmpdir(), 'lambda-home-'));
  const env = {
    PATH: process.env.PATH!,
    HOME: home,
    AWS_REGION: 'us-east-1',
    AWS_ENDPOINT_URL_DYNAMODB: inject('dynamoEndpoint'),
    POWERTOOLS_LOG_LEVEL: 'CRITICAL',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...Object.fromEntries(literal),
    TABLE_NAME: inject('tableName'),
    ...(variables.API_BASE_URL !== undefined && { API_BASE_URL: inject('baseUrl') }),
    ...credentials,
  };
  try {
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['--input-type=module', '-e', script, bundle, JSON.stringify(event)], { env }, (error, out) =>
        error ? reject(error) : resolve(out),
      ),
    );
    return JSON.parse(stdout);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

describe('routes', () => {
  it('serves every route of lib/routes.ts at its method and /api/v1 path', () => {
    for (const route of routeList) routeByKey(`${route.method} ${API_BASE_PATH}${route.path}`);
    expect(ofType('AWS::ApiGatewayV2::Route')).toHaveLength(routeList.length + 1);
  });

  it("sends each route to the function of its handler: one per handler module (the dashboard's two routes share one)", () => {
    const functionIds = routeList.map((r) => functionOfRoute(`${r.method} ${API_BASE_PATH}${r.path}`));
    expect(new Set(functionIds).size).toBe(ROUTE_HANDLERS);
    for (const [i, r] of routeList.entries()) {
      const sameHandler = routeList.flatMap((other, j) => (other.handler === r.handler ? [functionIds[j]] : []));
      expect(new Set(sameHandler), r.id).toEqual(new Set([functionIds[i]]));
    }
    expect(functionOfRoute(routeKeyOf(routes.getDashboard))).toBe(functionOfRoute(routeKeyOf(routes.getDashboardAsset)));
    expect(functionIds).not.toContain(fallbackId());
    expect(functionIds).not.toContain(sweepId);
    // Besides the routes': the $default route's, the sweep's, the webhook dispatcher's, the delivery timer's and the user pool's triggers.
    expect(ofType('AWS::Lambda::Function')).toHaveLength(ROUTE_HANDLERS + 1 + BACKGROUND_FUNCTIONS);
  });

  it('answers requests that match no route from a $default route with a function of its own', () => {
    expect(resources[fallbackId()]!.Type).toBe('AWS::Lambda::Function');
  });

  it('invokes every function with payload format 2.0', () => {
    for (const [, integration] of ofType('AWS::ApiGatewayV2::Integration')) {
      expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
    }
  });
});

describe('functions', () => {
  it('are what docs/deploy.md says a stage runs: its functions by what invokes them, as `npm run openapi` renders them from a synthesis', () => {
    const page = readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8');
    expect(page, 'docs/deploy.md is stale: run `npm run openapi`').toBe(renderDeployReference(page, synthesized));
    expect(page).toContain(`| **every function, a bundle each** | **${ofType('AWS::Lambda::Function').length}** |`);
  });

  it("run on Node.js 24 on arm64 with 256 MB and a 10 s timeout (the webhook dispatcher and the sweep, which make webhook attempts, 60 s; the delivery timer's function, which may make a reverse-order window of ten, 5 min; the receiver check, 25 s)", () => {
    const checkId = functionOfRoute(routeKeyOf(routes.checkWebhookEndpoint));
    for (const [id, fn] of ofType('AWS::Lambda::Function')) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        MemorySize: 256,
        Timeout: id === dueAttemptsId() ? 300 : id === dispatcherId() || id === sweepId ? 60 : id === checkId ? 25 : 10,
        Handler: 'index.handler',
      });
      expect(fn.Properties.Environment.Variables).toMatchObject({
        POWERTOOLS_SERVICE_NAME: 'payment-sandbox',
        NODE_OPTIONS: '--enable-source-maps',
      });
    }
  });

  it('are ESM bundles with a source map and a require shim, importing nothing but Node built-ins', () => {
    expect(assetDirs.size).toBe(ROUTE_HANDLERS + 1 + BACKGROUND_FUNCTIONS);
    for (const dir of assetDirs.values()) {
      const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
      expect(code.split('\n', 1)[0]).toBe(BANNER);
      // Static `import … from "x"` and dynamic `import("x")`: the AWS SDK and every other package are inside.
      const specifiers = [...code.matchAll(IMPORT_SPECIFIER)].map((m) => m[1] ?? m[2]!).filter((s) => s !== 'module');
      expect(specifiers.filter((s) => !isBuiltin(s))).toEqual([]);
      expect(JSON.parse(readFileSync(join(dir, 'index.mjs.map'), 'utf8')).version).toBe(3);
    }
  });

  it('carry the DynamoDB client in the bundles of routes that use the table, and only there', () => {
    for (const route of routeList) {
      const dir = assetDirs.get(functionOfRoute(routeKeyOf(route)))!;
      const hasClient = readFileSync(join(dir, 'index.mjs'), 'utf8').includes('"DynamoDBClient"');
      expect(hasClient, route.id).toBe(route.table !== 'none');
    }
  });

  it("hold their own route's declaration and no other route's, the webhook URL checks only where an endpoint is created, changed or checked, the Idempotency-Key store only in writes, and no test recorder", () => {
    for (const route of routeList) {
      const dir = assetDirs.get(functionOfRoute(routeKeyOf(route)))!;
      // Each route's contract imports its own declaration; the route table is the fallback's alone, which matches paths with it.
      const named = new Set(readFileSync(join(dir, 'index.mjs'), 'utf8').match(/functions\/[a-z-]+\.ts/g));
      expect(
        [...named].filter((handler) => handler !== route.handler),
        route.id,
      ).toEqual([]);
      const sources: string[] = JSON.parse(readFileSync(join(dir, 'index.mjs.map'), 'utf8')).sources;
      expect(
        sources.some((s) => s.includes('node_modules/ipaddr.js/')),
        route.id,
      ).toBe(route.id === 'createWebhookEndpoint' || route.id === 'updateWebhookEndpoint' || route.id === 'checkWebhookEndpoint');
      // A read never takes an Idempotency-Key: only a write's bundle carries the store of them (a page's form takes none).
      expect(
        sources.some((s) => s.endsWith('lib/http/idempotency-store.ts')),
        route.id,
      ).toBe(route.table !== 'none' && route.method !== 'GET' && route.credential.kind !== 'pathToken');
      // The grant check's recorder (with the access rules it evaluates) is the local adapters', never a function's.
      expect(
        sources.filter((s) => s.endsWith('lib/db/call-recorder.ts')),
        route.id,
      ).toEqual([]);
    }
  });

  it("carry the page face's parts (lib/http/page/) in the bundles of page routes only: a key route's bundle does not grow by them", () => {
    for (const route of routeList) {
      const dir = assetDirs.get(functionOfRoute(routeKeyOf(route)))!;
      const sources: string[] = JSON.parse(readFileSync(join(dir, 'index.mjs.map'), 'utf8')).sources;
      expect(
        sources.some((s) => s.includes('lib/http/page/')),
        route.id,
      ).toBe(route.face.kind === 'page');
    }
  });

  it("leave the SDK's default credential chain out: its STS, SSO and file-based providers are not in any bundle", () => {
    for (const route of tableRoutes) {
      const dir = assetDirs.get(functionOfRoute(routeKeyOf(route)))!;
      const sources: string[] = JSON.parse(readFileSync(join(dir, 'index.mjs.map'), 'utf8')).sources;
      expect(
        sources.some((s) => s.endsWith('lib/db/lambda-credentials.ts')),
        route.id,
      ).toBe(true);
      expect(
        sources.filter((s) => /credential-provider-(node|ini|sso|process|web-identity)|nested-clients/.test(s)),
        route.id,
      ).toEqual([]);
    }
  });

  it("take the role's credentials from the environment, as Lambda passes them, and create a payment on the table", async () => {
    const { key } = await newClient();
    const body = paymentBody();
    const invoke = (credentials: Record<string, string>) =>
      invokeBundle(functionOfRoute(routeKeyOf(routes.createPayment)), credentials, {
        method: 'POST',
        url: new URL(`http://localhost${API_BASE_PATH}${routes.createPayment.path}`),
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: Buffer.from(JSON.stringify(body)),
        requestId: randomUUID(),
        route: routes.createPayment,
      });

    const created = await invoke({ AWS_ACCESS_KEY_ID: 'ASIALAMBDAROLE', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'session' });
    expect(created.statusCode).toBe(201);
    const id = JSON.parse(created.body).data.id;
    expect((await call('GET', `/transaction/${id}`, { key })).body.data.order_id).toBe(body.order_id);

    // Without them there is nothing else to fall back on: the request fails (500), it does not find other credentials.
    const without = await invoke({});
    expect(without.statusCode).toBe(500);
    expect(JSON.parse(without.body).error.code).toBe('INTERNAL_ERROR');
  });

  it('give route functions TABLE_NAME and the default limits, and table-less routes and the $default function no table at all', () => {
    for (const route of tableRoutes) {
      const fn = resources[functionOfRoute(routeKeyOf(route))]!;
      expect(fn.Properties.Environment.Variables.TABLE_NAME).toEqual({ Ref: tableId() });
      expect(fn.Properties.Environment.Variables).toMatchObject({
        CLIENT_REQUESTS_PER_SECOND: String(DEFAULT_LIMITS.requestsPerSecond),
        LIST_READ_UNITS_PER_REQUEST: String(DEFAULT_LIMITS.readUnitsPerRequest),
      });
    }
    expect(tablelessRoutes.map((r) => r.id)).toEqual(['signUp', 'getDashboard', 'getDashboardAsset', 'getOpenApiDocument']);
    for (const id of [...tablelessRoutes.map((r) => functionOfRoute(routeKeyOf(r))), fallbackId()]) {
      expect(resources[id]!.Properties.Environment.Variables.TABLE_NAME).toBeUndefined();
      expect(dynamoActionsOf(id)).toEqual([]);
    }
  });

  it('bundle the committed openapi.json into the GET /openapi.json function', () => {
    const dir = assetDirs.get(functionOfRoute(`GET ${API_BASE_PATH}/openapi.json`))!;
    const committed = JSON.parse(readFileSync('openapi.json', 'utf8'));
    expect(readFileSync(join(dir, 'index.mjs'), 'utf8')).toContain(JSON.stringify(committed.info.description).slice(1, 60));
  });

  it('write to a log group of their own, kept for a month and deleted with the stack', () => {
    const logGroupIds = ofType('AWS::Lambda::Function').map(([, fn]) => fn.Properties.LoggingConfig.LogGroup.Ref);
    expect(new Set(logGroupIds).size).toBe(logGroupIds.length);
    for (const id of logGroupIds) {
      expect(resources[id]).toMatchObject({
        Type: 'AWS::Logs::LogGroup',
        Properties: { RetentionInDays: 30 },
        DeletionPolicy: 'Delete',
        UpdateReplacePolicy: 'Delete',
      });
    }
  });

  it('may write logs to their own log group only, with no managed policies', () => {
    for (const [id, fn] of ofType('AWS::Lambda::Function')) {
      const logStatements = statementsOf(id).filter((s) => asList<string>(s.Action).some((a) => a.startsWith('logs:')));
      expect(logStatements).toEqual([
        {
          Effect: 'Allow',
          Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
          Resource: { 'Fn::GetAtt': [fn.Properties.LoggingConfig.LogGroup.Ref, 'Arn'] },
        },
      ]);
      expect(resources[refId(fn.Properties.Role)]!.Properties.ManagedPolicyArns).toBeUndefined();
    }
  });
});

describe('table permissions', () => {
  const tableArn = () => ({ 'Fn::GetAtt': [tableId(), 'Arn'] });
  /** What a declaration asks for, as the template names actions (a Query of the table and of each index is one each). */
  const declaredActionsOf = (route: (typeof routeList)[number]) =>
    [...route.dynamodb.actions, ...(route.dynamodb.indexes ?? []).map(() => 'Query')].map((a) => `dynamodb:${a}`).sort();

  it('grants every route exactly the actions its declaration in lib/routes.ts names, and none to a route that declares none', () => {
    for (const route of routeList) {
      expect(dynamoActionsOf(functionOfRoute(routeKeyOf(route))), route.id).toEqual(declaredActionsOf(route));
    }
  });

  it('grants read-only routes no write but UpdateItem, for their request counter', () => {
    for (const route of routeList.filter((r) => r.table === 'read')) {
      const writes = dynamoActionsOf(functionOfRoute(routeKeyOf(route))).filter((a) => !/GetItem|Query|ConditionCheckItem/.test(a));
      expect(writes, route.id).toEqual(['dynamodb:UpdateItem']);
    }
  });

  it('keeps the event functions read-only: GET /events and GET /event/{id} read, and UpdateItem for their request counter only', () => {
    for (const route of [routes.listEvents, routes.getEvent]) {
      expect(route.table).toBe('read');
      const actions = dynamoActionsOf(functionOfRoute(`${route.method} ${API_BASE_PATH}${route.path}`));
      expect(actions).toContain('dynamodb:GetItem');
      for (const write of ['dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem']) expect(actions).not.toContain(write);
    }
  });

  it('grants no route Query on an index, which only the admin tools (gsi1) and the sweep (due) use', () => {
    for (const route of tableRoutes) {
      const resources = statementsOf(functionOfRoute(routeKeyOf(route))).flatMap((s) => asList<unknown>(s.Resource));
      expect(
        resources.filter((r) => JSON.stringify(r).includes('/index/')),
        route.id,
      ).toEqual([]);
    }
  });

  it("grants every table action on client partitions, and on a shared partition only where the route's declaration names it (admission's GetItem of key-hash records)", () => {
    for (const route of tableRoutes) {
      const dynamoStatements = statementsOf(functionOfRoute(routeKeyOf(route))).filter((s) => asList<string>(s.Action).some((a) => a.startsWith('dynamodb:')));
      expect(dynamoStatements.length, route.id).toBeGreaterThan(0);
      for (const statement of dynamoStatements) {
        expect(statement.Resource, route.id).toEqual(tableArn());
        for (const action of asList<string>(statement.Action)) {
          const partitions = partitionsOf(route.dynamodb, action.slice('dynamodb:'.length) as TableAction);
          expect(statement.Condition['ForAllValues:StringLike'], `${route.id} ${action}`).toEqual({ 'dynamodb:LeadingKeys': partitions });
        }
      }
      // Admission reads a key's hash record, or a session's user→client mapping; a path's token names its client's partition.
      const admits = route.credential.kind === 'pathToken' ? ['C#*'] : ['C#*', 'KEYHASH#*', 'USER#*'];
      expect(partitionsOf(route.dynamodb, 'GetItem'), route.id).toEqual(admits);
    }
    // A reader's one write is its request counter (or its key's sampled last use), and nothing else of the item.
    for (const route of tableRoutes.filter((r) => r.table === 'read')) {
      const [counter] = statementsOf(functionOfRoute(routeKeyOf(route))).filter((s) => asList<string>(s.Action).includes('dynamodb:UpdateItem'));
      // Only a route a server key may take notes a key's last use (a session's, or a page's token, never does).
      const expected = route.credential.kind === 'key' ? ['pk', 'sk', 'count', 'ttl', 'last_used_at'] : ['pk', 'sk', 'count', 'ttl'];
      expect(counter!.Condition['ForAllValues:StringEquals'], route.id).toEqual({ 'dynamodb:Attributes': expected });
    }
  });

  it('grants no wildcard action and no Resource "*" anywhere, but dynamodb:ListStreams, which has no resource-level permission', () => {
    const statements = ofType('AWS::IAM::Policy').flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
    expect(statements.length).toBeGreaterThan(0);
    const listStreams = statements.filter((s) => s.Action === 'dynamodb:ListStreams');
    expect(listStreams).toEqual([{ Effect: 'Allow', Action: 'dynamodb:ListStreams', Resource: '*' }]);
    for (const statement of statements.filter((s) => !listStreams.includes(s))) {
      for (const action of asList<string>(statement.Action)) expect(action).not.toContain('*');
      expect(asList(statement.Resource)).not.toContain('*');
    }
  });
});

describe('cursor secret', () => {
  const cursorRoutes = routeList.filter((r) => r.cursors);
  const secretId = () => ofType('AWS::SecretsManager::Secret')[0]![0];
  const secretStatementsOf = (functionId: string) =>
    statementsOf(functionId).filter((s) => asList<string>(s.Action).some((a) => a.startsWith('secretsmanager:')));

  it('is one secret generated at deploy, 64 letters and digits, with a generated name, deleted with the stack', () => {
    const secrets = ofType('AWS::SecretsManager::Secret');
    expect(secrets).toHaveLength(1);
    const [, secret] = secrets[0]!;
    expect(secret.Properties.GenerateSecretString).toEqual({ PasswordLength: 64, ExcludePunctuation: true, IncludeSpace: false });
    expect(secret.Properties.SecretString).toBeUndefined();
    expect(secret.Properties.Name).toBeUndefined();
    expect(secret).toMatchObject({ DeletionPolicy: 'Delete', UpdateReplacePolicy: 'Delete' });
  });

  it('is named by CURSOR_SECRET_ARN and readable by the functions of the routes that page, and by no other function', () => {
    expect(cursorRoutes.map((r) => r.id)).toEqual([
      'listTransactions',
      'listSettlements',
      'listEvents',
      'listEventDeliveries',
      'listWebhookEndpoints',
      'listWebhookEndpointChecks',
      'listAccountKeys',
    ]);
    const cursorFunctions = new Set(cursorRoutes.map((r) => functionOfRoute(routeKeyOf(r))));
    for (const [id, fn] of ofType('AWS::Lambda::Function')) {
      if (cursorFunctions.has(id)) {
        expect(fn.Properties.Environment.Variables.CURSOR_SECRET_ARN, id).toEqual({ Ref: secretId() });
        expect(secretStatementsOf(id), id).toEqual([
          { Effect: 'Allow', Action: ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'], Resource: { Ref: secretId() } },
        ]);
      } else {
        expect(fn.Properties.Environment.Variables.CURSOR_SECRET_ARN, id).toBeUndefined();
        expect(secretStatementsOf(id), id).toEqual([]);
      }
    }
  });

  it('signs the cursors of the list bundle, read once from Secrets Manager; another sandbox refuses them', async () => {
    const arn = 'arn:aws:secretsmanager:us-east-1:111122223333:secret:CursorSecret-AbCdEf';
    const secret = randomBytes(48).toString('base64url');
    const secretsManager = await startFakeSecretsManager({ [arn]: secret });
    try {
      const { key, clientId } = await newClient();
      await createPaymentVia(key);
      const newest = await createPaymentVia(key);
      const page = await invokeBundle(
        functionOfRoute(routeKeyOf(routes.listTransactions)),
        {
          AWS_ACCESS_KEY_ID: 'ASIALAMBDAROLE',
          AWS_SECRET_ACCESS_KEY: 'secret',
          AWS_SESSION_TOKEN: 'session',
          AWS_ENDPOINT_URL_SECRETS_MANAGER: secretsManager.endpoint,
          CURSOR_SECRET_ARN: arn,
        },
        {
          method: 'GET',
          url: new URL(`http://localhost${API_BASE_PATH}${routes.listTransactions.path}?limit=1`),
          headers: { authorization: `Bearer ${key}` },
          body: Buffer.alloc(0),
          requestId: randomUUID(),
          route: routes.listTransactions,
        },
      );
      expect(page.statusCode).toBe(200);
      const cursor: string = JSON.parse(page.body).pagination.next_cursor;
      expect(secretsManager.requests).toEqual([arn]);
      const fingerprint = filterFingerprint({ kind: 'transaction' });
      expect(decodeCursor(Buffer.from(secret), cursor, clientId, fingerprint, (id) => isId('transaction', id))).toBe(newest.id);

      // The run's local sandbox has a secret of its own: the deployed function's cursor means nothing there.
      const elsewhere = await call('GET', `/transactions?limit=1&cursor=${encodeURIComponent(cursor)}`, { key });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.error.details).toEqual([{ field: 'cursor', message: 'is not a valid cursor for this request' }]);
    } finally {
      await secretsManager.close();
    }
  });
});

describe('webhook URL policy', () => {
  it('is the deployed one, set explicitly on every function that reads the configuration, and on no other', () => {
    for (const route of tableRoutes) {
      const variables = resources[functionOfRoute(routeKeyOf(route))]!.Properties.Environment.Variables;
      expect(variables.WEBHOOK_URL_POLICY, route.id).toBe('deployed');
    }
    for (const id of [...tablelessRoutes.map((r) => functionOfRoute(routeKeyOf(r))), fallbackId()]) {
      expect(resources[id]!.Properties.Environment.Variables.WEBHOOK_URL_POLICY).toBeUndefined();
    }
  });
});

describe("the stage's {base_url}", () => {
  const apiId = () => ofType('AWS::ApiGatewayV2::Api')[0]![0];
  const baseUrlValue = () => ({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [apiId(), 'ApiEndpoint'] }, API_BASE_PATH]] });
  const sourcesOf = (functionId: string): string[] => JSON.parse(readFileSync(join(assetDirs.get(functionId)!, 'index.mjs.map'), 'utf8')).sources;

  it('is API_BASE_URL, the API endpoint followed by /api/v1 as in the ApiUrl output, of the functions of the routes on the table and of the sweep, and of no other', () => {
    const told = ofType('AWS::Lambda::Function').filter(([, fn]) => fn.Properties.Environment.Variables.API_BASE_URL !== undefined);
    // Not the dispatcher, the user pool's triggers or the table-less routes.
    const expected = [...new Set(tableRoutes.map((r) => functionOfRoute(routeKeyOf(r)))), sweepId];
    expect(new Set(told.map(([id]) => id))).toEqual(new Set(expected));
    for (const [id, fn] of told) expect(fn.Properties.Environment.Variables.API_BASE_URL, id).toEqual(baseUrlValue());
    template.hasOutput('ApiUrl', { Value: baseUrlValue() });
  });

  it('is given to every function whose bundle can render a transaction: those that hold lib/base-url.ts, which reads it', () => {
    const rendering = [...assetDirs.keys()].filter((id) => sourcesOf(id).some((source) => source.endsWith('lib/base-url.ts')));
    // The create, the reads, the transitions, the refund and the sweep at least: its expiries and scheduled outcomes record the transaction.
    const atLeast = [
      routes.createPayment,
      routes.getTransaction,
      routes.listTransactions,
      routes.cancelTransaction,
      routes.simulateTransaction,
      routes.createRefund,
    ];
    expect(rendering).toEqual(expect.arrayContaining([...atLeast.map((r) => functionOfRoute(routeKeyOf(r))), sweepId]));
    for (const id of rendering) expect(resources[id]!.Properties.Environment.Variables.API_BASE_URL, id).toEqual(baseUrlValue());
  });

  it('leaves the template without a dependency cycle: the functions depend on the API, the API on none of them', () => {
    const graph = dependencies(resources);

    expect(dependencyCycles(resources)).toEqual([]);
    expect([...graph.get(apiId())!]).toEqual([]);
    expect(graph.get(functionOfRoute(routeKeyOf(routes.createPayment)))).toContain(apiId());
    expect(graph.get(sweepId)).toContain(apiId());
    // …while the API's routes depend on the functions through their integrations, as they always did.
    const integrationId = routeByKey(routeKeyOf(routes.createPayment)).Properties.Target['Fn::Join'][1][1].Ref;
    expect(graph.get(integrationId)).toContain(functionOfRoute(routeKeyOf(routes.createPayment)));
    expect(graph.get(integrationId)).toContain(apiId());
  });
});

describe('webhook endpoints', () => {
  const webhookRoutes = [routes.createWebhookEndpoint, routes.listWebhookEndpoints, routes.getWebhookEndpoint, routes.deleteWebhookEndpoint];

  it('are served by four functions of their own at POST, GET, GET {id} and DELETE {id}', () => {
    expect(webhookRoutes.map(routeKeyOf)).toEqual([
      'POST /api/v1/webhook/endpoints',
      'GET /api/v1/webhook/endpoints',
      'GET /api/v1/webhook/endpoints/{id}',
      'DELETE /api/v1/webhook/endpoints/{id}',
    ]);
    const ids = webhookRoutes.map((route) => functionOfRoute(routeKeyOf(route)));
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(resources[id]!.Type).toBe('AWS::Lambda::Function');
  });

  it('let list and get only read (admission reads with BatchGetItem and counts with UpdateItem), and create and delete write too', () => {
    const actionsOf = (route: (typeof webhookRoutes)[number]) => dynamoActionsOf(functionOfRoute(routeKeyOf(route)));
    expect(actionsOf(routes.listWebhookEndpoints)).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
    expect(actionsOf(routes.getWebhookEndpoint)).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem']);
    for (const route of [routes.createWebhookEndpoint, routes.deleteWebhookEndpoint]) {
      expect(actionsOf(route), route.id).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']));
    }
  });
});

describe('sweep', () => {
  const arnOf = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });
  const ruleOf = () => {
    const rules = ofType('AWS::Events::Rule');
    expect(rules).toHaveLength(1);
    return rules[0]![1];
  };
  const deadLettersId = () => refId(ruleOf().Properties.Targets[0].DeadLetterConfig.Arn);

  it('is a function of its own, invoked by an EventBridge rule every minute', () => {
    expect(resources[sweepId]!.Type).toBe('AWS::Lambda::Function');
    expect(ruleOf().Properties).toMatchObject({ ScheduleExpression: 'rate(1 minute)', State: 'ENABLED' });
    expect(ruleOf().Properties.Targets).toHaveLength(1);
    expect(ruleOf().Properties.Targets[0].Arn).toEqual(arnOf(sweepId));
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: arnOf(sweepId),
      Principal: 'events.amazonaws.com',
      SourceArn: arnOf(ofType('AWS::Events::Rule')[0]![0]),
    });
  });

  it('has a tick EventBridge cannot deliver retried twice within 5 minutes, then put in its dead-letter queue', () => {
    expect(ruleOf().Properties.Targets[0]).toMatchObject({
      RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 300 },
      DeadLetterConfig: { Arn: arnOf(deadLettersId()) },
    });
  });

  it('keeps undelivered ticks 14 days in an encrypted queue that refuses anything but TLS and takes messages from that rule only', () => {
    // The others are the webhook dispatcher's and the delivery timer's two (test/infra/webhook-dispatcher.test.ts).
    expect(ofType('AWS::SQS::Queue')).toHaveLength(4);
    expect(resources[deadLettersId()]!.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    const [, policy] = ofType('AWS::SQS::QueuePolicy').find(([, p]) => p.Properties.Queues.some((q: Json) => q.Ref === deadLettersId()))!;
    expect(policy.Properties.PolicyDocument.Statement).toEqual([
      {
        Action: 'sqs:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        Effect: 'Deny',
        Principal: { AWS: '*' },
        Resource: arnOf(deadLettersId()),
      },
      expect.objectContaining({
        Action: 'sqs:SendMessage',
        Condition: { ArnEquals: { 'aws:SourceArn': arnOf(ofType('AWS::Events::Rule')[0]![0]) } },
        Effect: 'Allow',
        Principal: { Service: 'events.amazonaws.com' },
        Resource: arnOf(deadLettersId()),
      }),
    ]);
  });

  it('is not retried by Lambda when a pass fails: the next tick is the retry', () => {
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { FunctionName: { Ref: sweepId }, MaximumRetryAttempts: 0 });
  });

  it('may Query the due index, and GetItem, BatchGetItem (what falls due on an advanced clock), UpdateItem, PutItem, DeleteItem and BatchWriteItem (due markers) and Query (due markers, webhook endpoints) on client partitions only', () => {
    const statements = statementsOf(sweepId).filter((s) => asList<string>(s.Action).some((a) => a.startsWith('dynamodb:')));
    expect(statements).toEqual([
      {
        Effect: 'Allow',
        Action: 'dynamodb:Query',
        Resource: { 'Fn::Join': ['', [arnOf(tableId()), '/index/due']] },
      },
      {
        Effect: 'Allow',
        Action: [
          'dynamodb:BatchGetItem',
          'dynamodb:BatchWriteItem',
          'dynamodb:DeleteItem',
          'dynamodb:GetItem',
          'dynamodb:PutItem',
          'dynamodb:Query',
          'dynamodb:UpdateItem',
        ],
        Resource: arnOf(tableId()),
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['C#*'] } },
      },
    ]);
    expect(
      statementsOf(sweepId)
        .flatMap((s) => asList<string>(s.Action))
        .filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('logs:')),
    ).toEqual([]);
  });

  it("gets TABLE_NAME, the stage's limits, the deployed webhook URL policy and the webhook retry schedule, and its bundle runs a pass on the table with them", async () => {
    expect(resources[sweepId]!.Properties.Environment.Variables).toMatchObject({
      TABLE_NAME: { Ref: tableId() },
      CLIENT_REQUESTS_PER_SECOND: String(DEFAULT_LIMITS.requestsPerSecond),
      LIST_READ_UNITS_PER_REQUEST: String(DEFAULT_LIMITS.readUnitsPerRequest),
      WEBHOOK_URL_POLICY: 'deployed',
      WEBHOOK_RETRY_SCHEDULE_SECONDS: '10,60,300,1800,7200',
      WEBHOOK_ATTEMPT_TIMEOUT_MS: '10000',
    });
    // A scheduled event, as EventBridge sends it; the pass answers its summary.
    const result = await runBundle(
      sweepId,
      { AWS_ACCESS_KEY_ID: 'ASIALAMBDAROLE', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'session' },
      {
        'detail-type': 'Scheduled Event',
        source: 'aws.events',
        detail: {},
      },
    );
    expect(result).toEqual({ handled: expect.any(Number), failed: expect.any(Number), unknown: expect.any(Number), more: false });
  });
});

describe('HTTP API stage', () => {
  it('is the auto-deployed $default stage, throttled to 100 requests/s with bursts of 200', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
    });
  });

  it('logs each request as one JSON object to a log group kept for a month and deleted with the stack', () => {
    const [, stage] = ofType('AWS::ApiGatewayV2::Stage')[0]!;
    const { DestinationArn, Format } = stage.Properties.AccessLogSettings;
    expect(resources[refId(DestinationArn)]).toMatchObject({
      Type: 'AWS::Logs::LogGroup',
      Properties: { RetentionInDays: 30 },
      DeletionPolicy: 'Delete',
    });
    expect(JSON.parse(Format)).toMatchObject({
      requestId: '$context.requestId',
      ip: '$context.identity.sourceIp',
      requestTime: '$context.requestTime',
      httpMethod: '$context.httpMethod',
      routeKey: '$context.routeKey',
      status: '$context.status',
      protocol: '$context.protocol',
      responseLength: '$context.responseLength',
      integrationError: '$context.integrationErrorMessage',
    });
  });
});

describe('table', () => {
  it('has the keys and indexes of lib/db/table.ts', () => {
    const { partitionKey, sortKey, indexes } = tableDefinition;
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: indexes.map((i) => ({
        IndexName: i.name,
        KeySchema: [
          { AttributeName: i.partitionKey, KeyType: 'HASH' },
          { AttributeName: i.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: i.projection },
      })),
    });
  });

  it('expires items by the TTL attribute and streams new and old images', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
  });

  it('bills per request and keeps point-in-time recovery on', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  it('is deleted with the stack unless retain=true', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete', UpdateReplacePolicy: 'Delete' });
  });
});

describe('outputs', () => {
  it("gives ApiUrl as the API endpoint followed by /api/v1, the contract's {base_url}", () => {
    const [api] = ofType('AWS::ApiGatewayV2::Api')[0]!;
    template.hasOutput('ApiUrl', {
      Value: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [api, 'ApiEndpoint'] }, API_BASE_PATH]] },
    });
    expect(API_BASE_PATH).toBe('/api/v1');
  });

  it('gives TableName for the admin CLI', () => {
    template.hasOutput('TableName', { Value: { Ref: tableId() } });
  });
});

describe('tags', () => {
  const listTags = [
    { Key: 'project', Value: 'payment-sandbox' },
    { Key: 'stage', Value: 'spec' },
  ];

  it('tag the table, functions, roles and log groups with project and stage', () => {
    for (const type of ['AWS::DynamoDB::Table', 'AWS::Lambda::Function', 'AWS::IAM::Role', 'AWS::Logs::LogGroup']) {
      const found = ofType(type);
      expect(found.length, type).toBeGreaterThan(0);
      for (const [, resource] of found) {
        expect(resource.Properties.Tags, type).toEqual(expect.arrayContaining(listTags));
      }
    }
  });

  it('tag the HTTP API and its stage with project and stage', () => {
    const mapTags = { project: 'payment-sandbox', stage: 'spec' };
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { Tags: Match.objectLike(mapTags) });
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { Tags: Match.objectLike(mapTags) });
  });
});

describe('sandbox reset', () => {
  it('is a function of its own at POST /sandbox/reset that may Query and BatchWriteItem/DeleteItem on client partitions only', () => {
    const functionId = functionOfRoute(routeKeyOf(routes.resetSandbox));
    expect(routeKeyOf(routes.resetSandbox)).toBe('POST /api/v1/sandbox/reset');
    const statements = statementsOf(functionId).filter((s) => asList<string>(s.Action).some((a) => a.startsWith('dynamodb:')));
    const deletes = statements.filter((s) => asList<string>(s.Action).includes('dynamodb:BatchWriteItem'));
    expect(deletes).toHaveLength(1);
    expect(asList<string>(deletes[0]!.Action)).toContain('dynamodb:DeleteItem');
    expect(deletes[0]!.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['C#*'] } });
    expect(statements.flatMap((s) => asList<string>(s.Action))).toContain('dynamodb:Query');
    expect(statements.flatMap((s) => asList<string>(s.Action))).not.toContain('dynamodb:Scan');
  });
});

describe('the dashboard', () => {
  const dashboardId = () => functionOfRoute(routeKeyOf(routes.getDashboard));
  // What Lambda resolves the function's identity variables to (tokens in the template; test/infra/identity.test.ts asserts them).
  const identityEnv = { IDENTITY_ENDPOINT: 'https://cognito-idp.eu-west-1.amazonaws.com/', USER_POOL_CLIENT_ID: 'pool-client-of-the-stage' };
  const csp = dashboardCsp('https://cognito-idp.eu-west-1.amazonaws.com');
  const get = (path: string, route: (typeof routeList)[number], pathParameters?: Record<string, string>) =>
    invokeBundle(dashboardId(), identityEnv, {
      method: 'GET',
      url: new URL(`http://localhost${API_BASE_PATH}${path}`),
      headers: {},
      body: Buffer.alloc(0),
      requestId: randomUUID(),
      route,
      pathParameters,
    }) as Promise<{ statusCode: number; body: string; headers: Record<string, string> }>;

  it('is one function with no table: no TABLE_NAME, no DynamoDB action, no grant beyond its own log group', () => {
    const fn = resources[dashboardId()]!;
    expect(fn.Properties.Environment.Variables.TABLE_NAME).toBeUndefined();
    expect(fn.Properties.Environment.Variables.DASHBOARD_ASSETS_DIR).toBe('dashboard');
    expect(dynamoActionsOf(dashboardId())).toEqual([]);
    expect(
      statementsOf(dashboardId())
        .flatMap((s) => asList<string>(s.Action))
        .every((a) => a.startsWith('logs:')),
    ).toBe(true);
  });

  it('carries the built page inside its bundle: the page and the script and style sheet it names', () => {
    const dir = join(assetDirs.get(dashboardId())!, 'dashboard');
    // By extension: a plain sort would let the names' content hashes decide the order.
    const files = readdirSync(dir).sort((a, b) => extname(a).localeCompare(extname(b)));
    expect(files).toEqual([expect.stringMatching(/^app-\w+\.css$/), 'index.html', expect.stringMatching(/^app-\w+\.js$/)]);
    const page = readFileSync(join(dir, 'index.html'), 'utf8');
    for (const file of files.filter((f) => f !== 'index.html')) expect(page).toContain(`"dashboard/${file}"`);
  });

  it('answers the page (naming the identity service), its files and its errors with the strict Content-Security-Policy and nosniff', async () => {
    const page = await get('/dashboard', routes.getDashboard);
    expect(page.statusCode).toBe(200);
    expect(page.headers).toMatchObject({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
    });
    expect(page.body).toContain(
      '<meta name="sandbox-identity" content="{&quot;endpoint&quot;:&quot;https://cognito-idp.eu-west-1.amazonaws.com/&quot;,&quot;clientId&quot;:&quot;pool-client-of-the-stage&quot;}">',
    );
    const script = /src="dashboard\/([^"]+)"/.exec(page.body)![1]!;
    const asset = await get(`/dashboard/${script}`, routes.getDashboardAsset, { asset: script });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers).toMatchObject({
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Security-Policy': csp,
    });
    const missing = await get('/dashboard/nope.js', routes.getDashboardAsset, { asset: 'nope.js' });
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.body).error.code).toBe('NOT_FOUND');
    expect(missing.headers['Content-Security-Policy']).toBe(csp);
    expect(csp).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' https://cognito-idp.eu-west-1.amazonaws.com; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
  });
});
