import { runSimulation } from '@cloud-copilot/iam-simulate';
import type { CfnElement } from 'aws-cdk-lib';
import { cdkJsonContext } from '../../infra/app';
import { buildApp } from '../../infra/sandbox-app';
import { roleStatements } from '../../infra/grants';
import { READ_ACTIONS, type DynamoAccess, type IamRequest, type TableAction } from '../../lib/db/access';
import { CLIENT_PARTITION_PREFIX, SHARED_PARTITIONS, type SharedPartition } from '../../lib/db/keys';
import { functionList, type RouteCredential, type TableAccess } from '../../lib/routes';
import { COUNTER_ATTRIBUTE } from '../../lib/auth/request-counter';
import { LAST_USED_ATTRIBUTE } from '../../lib/auth/key-use';
import { tableDefinition } from '../../lib/db/table';
import { withoutBuiltinValidation } from './cdk';

/**
 * Evaluates the functions' synthesized identity policies, as IAM would, against the DynamoDB
 * requests the suites recorded them making (lib/db/access.ts, IamRequest), with
 * `@cloud-copilot/iam-simulate`. Every recorded request must be allowed, with every context key it
 * carries read by the evaluator. Every recorded request on a client partition is then re-aimed:
 * at each shared partition (lib/db/keys.ts, SHARED_PARTITIONS) it must be allowed exactly when the
 * function's declaration names that partition for the action, and denied otherwise; at a partition
 * that is neither a client's nor a shared one, denied. A `read` route's one write (its request
 * counter) must also be denied naming any further attribute, or asking for anything back.
 *
 * What IAM cannot tell apart is not claimed: any `C#…` partition matches `C#*`, so the same request
 * aimed at another client's partition is allowed (ANOTHER_CLIENT_PARTITION; test/grants says so in
 * a test of its own). Keeping one client out of another's partition is the code's work, proven by the
 * suites' cross-client tests, not IAM's.
 */

type Json = any;

const ACCOUNT = '123456789012';
const REGION = 'us-east-1';
const TABLE_ARN = `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/PaymentSandbox-grants-Table`;
const STREAM_ARN = `${TABLE_ARN}/stream/2026-11-25T00:00:00.000`;

/** One partition of each shared kind, folded as the recording folds ids and hashes. */
export const SHARED_PARTITION_SAMPLES = Object.fromEntries(
  Object.entries(SHARED_PARTITIONS).map(([name, pattern]) => [name, pattern.replace('*', '•')]),
) as Record<SharedPartition, string>;

/** A partition that is neither a client's nor a shared one: no function may reach it. */
export const UNNAMED_PARTITION = 'OTHER#•';

/** Another client's partition: IAM cannot tell it from the caller's own. */
export const ANOTHER_CLIENT_PARTITION = `${CLIENT_PARTITION_PREFIX}cli_another•`;

/** What the writes a `read` route's counter could ask back, each of which its grant must refuse. */
const RETURN_VALUES = ['ALL_OLD', 'ALL_NEW', 'UPDATED_OLD', 'UPDATED_NEW'];

/** What admission's writes on a read route name: the counter's count and TTL, and a key's sampled last use. */
const BOOKKEEPING_ATTRIBUTES = [COUNTER_ATTRIBUTE, tableDefinition.timeToLiveAttribute, LAST_USED_ATTRIBUTE];

/** An attribute no function names: a counter write naming it must be refused. */
const UNNAMED_ATTRIBUTE = 'undeclared';

/** A recorded request of one function. */
export interface FunctionRequest {
  readonly fn: string;
  readonly request: IamRequest;
}

/** A function as the evaluation knows it: its name, its declaration, and a route's table access. */
export interface EvaluatedFunction {
  readonly name: string;
  readonly dynamodb: DynamoAccess;
  /** A route's (lib/routes.ts); absent for a background function. */
  readonly table?: TableAccess;
  /** Whether a server key may take the route: its admission then also writes the key's sampled last use. */
  readonly admitsKeys?: boolean;
}

/** Every declared function (lib/routes.ts), with its route's table access. */
export const declaredFunctions: readonly EvaluatedFunction[] = functionList.map((f) => ({
  name: f.id,
  dynamodb: f.dynamodb,
  ...('table' in f && { table: f.table as TableAccess }),
  ...('credential' in f && { admitsKeys: (f.credential as RouteCredential).kind === 'key' }),
}));

/** The stack's template, synthesized without bundling or CDK's own validation (only the roles' policies matter), and the logical ids the evaluation needs. */
export function grantsTemplate(): { template: Json; functionIds: Map<string, string>; tableId: string } {
  const { app, stack } = buildApp({ stage: 'grants', context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] } });
  const template = withoutBuiltinValidation(() => app.synth().getStackByName(stack.stackName).template);
  const logicalId = (element: unknown) => stack.getLogicalId(element as CfnElement);
  const functionIds = new Map([...stack.functions].map(([name, fn]) => [name, logicalId(fn.function.node.defaultChild)]));
  return { template, functionIds, tableId: logicalId(stack.table.node.defaultChild) };
}

/** A template value with the table's ARNs and the pseudo parameters resolved. */
function resolved(value: Json, tableId: string): Json {
  if (Array.isArray(value)) return value.map((v) => resolved(v, tableId));
  if (value && typeof value === 'object') {
    if ('Fn::GetAtt' in value) {
      const [id, attribute] = value['Fn::GetAtt'] as [string, string];
      if (id === tableId) return attribute === 'StreamArn' ? STREAM_ARN : TABLE_ARN;
      return `arn:aws:unresolved:${REGION}:${ACCOUNT}:${id}/${attribute}`;
    }
    if ('Ref' in value) {
      const known: Record<string, string> = { 'AWS::Partition': 'aws', 'AWS::AccountId': ACCOUNT, 'AWS::Region': REGION, 'AWS::URLSuffix': 'amazonaws.com' };
      return known[value.Ref] ?? `arn:aws:unresolved:${REGION}:${ACCOUNT}:${value.Ref}`;
    }
    if ('Fn::Join' in value) {
      const [separator, parts] = value['Fn::Join'] as [string, Json[]];
      return parts.map((p) => resolved(p, tableId)).join(separator);
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolved(v, tableId)]));
  }
  return value;
}

/** The DynamoDB statements of each function's role, resolved: its identity policy as IAM reads it. */
export function dynamoPolicies(template: Json, functionIds: ReadonlyMap<string, string>, tableId: string): Map<string, Json> {
  const policies = new Map<string, Json>();
  for (const [name, functionId] of functionIds) {
    const statements = roleStatements(template, functionId)
      .map((s) => ({ ...s, Action: [s.Action].flat().filter((a: string) => a.startsWith('dynamodb:')) }))
      .filter((s) => s.Action.length > 0)
      .map((s) => resolved(s, tableId));
    policies.set(name, { Version: '2012-10-17', Statement: statements });
  }
  return policies;
}

const resourceArn = (resource: string): string =>
  resource === 'table' ? TABLE_ARN : resource === 'stream' ? STREAM_ARN : resource === '*' ? '*' : `${TABLE_ARN}/${resource}`;

/** The request context IAM's DynamoDB condition keys read, as a recorded request gives it. */
export function contextOf(request: IamRequest): Record<string, string | string[]> {
  return {
    ...(request.leadingKeys && { 'dynamodb:LeadingKeys': [...request.leadingKeys] }),
    ...(request.attributes && { 'dynamodb:Attributes': [...request.attributes] }),
    ...(request.returnValues && { 'dynamodb:ReturnValues': request.returnValues }),
    ...(request.select && { 'dynamodb:Select': request.select }),
  };
}

/** IAM's decision on one request, and the context keys the evaluator dropped as not IAM's for the action. */
export interface Decision {
  /** Allowed, ExplicitlyDenied or ImplicitlyDenied. */
  readonly result: string;
  readonly ignoredContextKeys: readonly string[];
}

/** IAM's decision on one request of a function with this policy. */
export async function decide(policy: Json, request: IamRequest): Promise<Decision> {
  const result = await runSimulation(
    {
      identityPolicies: [{ name: 'function', policy }],
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      request: {
        action: `dynamodb:${request.action}`,
        principal: `arn:aws:iam::${ACCOUNT}:role/function`,
        resource: { accountId: ACCOUNT, resource: resourceArn(request.resource) },
        contextVariables: contextOf(request),
      },
    },
    {},
  );
  if (result.resultType === 'error') throw new Error(`iam-simulate refused ${JSON.stringify(request)}: ${JSON.stringify(result.errors)}`);
  const ignored = result.resultType === 'single' ? result.result.ignoredContextKeys : result.results.flatMap((r) => r.ignoredContextKeys ?? []);
  return { result: result.overallResult, ignoredContextKeys: [...new Set(ignored ?? [])] };
}

/** The same request aimed at `partition` instead (every partition it names replaced). */
export const reaimed = (request: IamRequest, partition: string): IamRequest => ({ ...request, leadingKeys: [partition] });

const described = (fn: string, request: IamRequest) => `${fn}: dynamodb:${request.action} on ${request.resource} with ${JSON.stringify(contextOf(request))}`;

const isClientPartition = (key: string) => key.startsWith(CLIENT_PARTITION_PREFIX);

/** A request on the table's items whose every partition is a client's: the ones re-aimed. */
const onClientPartitions = (request: IamRequest) =>
  request.resource === 'table' && (request.leadingKeys?.length ?? 0) > 0 && request.leadingKeys!.every(isClientPartition);

/**
 * What IAM would decide against what the declarations say, one line per problem naming the
 * function, the action and the context (see the top of this file for what is checked).
 */
export async function evaluate(
  policies: ReadonlyMap<string, Json>,
  functions: readonly EvaluatedFunction[],
  requests: readonly FunctionRequest[],
): Promise<string[]> {
  const problems: string[] = [];
  const byName = new Map(functions.map((f) => [f.name, f]));
  const seenAttributes = [...new Set(requests.flatMap((r) => r.request.attributes ?? [])), UNNAMED_ATTRIBUTE].sort();
  const decisions = new Map<string, Promise<Decision>>();
  const decision = (fn: string, request: IamRequest) => {
    const key = JSON.stringify([fn, request]);
    if (!decisions.has(key)) decisions.set(key, decide(policies.get(fn), request));
    return decisions.get(key)!;
  };
  const allowed = async (fn: string, request: IamRequest) => (await decision(fn, request)).result === 'Allowed';

  for (const { fn, request } of requests) {
    const declared = byName.get(fn);
    if (!declared) {
      problems.push(`${described(fn, request)}: no declared function (lib/routes.ts) has this name`);
      continue;
    }
    if (!policies.has(fn)) {
      problems.push(`${described(fn, request)}: the function has no DynamoDB policy`);
      continue;
    }
    const recorded = await decision(fn, request);
    if (recorded.result !== 'Allowed') problems.push(`${described(fn, request)} would be ${recorded.result}`);
    if (recorded.ignoredContextKeys.length > 0) {
      problems.push(
        `${described(fn, request)}: IAM does not send ${recorded.ignoredContextKeys.join(', ')} with this action, yet the recording gives it (lib/db/access.ts)`,
      );
    }
    if (!onClientPartitions(request)) continue;

    for (const [name, sample] of Object.entries(SHARED_PARTITION_SAMPLES) as [SharedPartition, string][]) {
      const mayReach = declared.dynamodb.sharedPartitions?.[name]?.actions.includes(request.action as TableAction) ?? false;
      const reaches = await allowed(fn, reaimed(request, sample));
      if (reaches && !mayReach) {
        problems.push(
          `${described(fn, request)} would be Allowed on ${sample}, the ${name} partition, which its declaration does not name for ${request.action}`,
        );
      }
      if (!reaches && mayReach) {
        problems.push(`${described(fn, request)} would be denied on ${sample}, the ${name} partition, which its declaration names for ${request.action}`);
      }
    }
    if (await allowed(fn, reaimed(request, UNNAMED_PARTITION))) {
      problems.push(`${described(fn, request)} would be Allowed on ${UNNAMED_PARTITION}, which is neither a client's partition nor a shared one`);
    }

    // A read route's one write is its request counter: nothing more of the item, nothing back.
    if (declared.table === 'read' && !READ_ACTIONS.has(request.action as TableAction)) {
      // Beyond what its own recorded writes of this action name (the counter's increment names its
      // TTL, its take-back does not): every other attribute any function was seen to name.
      const own = new Set(requests.filter((r) => r.fn === fn && r.request.action === request.action).flatMap((r) => r.request.attributes ?? []));
      // Admission's other bookkeeping write, a key's sampled last use (lib/auth/key-use.ts), shares the counter's
      // grant: a route a key may take is granted it whether or not the suites happened to catch the sample.
      if (declared.admitsKeys) for (const attribute of BOOKKEEPING_ATTRIBUTES) own.add(attribute);
      for (const attribute of seenAttributes.filter((a) => !own.has(a))) {
        const wider = { ...request, attributes: [...(request.attributes ?? []), attribute].sort() };
        if (await allowed(fn, wider))
          problems.push(`${described(fn, request)} would be Allowed naming ${attribute} too, though a read route writes only its request counter's attributes`);
      }
      for (const returnValues of RETURN_VALUES) {
        if (await allowed(fn, { ...request, returnValues })) {
          problems.push(`${described(fn, request)} would be Allowed with dynamodb:ReturnValues ${returnValues}, though a read route's counter returns nothing`);
        }
      }
    }
  }
  return problems;
}
