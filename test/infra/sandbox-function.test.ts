import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { SandboxFunction } from '../../infra/constructs/sandbox-function';
import type { DynamoAccess } from '../../lib/db/access';
import { skipBuiltinValidation } from '../support/cdk';

skipBuiltinValidation();

// The construct on its own, bound once for reading, once for writing and once as a background
// function, each with a declaration of its own; bundling is skipped (the stack tests bundle for
// real), only the template matters here.

type Json = Record<string, any>;

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const READER: DynamoAccess = {
  actions: ['GetItem', 'Query', 'UpdateItem'],
  indexes: ['gsi1'],
  sharedPartitions: { keyHashes: { actions: ['GetItem'], because: 'admission reads the key-hash record' } },
};
const WRITER: DynamoAccess = { actions: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'] };
const BACKGROUND: DynamoAccess = { actions: ['GetItem', 'UpdateItem'], indexes: ['due'] };
const CLIENT_PARTITIONS_ONLY = { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['C#*'] } };
const limits = { requestsPerSecond: 7, readUnitsPerRequest: 99 };

let resources: Record<string, Json>;
let ids: { table: string; reader: string; writer: string; background: string; unbound: string };
let refusal: unknown;
let sharedCounterRefusal: unknown;

beforeAll(() => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new Stack(app, 'SandboxFunctionSpec');
  const table = new Table(stack, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } });
  const make = (id: string) => new SandboxFunction(stack, id, { entry: join(projectRoot, 'functions/route-not-found.ts') });
  const reader = make('Reader');
  const writer = make('Writer');
  const unbound = make('Unbound');
  const background = make('Background');
  reader.bindTable(table, { access: 'read', dynamodb: READER, limits });
  writer.bindTable(table, { access: 'write', dynamodb: WRITER, limits });
  background.bindTableActions(table, { dynamodb: BACKGROUND, limits });
  try {
    make('Misdeclared').bindTable(table, { access: 'read', dynamodb: { actions: ['GetItem', 'UpdateItem', 'PutItem'] }, limits });
  } catch (error) {
    refusal = error;
  }
  try {
    const counterElsewhere: DynamoAccess = {
      actions: ['GetItem', 'UpdateItem'],
      sharedPartitions: { clientRegistry: { actions: ['UpdateItem'], because: 'a test' } },
    };
    make('CounterElsewhere').bindTable(table, { access: 'read', dynamodb: counterElsewhere, limits });
  } catch (error) {
    sharedCounterRefusal = error;
  }

  resources = Template.fromStack(stack).toJSON().Resources;
  ids = {
    table: stack.getLogicalId(table.node.defaultChild as never),
    reader: stack.getLogicalId(reader.function.node.defaultChild as never),
    writer: stack.getLogicalId(writer.function.node.defaultChild as never),
    background: stack.getLogicalId(background.function.node.defaultChild as never),
    unbound: stack.getLogicalId(unbound.function.node.defaultChild as never),
  };
}, 60_000);

function dynamoStatementsOf(functionId: string): Json[] {
  const roleId = resources[functionId]!.Properties.Role['Fn::GetAtt'][0];
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: Json) => x.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement)
    .filter((s: Json) => [s.Action].flat().some((a: string) => a.startsWith('dynamodb:')));
}

const actionsOf = (functionId: string) =>
  dynamoStatementsOf(functionId)
    .flatMap((s) => [s.Action].flat())
    .sort();

describe('SandboxFunction.bindTable', () => {
  it('sets TABLE_NAME to the bound table', () => {
    expect(resources[ids.reader]!.Properties.Environment.Variables.TABLE_NAME).toEqual({ Ref: ids.table });
    expect(resources[ids.writer]!.Properties.Environment.Variables.TABLE_NAME).toEqual({ Ref: ids.table });
  });

  it('gives the function the limits it enforces, as CLIENT_REQUESTS_PER_SECOND and LIST_READ_UNITS_PER_REQUEST', () => {
    for (const id of [ids.reader, ids.writer]) {
      expect(resources[id]!.Properties.Environment.Variables).toMatchObject({
        CLIENT_REQUESTS_PER_SECOND: '7',
        LIST_READ_UNITS_PER_REQUEST: '99',
      });
    }
    expect(resources[ids.unbound]!.Properties.Environment.Variables.CLIENT_REQUESTS_PER_SECOND).toBeUndefined();
  });

  // Every request counts itself (lib/auth/request-counter.ts): a reader's one write is that UpdateItem.
  it('grants a reader exactly the actions it declares: its reads, Query on its index, and UpdateItem for its request counter', () => {
    expect(actionsOf(ids.reader)).toEqual(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:Query', 'dynamodb:UpdateItem']);
  });

  it("confines a reader's UpdateItem to its request counter: client partitions, the counter's attributes, nothing returned", () => {
    const updates = dynamoStatementsOf(ids.reader).filter((s) => [s.Action].flat().includes('dynamodb:UpdateItem'));
    expect(updates).toEqual([
      {
        Effect: 'Allow',
        Action: 'dynamodb:UpdateItem',
        Resource: { 'Fn::GetAtt': [ids.table, 'Arn'] },
        Condition: {
          ...CLIENT_PARTITIONS_ONLY,
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': ['pk', 'sk', 'count', 'ttl', 'last_used_at'] },
          StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE'] },
        },
      },
    ]);
  });

  it("refuses to bind a 'read' function that declares a write other than its request counter's UpdateItem, or its counter outside client partitions", () => {
    expect(String(refusal)).toContain("a 'read' function writes nothing but its request counter (UpdateItem), yet declares PutItem");
    expect(String(sharedCounterRefusal)).toContain(
      "a 'read' function's one write is its request counter, in its client's partition, yet its sharedPartitions name UpdateItem",
    );
  });

  // TransactWriteItems has no action of its own: it is authorized as PutItem/UpdateItem/DeleteItem/ConditionCheckItem.
  it('grants a writer exactly the actions it declares, and no index', () => {
    expect(actionsOf(ids.writer)).toEqual(['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
  });

  it('grants reads on client partitions and on the shared partitions declared for them, and Query on each declared index by name, never index/* or *', () => {
    const tableArn = { 'Fn::GetAtt': [ids.table, 'Arn'] };
    const reads = dynamoStatementsOf(ids.reader).filter((s) => !/UpdateItem/.test(JSON.stringify(s.Action)));
    expect(reads).toEqual([
      {
        Effect: 'Allow',
        Action: 'dynamodb:GetItem',
        Resource: tableArn,
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['C#*', 'KEYHASH#*'] } },
      },
      { Effect: 'Allow', Action: 'dynamodb:Query', Resource: tableArn, Condition: CLIENT_PARTITIONS_ONLY },
      { Effect: 'Allow', Action: 'dynamodb:Query', Resource: { 'Fn::Join': ['', [tableArn, '/index/gsi1']] } },
    ]);
  });

  // A writer that declares no shared partition reaches client partitions only, its reads included.
  it("confines a writer's actions to the table's client partitions (dynamodb:LeadingKeys C#*)", () => {
    expect(dynamoStatementsOf(ids.writer).map((w) => ({ ...w, Action: [w.Action].flat().sort() }))).toEqual([
      {
        Effect: 'Allow',
        Action: ['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
        Resource: { 'Fn::GetAtt': [ids.table, 'Arn'] },
        Condition: CLIENT_PARTITIONS_ONLY,
      },
    ]);
  });

  it('grants a background function Query on its declared index, and its table actions on client partitions only, reads included', () => {
    const tableArn = { 'Fn::GetAtt': [ids.table, 'Arn'] };
    expect(dynamoStatementsOf(ids.background)).toEqual([
      { Effect: 'Allow', Action: 'dynamodb:Query', Resource: { 'Fn::Join': ['', [tableArn, '/index/due']] } },
      { Effect: 'Allow', Action: ['dynamodb:GetItem', 'dynamodb:UpdateItem'], Resource: tableArn, Condition: CLIENT_PARTITIONS_ONLY },
    ]);
    expect(resources[ids.background]!.Properties.Environment.Variables.TABLE_NAME).toEqual({ Ref: ids.table });
  });

  it('leaves an unbound function without table access or TABLE_NAME', () => {
    expect(dynamoStatementsOf(ids.unbound)).toEqual([]);
    expect(resources[ids.unbound]!.Properties.Environment.Variables.TABLE_NAME).toBeUndefined();
  });
});
