import { runSimulation } from '@cloud-copilot/iam-simulate';
import { READ_ACTIONS, type IamRequest, type TableAction } from '../../lib/db/access';
import { roleStatements } from '../../infra/grants';
import { CLIENT_PARTITION_PREFIX } from '../../lib/db/keys';

/**
 * Evaluates the functions' synthesized identity policies, as IAM would, against the DynamoDB
 * requests the suites recorded them making (lib/db/access.ts, IamRequest), with
 * `@cloud-copilot/iam-simulate`: every recorded request must be allowed; every recorded write to a
 * client partition, aimed instead at a partition that is no client's, must be denied. What IAM
 * cannot tell apart is said where it is tested: any `C#…` partition matches `C#*`, so keeping one
 * client from another's partition is the code's work, not IAM's.
 */

type Json = any;

const ACCOUNT = '123456789012';
const REGION = 'us-east-1';
const TABLE_ARN = `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/PaymentSandbox-grants-Table`;
const STREAM_ARN = `${TABLE_ARN}/stream/2026-11-25T00:00:00.000`;

/** A partition no client owns (the client registry's), where no function may write. */
export const NON_CLIENT_PARTITION = 'CLIENTS';

/** A recorded request of one function. */
export interface FunctionRequest {
  readonly fn: string;
  readonly request: IamRequest;
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

/** IAM's decision on one request of a function with this policy: Allowed, ExplicitlyDenied or ImplicitlyDenied. */
export async function decide(policy: Json, request: IamRequest): Promise<string> {
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
  return result.overallResult;
}

const describe = ({ fn, request }: FunctionRequest) =>
  `${fn}: dynamodb:${request.action} on ${request.resource} with ${JSON.stringify(contextOf(request))}`;

/** A write (not a read IAM grants on any partition) whose every partition is a client's. */
const isClientWrite = (request: IamRequest) =>
  !READ_ACTIONS.has(request.action as TableAction) &&
  request.resource === 'table' &&
  (request.leadingKeys?.length ?? 0) > 0 &&
  request.leadingKeys!.every((key) => key.startsWith(CLIENT_PARTITION_PREFIX));

/**
 * What IAM would decide against what the functions need, one line per problem naming the function,
 * the action and the context: a recorded request that would be denied, and a recorded write to a
 * client partition that would still be allowed aimed at a partition that is no client's.
 */
export async function evaluate(policies: ReadonlyMap<string, Json>, requests: readonly FunctionRequest[]): Promise<string[]> {
  const problems: string[] = [];
  for (const entry of requests) {
    const policy = policies.get(entry.fn);
    if (!policy) {
      problems.push(`${describe(entry)}: the function has no DynamoDB policy`);
      continue;
    }
    const decision = await decide(policy, entry.request);
    if (decision !== 'Allowed') problems.push(`${describe(entry)} would be ${decision}`);
    if (isClientWrite(entry.request)) {
      const reaimed = { ...entry.request, leadingKeys: [NON_CLIENT_PARTITION] };
      const elsewhere = await decide(policy, reaimed);
      if (elsewhere === 'Allowed') problems.push(`${describe(entry)} would be Allowed on the partition ${NON_CLIENT_PARTITION}, which is no client's`);
    }
  }
  return problems;
}
