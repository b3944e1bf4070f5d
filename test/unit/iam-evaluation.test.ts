import { beforeAll, describe, expect, it } from 'vitest';
import { iamRequestsOfCall } from '../../lib/db/access';
import { declaredFunctions, dynamoPolicies, evaluate, grantsTemplate, type EvaluatedFunction, type FunctionRequest } from '../support/iam-evaluation';

// The IAM evaluation that test/grants/iam.test.ts runs on the suites' recording, here on a small
// fixed recording and on mutated copies of the synthesized template: it must fail, naming the
// function, the action and the context, when a condition is loosened or tightened by one key and
// when a recorded request would be denied. Runs without the suites (the stack is synthesized, not
// bundled).

type Json = any;
let template: Json;
let functionIds: Map<string, string>;
let tableId: string;

beforeAll(() => {
  ({ template, functionIds, tableId } = grantsTemplate());
}, 60_000);

const C = 'C#cli_•';
/** What a few functions were seen doing, as the recorder writes it (ids and hashes folded). */
const recording: FunctionRequest[] = [
  { fn: 'listChannels', request: { action: 'GetItem', resource: 'table', leadingKeys: ['KEYHASH#•'] } },
  { fn: 'listChannels', request: { action: 'GetItem', resource: 'table', leadingKeys: [C] } },
  {
    fn: 'listChannels',
    request: { action: 'UpdateItem', resource: 'table', leadingKeys: [C], attributes: ['count', 'pk', 'sk', 'ttl'], returnValues: 'NONE' },
  },
  { fn: 'listChannels', request: { action: 'UpdateItem', resource: 'table', leadingKeys: [C], attributes: ['count', 'pk', 'sk'] } },
  { fn: 'createPayment', request: { action: 'GetItem', resource: 'table', leadingKeys: ['KEYHASH#•'] } },
  { fn: 'createPayment', request: { action: 'PutItem', resource: 'table', leadingKeys: [C], attributes: ['amount', 'entity', 'pk', 'sk', 'status'] } },
  { fn: 'sweep', request: { action: 'Query', resource: 'index/due', leadingKeys: ['DUE'] } },
  { fn: 'sweep', request: { action: 'UpdateItem', resource: 'table', leadingKeys: [C], attributes: ['due_pk', 'due_sk', 'pk', 'sk', 'status'] } },
  { fn: 'resetSandbox', request: { action: 'BatchWriteItem', resource: 'table', leadingKeys: [C] } },
  { fn: 'resetSandbox', request: { action: 'DeleteItem', resource: 'table', leadingKeys: [C] } },
];

const _counter = recording[2]!;
const creation = recording[5]!;

/** A copy of the template whose statements of `fn` allowing `action` on the table are changed by `change`. */
function mutated(fn: string, action: string, change: (condition: Json) => void): Json {
  const copy = structuredClone(template);
  const role = copy.Resources[functionIds.get(fn)!].Properties.Role;
  const roleId: string = role.Ref ?? role['Fn::GetAtt'][0];
  let changed = 0;
  for (const resource of Object.values<Json>(copy.Resources)) {
    if (resource.Type !== 'AWS::IAM::Policy' || !resource.Properties.Roles.some((r: Json) => r.Ref === roleId)) continue;
    for (const statement of resource.Properties.PolicyDocument.Statement) {
      if ([statement.Action].flat().includes(`dynamodb:${action}`) && statement.Condition) {
        change(statement.Condition);
        changed++;
      }
    }
  }
  if (changed === 0) throw new Error(`${fn} has no conditioned statement allowing dynamodb:${action}`);
  return copy;
}

const evaluated = (changed: Json = template, requests = recording, functions: readonly EvaluatedFunction[] = declaredFunctions) =>
  evaluate(dynamoPolicies(changed, functionIds, tableId), functions, requests);

const leadingKeysOf = (condition: Json): string[] => condition['ForAllValues:StringLike']['dynamodb:LeadingKeys'];

describe('the IAM evaluation of the synthesized policies', () => {
  it('finds nothing in the stack as it is: every request allowed, none reaching a partition its declaration does not name', async () => {
    expect(await evaluated()).toEqual([]);
  });

  it('fails when a recorded request would be denied (a read route deleting an item)', async () => {
    const deleting: FunctionRequest = { fn: 'listChannels', request: { action: 'DeleteItem', resource: 'table', leadingKeys: [C] } };
    expect(await evaluated(template, [...recording, deleting])).toEqual([
      'listChannels: dynamodb:DeleteItem on table with {"dynamodb:LeadingKeys":["C#cli_•"]} would be ImplicitlyDenied',
    ]);
  });

  describe('fails, naming function, action and context, when a condition is tightened by one key', () => {
    it("the key-hash partition taken from a route's GetItem: admission's read is denied", async () => {
      const tightened = mutated('listChannels', 'GetItem', (c) => {
        c['ForAllValues:StringLike']['dynamodb:LeadingKeys'] = leadingKeysOf(c).filter((p) => p !== 'KEYHASH#*');
      });
      expect(await evaluated(tightened)).toEqual([
        'listChannels: dynamodb:GetItem on table with {"dynamodb:LeadingKeys":["KEYHASH#•"]} would be ImplicitlyDenied',
        'listChannels: dynamodb:GetItem on table with {"dynamodb:LeadingKeys":["C#cli_•"]} would be denied on KEYHASH#•, the keyHashes partition, which its declaration names for GetItem',
      ]);
    });

    it("ttl taken from the counter's attributes: the counter's increment is denied", async () => {
      const tightened = mutated('listChannels', 'UpdateItem', (c) => {
        c['ForAllValues:StringEquals']['dynamodb:Attributes'] = c['ForAllValues:StringEquals']['dynamodb:Attributes'].filter((a: string) => a !== 'ttl');
      });
      expect(await evaluated(tightened)).toEqual([
        'listChannels: dynamodb:UpdateItem on table with {"dynamodb:LeadingKeys":["C#cli_•"],"dynamodb:Attributes":["count","pk","sk","ttl"],"dynamodb:ReturnValues":"NONE"} would be ImplicitlyDenied',
      ]);
    });
  });

  describe('fails, naming function, action and context, when a condition is loosened by one key', () => {
    it("the client registry added to a writer's partitions", async () => {
      const loosened = mutated('createPayment', 'PutItem', (c) => {
        c['ForAllValues:StringLike']['dynamodb:LeadingKeys'] = [...leadingKeysOf(c), 'CLIENTS'];
      });
      expect(await evaluated(loosened)).toEqual([
        'createPayment: dynamodb:PutItem on table with {"dynamodb:LeadingKeys":["C#cli_•"],"dynamodb:Attributes":["amount","entity","pk","sk","status"]} would be Allowed on CLIENTS, the clientRegistry partition, which its declaration does not name for PutItem',
      ]);
    });

    it("a background function's partitions widened to any (C#* becomes *)", async () => {
      const loosened = mutated('sweep', 'UpdateItem', (c) => {
        c['ForAllValues:StringLike']['dynamodb:LeadingKeys'] = leadingKeysOf(c).map((p) => (p === 'C#*' ? '*' : p));
      });
      const context = '{"dynamodb:LeadingKeys":["C#cli_•"],"dynamodb:Attributes":["due_pk","due_sk","pk","sk","status"]}';
      expect(await evaluated(loosened)).toEqual([
        `sweep: dynamodb:UpdateItem on table with ${context} would be Allowed on KEYHASH#•, the keyHashes partition, which its declaration does not name for UpdateItem`,
        `sweep: dynamodb:UpdateItem on table with ${context} would be Allowed on CLIENTS, the clientRegistry partition, which its declaration does not name for UpdateItem`,
        `sweep: dynamodb:UpdateItem on table with ${context} would be Allowed on USER#•, the userClients partition, which its declaration does not name for UpdateItem`,
        `sweep: dynamodb:UpdateItem on table with ${context} would be Allowed on OTHER#•, which is neither a client's partition nor a shared one`,
      ]);
    });

    it("status added to the counter's attributes", async () => {
      const loosened = mutated('listChannels', 'UpdateItem', (c) => {
        c['ForAllValues:StringEquals']['dynamodb:Attributes'] = [...c['ForAllValues:StringEquals']['dynamodb:Attributes'], 'status'];
      });
      const problems = await evaluated(loosened);
      expect(problems).toHaveLength(2); // the increment and the take-back
      for (const problem of problems) {
        expect(problem).toMatch(
          /^listChannels: dynamodb:UpdateItem on table with \{.*"dynamodb:Attributes":\["count","pk","sk".*\} would be Allowed naming status too, though a read route writes only its request counter's attributes$/,
        );
      }
    });

    it('ALL_NEW added to what the counter may return', async () => {
      const loosened = mutated('listChannels', 'UpdateItem', (c) => {
        c.StringEqualsIfExists['dynamodb:ReturnValues'] = [...c.StringEqualsIfExists['dynamodb:ReturnValues'], 'ALL_NEW'];
      });
      const problems = await evaluated(loosened);
      expect(problems).toHaveLength(2);
      for (const problem of problems)
        expect(problem).toMatch(
          /^listChannels: dynamodb:UpdateItem on table with .* would be Allowed with dynamodb:ReturnValues ALL_NEW, though a read route's counter returns nothing$/,
        );
    });

    it('the LeadingKeys condition taken off a writer altogether', async () => {
      const loosened = mutated('createPayment', 'PutItem', (c) => {
        delete c['ForAllValues:StringLike'];
      });
      expect(await evaluated(loosened, [creation])).toEqual([
        expect.stringMatching(
          /^createPayment: dynamodb:PutItem on table with .* would be Allowed on KEYHASH#•, the keyHashes partition, which its declaration does not name for PutItem$/,
        ),
        expect.stringMatching(/would be Allowed on CLIENTS, the clientRegistry partition/),
        expect.stringMatching(/would be Allowed on USER#•, the userClients partition/),
        expect.stringMatching(/would be Allowed on OTHER#•, which is neither a client's partition nor a shared one$/),
      ]);
    });
  });

  it('holds the declarations and the policy to each other: a shared partition declared but not granted is reported', async () => {
    const functions = declaredFunctions.map((f) =>
      f.name === 'sweep'
        ? { ...f, dynamodb: { ...f.dynamodb, sharedPartitions: { clientRegistry: { actions: ['UpdateItem'], because: 'for this test' } } } }
        : f,
    ) as EvaluatedFunction[];
    expect(await evaluated(template, [recording[7]!], functions)).toEqual([
      expect.stringMatching(
        /^sweep: dynamodb:UpdateItem on table with .* would be denied on CLIENTS, the clientRegistry partition, which its declaration names for UpdateItem$/,
      ),
    ]);
  });

  it("refuses a recorded context key IAM does not send with the action (the recorder's model would be wrong)", async () => {
    const selecting: FunctionRequest = { fn: 'createPayment', request: { ...creation.request, select: 'ALL_ATTRIBUTES' } };
    expect(await evaluated(template, [selecting])).toEqual([
      expect.stringMatching(
        /^createPayment: dynamodb:PutItem on table with .*"dynamodb:Select":"ALL_ATTRIBUTES"\}: IAM does not send dynamodb:Select with this action, yet the recording gives it/,
      ),
    ]);
  });

  it('evaluates what the recorder makes of real calls: a transaction item by item, a batch as a whole and by item', async () => {
    const requests = [
      ...iamRequestsOfCall('TransactWriteItems', {
        TransactItems: [
          { Put: { TableName: 't', Item: { pk: 'C#cli_01JZ8Q4Y3V9W2X5N6M7P8R0S1T', sk: 'TXN#x', status: 'pending' } } },
          {
            Update: {
              TableName: 't',
              Key: { pk: 'C#cli_01JZ8Q4Y3V9W2X5N6M7P8R0S1T', sk: 'CLIENT' },
              UpdateExpression: 'SET #n = :n',
              ExpressionAttributeNames: { '#n': 'clock' },
            },
          },
        ],
      }),
      ...iamRequestsOfCall('BatchWriteItem', { RequestItems: { t: [{ DeleteRequest: { Key: { pk: 'C#cli_01JZ8Q4Y3V9W2X5N6M7P8R0S1T', sk: 'TXN#x' } } }] } }),
    ];
    expect(requests.map((r) => [r.action, r.leadingKeys, r.attributes])).toEqual([
      ['PutItem', ['C#cli_•'], ['pk', 'sk', 'status']],
      ['UpdateItem', ['C#cli_•'], ['clock', 'pk', 'sk']],
      ['BatchWriteItem', ['C#cli_•'], undefined],
      ['DeleteItem', ['C#cli_•'], undefined],
    ]);
    expect(
      await evaluated(
        template,
        requests.map((request) => ({ fn: 'resetSandbox', request })),
      ),
    ).toEqual([]);
    // A request counter's increment, its condition's names counted with the update's.
    const [increment] = iamRequestsOfCall('UpdateItem', {
      Key: { pk: 'C#cli_01JZ8Q4Y3V9W2X5N6M7P8R0S1T', sk: 'RATE#1764045000' },
      UpdateExpression: 'ADD #count :one SET #ttl = :ttl',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
      ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
    });
    expect(increment).toEqual({ action: 'UpdateItem', resource: 'table', leadingKeys: ['C#cli_•'], attributes: ['count', 'pk', 'sk', 'ttl'] });
    expect(await evaluated(template, [{ fn: 'getEvent', request: increment! }])).toEqual([]);
    expect(
      await evaluated(
        template,
        requests.map((request) => ({ fn: 'listEvents', request })),
      ),
    ).toEqual([
      expect.stringMatching(/^listEvents: dynamodb:PutItem .* would be ImplicitlyDenied$/),
      expect.stringMatching(/^listEvents: dynamodb:UpdateItem .*"dynamodb:Attributes":\["clock","pk","sk"\]\} would be ImplicitlyDenied$/),
      expect.stringMatching(/^listEvents: dynamodb:BatchWriteItem .* would be ImplicitlyDenied$/),
      expect.stringMatching(/^listEvents: dynamodb:DeleteItem .* would be ImplicitlyDenied$/),
    ]);
  });
});
