import { declaredGrants, explainedGrant, grant, type DynamoAccess, type Grant } from '../lib/db/access';

/**
 * The grant check (test/grants): what each function is granted in the synthesized template, what
 * its declaration asks for (lib/routes.ts) and what the suites recorded it doing
 * (lib/db/call-recorder.ts) must agree. Pure, so a unit test can feed it a mutated declaration.
 */

/** A function as the check knows it: its name (route id, `sweep`, …) and its declaration. */
export interface DeclaredFunction {
  readonly name: string;
  readonly dynamodb: DynamoAccess;
}

export interface GrantCheckInput {
  readonly functions: readonly DeclaredFunction[];
  /** By function name: the DynamoDB permissions its role has in the template. */
  readonly granted: ReadonlyMap<string, ReadonlySet<Grant>>;
  /** By function name: the permissions its recorded calls needed. */
  readonly recorded: ReadonlyMap<string, ReadonlySet<Grant>>;
}

/** Every disagreement, one line each, naming the function and the permission; empty when all agree. */
export function checkGrants({ functions, granted, recorded }: GrantCheckInput): string[] {
  const problems: string[] = [];
  const names = new Set(functions.map((f) => f.name));
  for (const name of recorded.keys()) {
    if (!names.has(name)) problems.push(`${name}: made DynamoDB calls but is no declared function (lib/routes.ts)`);
  }
  for (const name of granted.keys()) {
    if (!names.has(name)) problems.push(`${name}: is granted DynamoDB actions but is no declared function (lib/routes.ts)`);
  }
  for (const { name, dynamodb } of functions) {
    const declared = declaredGrants(dynamodb);
    const has = granted.get(name) ?? new Set<Grant>();
    const used = recorded.get(name) ?? new Set<Grant>();
    const explained = new Set<Grant>();
    for (const [key, reason] of Object.entries(dynamodb.because ?? {})) {
      const explains = explainedGrant(dynamodb, key);
      if (!explains) problems.push(`${name}: its because explains ${key}, which it does not declare`);
      else if (!reason?.trim()) problems.push(`${name}: its because for ${key} gives no reason`);
      else explained.add(explains);
    }
    for (const [partition, shared] of Object.entries(dynamodb.sharedPartitions ?? {})) {
      if (!shared?.because.trim()) problems.push(`${name}: its sharedPartitions.${partition} gives no reason`);
      for (const action of shared?.actions ?? []) {
        if (!dynamodb.actions.includes(action)) problems.push(`${name}: its sharedPartitions.${partition} names ${action}, which it does not declare`);
      }
    }
    for (const g of used) {
      if (!declared.has(g)) problems.push(`${name}: ${g} is used but not declared`);
      if (!has.has(g)) problems.push(`${name}: ${g} is used but not granted in the template`);
    }
    for (const g of declared) {
      if (!has.has(g)) problems.push(`${name}: ${g} is declared but not granted in the template`);
      if (!used.has(g) && !explained.has(g)) problems.push(`${name}: ${g} is granted but never used by the suites, and its because does not say why`);
      if (used.has(g) && explained.has(g)) problems.push(`${name}: ${g} is explained as unused, but the suites use it`);
    }
    for (const g of has) {
      if (!declared.has(g)) problems.push(`${name}: ${g} is granted in the template but not declared`);
    }
  }
  return problems;
}

// biome-ignore lint/suspicious/noExplicitAny: a synthesized CloudFormation template is untyped JSON
type Json = Record<string, any>;

/** Every statement of the policies attached to the role of the function `functionId` in a synthesized template. */
export function roleStatements(template: Json, functionId: string): Json[] {
  const resources: Record<string, Json> = template.Resources;
  const role = resources[functionId]!.Properties.Role;
  const roleId: string = role.Ref ?? role['Fn::GetAtt'][0];
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: Json) => x.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Json[]);
}

/**
 * The DynamoDB permissions of each function in a synthesized template, by name: `functionIds`
 * maps each name to its AWS::Lambda::Function's logical id, `tableId` is the table's. A resource
 * that is not the table, one of its indexes, its stream or `*` is kept as its JSON, so it shows
 * as granted but not declared.
 */
export function grantsInTemplate(template: Json, functionIds: ReadonlyMap<string, string>, tableId: string): Map<string, Set<Grant>> {
  const result = new Map<string, Set<Grant>>();
  for (const [name, functionId] of functionIds) {
    const statements = roleStatements(template, functionId).filter((s) => s.Effect === 'Allow');
    const grants = new Set<Grant>();
    for (const statement of statements) {
      const actions = [statement.Action].flat().filter((a: string) => a.startsWith('dynamodb:'));
      for (const action of actions) {
        for (const resource of [statement.Resource].flat()) grants.add(grant(action.slice('dynamodb:'.length), resourceName(resource, tableId)));
      }
    }
    if (grants.size > 0) result.set(name, grants);
  }
  return result;
}

function resourceName(resource: Json | string, tableId: string): string {
  if (resource === '*') return '*';
  const attribute = typeof resource === 'object' ? resource['Fn::GetAtt'] : undefined;
  if (attribute?.[0] === tableId && attribute[1] === 'Arn') return 'table';
  if (attribute?.[0] === tableId && attribute[1] === 'StreamArn') return 'stream';
  const [separator, parts] = (typeof resource === 'object' ? resource['Fn::Join'] : undefined) ?? [];
  if (separator === '' && parts?.length === 2 && JSON.stringify(parts[0]) === JSON.stringify({ 'Fn::GetAtt': [tableId, 'Arn'] })) {
    const index = /^\/index\/([^/*]+)$/.exec(String(parts[1]))?.[1];
    if (index) return `index/${index}`;
  }
  return JSON.stringify(resource);
}

/** Each function's recorded permissions, by name. */
export function recordedGrants(calls: readonly { fn: string; grant?: Grant }[]): Map<string, Set<Grant>> {
  const result = new Map<string, Set<Grant>>();
  for (const { fn, grant } of calls) {
    if (grant === undefined) continue; // a line with an IAM request instead
    if (!result.has(fn)) result.set(fn, new Set());
    result.get(fn)!.add(grant);
  }
  return result;
}
