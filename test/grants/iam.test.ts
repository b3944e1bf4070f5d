import type { CfnElement } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, cdkJsonContext } from '../../infra/app';
import type { IamRequest } from '../../lib/db/access';
import { readRecordedCalls } from '../../lib/db/call-recorder';
import { callsDir } from '../support/dynamodb-calls';
import { dynamoPolicies, evaluate, type FunctionRequest } from '../support/iam-evaluation';

// Run by `npm test` after every other suite, beside the grant check: each function's synthesized
// identity policy evaluated, as IAM would, against the requests the suites recorded it making
// (test/support/iam-evaluation.ts). Any `C#…` partition matches `C#*`: IAM keeps the functions to
// client partitions, and the code keeps each client to its own.

type Json = any;
let template: Json;
let functionIds: Map<string, string>;
let tableId: string;
let recorded: FunctionRequest[];

beforeAll(() => {
  recorded = readRecordedCalls(callsDir()).flatMap((call) => (call.request ? [{ fn: call.fn, request: call.request }] : []));
  const { app, stack } = buildApp({ stage: 'grants', context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] } });
  template = app.synth().getStackByName(stack.stackName).template;
  const logicalId = (element: unknown) => stack.getLogicalId(element as CfnElement);
  functionIds = new Map([...stack.functions].map(([name, fn]) => [name, logicalId(fn.function.node.defaultChild)]));
  tableId = logicalId(stack.table.node.defaultChild);
}, 60_000);

/** A copy of the template whose statements of `fn` that allow `action` are changed by `change`. */
function mutated(fn: string, action: string, change: (statement: Json) => void): Json {
  const copy = structuredClone(template);
  const role = copy.Resources[functionIds.get(fn)!].Properties.Role;
  const roleId: string = role.Ref ?? role['Fn::GetAtt'][0];
  let changed = 0;
  for (const resource of Object.values<Json>(copy.Resources)) {
    if (resource.Type !== 'AWS::IAM::Policy' || !resource.Properties.Roles.some((r: Json) => r.Ref === roleId)) continue;
    for (const statement of resource.Properties.PolicyDocument.Statement) {
      if ([statement.Action].flat().includes(`dynamodb:${action}`)) {
        change(statement);
        changed++;
      }
    }
  }
  if (changed === 0) throw new Error(`${fn} has no statement allowing dynamodb:${action}`);
  return copy;
}

const counterCall: FunctionRequest = {
  fn: 'listChannels',
  request: { action: 'UpdateItem', resource: 'table', leadingKeys: ['C#cli_•'], attributes: ['count', 'pk', 'sk', 'ttl'] },
};
const createCall: FunctionRequest = {
  fn: 'createPayment',
  request: { action: 'PutItem', resource: 'table', leadingKeys: ['C#cli_•'], attributes: ['entity', 'id', 'pk', 'sk', 'status'] },
};

describe('the functions IAM policies, evaluated against the recorded requests', () => {
  it('come from a recording of the whole run, with each request context', () => {
    const functions = new Set(recorded.map((r) => r.fn));
    for (const name of ['createPayment', 'listTransactions', 'resetSandbox', 'sweep', 'dispatchEvents']) expect(functions, name).toContain(name);
    expect(recorded.some((r) => r.request.leadingKeys?.includes('KEYHASH#•'))).toBe(true);
  });

  it('allow every request the suites recorded, and deny each recorded write aimed at a partition that is no client\'s', async () => {
    expect(await evaluate(dynamoPolicies(template, functionIds, tableId), recorded)).toEqual([]);
  }, 120_000);

  it('fail, naming function, action and context, when a condition is tightened by one key (the counter may no longer name ttl)', async () => {
    const tightened = mutated('listChannels', 'UpdateItem', (s) => {
      s.Condition['ForAllValues:StringEquals']['dynamodb:Attributes'] = s.Condition['ForAllValues:StringEquals']['dynamodb:Attributes'].filter((a: string) => a !== 'ttl');
    });
    const problems = await evaluate(dynamoPolicies(tightened, functionIds, tableId), [counterCall]);
    expect(problems).toEqual([expect.stringMatching(/^listChannels: dynamodb:UpdateItem on table with .*"dynamodb:Attributes":\["count","pk","sk","ttl"\].* would be ImplicitlyDenied$/)]);
  });

  it('fail when a condition is loosened by one key (a writer without its dynamodb:LeadingKeys condition)', async () => {
    const loosened = mutated('createPayment', 'PutItem', (s) => {
      delete s.Condition['ForAllValues:StringLike'];
      if (Object.keys(s.Condition).length === 0) delete s.Condition;
    });
    const problems = await evaluate(dynamoPolicies(loosened, functionIds, tableId), [createCall]);
    expect(problems).toEqual([expect.stringMatching(/^createPayment: dynamodb:PutItem on table with .* would be Allowed on the partition CLIENTS, which is no client's$/)]);
  });

  it('fail when a recorded request would be denied (a read route deleting an item)', async () => {
    const deleting: FunctionRequest = { fn: 'listChannels', request: { action: 'DeleteItem', resource: 'table', leadingKeys: ['C#cli_•'] } satisfies IamRequest };
    const problems = await evaluate(dynamoPolicies(template, functionIds, tableId), [counterCall, deleting]);
    expect(problems).toEqual(['listChannels: dynamodb:DeleteItem on table with {"dynamodb:LeadingKeys":["C#cli_•"]} would be ImplicitlyDenied']);
  });
});
