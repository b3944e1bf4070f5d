import { describe, expect, it } from 'vitest';
import { checkGrants, grantsInTemplate, recordedGrants } from '../../infra/grants';
import { declaredGrants, grantsOfCall, operationOf, type DynamoAccess } from '../../lib/db/access';

// The grant check's comparison (infra/grants.ts) and how a recorded call becomes permissions
// (lib/db/access.ts), on small declarations of their own.

const payments: DynamoAccess = { actions: ['GetItem', 'PutItem', 'UpdateItem'] };
const sweep: DynamoAccess = { actions: ['GetItem', 'UpdateItem'], indexes: ['due'] };
const dispatcher: DynamoAccess = {
  actions: ['GetItem'],
  stream: ['GetRecords', 'ListStreams'],
  because: { ListStreams: 'the event source mapping lists the streams; the local poller is handed the ARN' },
};

const used = {
  createPayment: ['dynamodb:GetItem on table', 'dynamodb:PutItem on table', 'dynamodb:UpdateItem on table'],
  sweep: ['dynamodb:GetItem on table', 'dynamodb:UpdateItem on table', 'dynamodb:Query on index/due'],
  dispatchEvents: ['dynamodb:GetItem on table', 'dynamodb:GetRecords on stream'],
};

const byName = (entries: Record<string, readonly string[]>) => new Map(Object.entries(entries).map(([name, grants]) => [name, new Set(grants)]));

/** The check as test/grants runs it, the template granting exactly the declarations. */
function check(declared: Record<string, DynamoAccess>, recorded: Record<string, readonly string[]> = used, extraGrants: Record<string, string[]> = {}) {
  const granted = new Map(Object.entries(declared).map(([name, access]) => [name, new Set([...declaredGrants(access), ...(extraGrants[name] ?? [])])]));
  return checkGrants({ functions: Object.entries(declared).map(([name, dynamodb]) => ({ name, dynamodb })), granted, recorded: byName(recorded) });
}

const all = { createPayment: payments, sweep, dispatchEvents: dispatcher };

describe('checkGrants', () => {
  it('finds nothing when every grant is declared, and used or explained', () => {
    expect(check(all)).toEqual([]);
  });

  it('names the function and the action when a used action is taken out of its declaration (and so its grant)', () => {
    expect(check({ ...all, createPayment: { actions: ['GetItem', 'UpdateItem'] } })).toEqual([
      'createPayment: dynamodb:PutItem on table is used but not declared',
      'createPayment: dynamodb:PutItem on table is used but not granted in the template',
    ]);
  });

  it('names the index when a queried index is taken out of the declaration', () => {
    expect(check({ ...all, sweep: { actions: ['GetItem', 'UpdateItem'] } })).toEqual([
      'sweep: dynamodb:Query on index/due is used but not declared',
      'sweep: dynamodb:Query on index/due is used but not granted in the template',
    ]);
  });

  it('names the action when an explained one is taken out of the declaration but its because stays', () => {
    expect(check({ ...all, dispatchEvents: { ...dispatcher, stream: ['GetRecords'] } })).toEqual([
      'dispatchEvents: its because explains ListStreams, which it does not declare',
    ]);
  });

  it('refuses a grant the suites never used that no because explains', () => {
    expect(check({ ...all, createPayment: { actions: [...payments.actions, 'DeleteItem'] } })).toEqual([
      'createPayment: dynamodb:DeleteItem on table is granted but never used by the suites, and its because does not say why',
    ]);
  });

  it('accepts it with a because, and refuses a because for an action the suites do use, or one without a reason', () => {
    const explained: DynamoAccess = { actions: [...payments.actions, 'DeleteItem'], because: { DeleteItem: 'only after a failed write' } };
    expect(check({ ...all, createPayment: explained })).toEqual([]);
    expect(check({ ...all, createPayment: { ...payments, because: { PutItem: 'never', UpdateItem: ' ' } } })).toEqual([
      'createPayment: its because for UpdateItem gives no reason',
      'createPayment: dynamodb:PutItem on table is explained as unused, but the suites use it',
    ]);
  });

  it('refuses a template that grants more than the declaration, or less', () => {
    expect(check(all, used, { sweep: ['dynamodb:Query on index/gsi1'] })).toEqual([
      'sweep: dynamodb:Query on index/gsi1 is granted in the template but not declared',
    ]);
    const granted = byName({
      createPayment: used.createPayment.slice(1),
      sweep: used.sweep,
      dispatchEvents: [...used.dispatchEvents, 'dynamodb:ListStreams on *'],
    });
    const functions = Object.entries(all).map(([name, dynamodb]) => ({ name, dynamodb }));
    expect(checkGrants({ functions, granted, recorded: byName(used) })).toEqual([
      'createPayment: dynamodb:GetItem on table is used but not granted in the template',
      'createPayment: dynamodb:GetItem on table is declared but not granted in the template',
    ]);
  });

  it('refuses a shared partition named for an action the declaration lacks, or without a reason', () => {
    const reaching: DynamoAccess = { ...payments, sharedPartitions: { keyHashes: { actions: ['GetItem', 'DeleteItem'], because: ' ' } } };
    expect(check({ ...all, createPayment: reaching })).toEqual([
      'createPayment: its sharedPartitions.keyHashes gives no reason',
      'createPayment: its sharedPartitions.keyHashes names DeleteItem, which it does not declare',
    ]);
  });

  it('refuses calls recorded for a function nothing declares', () => {
    expect(check(all, { ...used, dashboard: ['dynamodb:Query on table'] })).toEqual([
      'dashboard: made DynamoDB calls but is no declared function (lib/routes.ts)',
    ]);
  });
});

describe('grantsOfCall', () => {
  it('authorizes a TransactWriteItems by the action of each kind of item in it', () => {
    const input = { TransactItems: [{ Put: {} }, { Update: {} }, { Put: {} }, { ConditionCheck: {} }] };
    expect(grantsOfCall(operationOf('TransactWriteItemsCommand'), input)).toEqual([
      'dynamodb:PutItem on table',
      'dynamodb:UpdateItem on table',
      'dynamodb:ConditionCheckItem on table',
    ]);
    expect(grantsOfCall(operationOf('TransactWriteCommand'), { TransactItems: [{ Delete: {} }] })).toEqual(['dynamodb:DeleteItem on table']);
  });

  it('needs BatchWriteItem and the action of each kind of request in it', () => {
    const input = { RequestItems: { t: [{ DeleteRequest: { Key: {} } }, { DeleteRequest: { Key: {} } }] } };
    expect(grantsOfCall('BatchWriteItem', input)).toEqual(['dynamodb:BatchWriteItem on table', 'dynamodb:DeleteItem on table']);
  });

  it('puts a Query of an index on that index, and one of the table on the table', () => {
    expect(grantsOfCall('Query', { IndexName: 'due' })).toEqual(['dynamodb:Query on index/due']);
    expect(grantsOfCall('Query', { KeyConditionExpression: 'pk = :pk' })).toEqual(['dynamodb:Query on table']);
  });

  it('authorizes TransactGetItems as GetItem, stream reads on the stream and ListStreams on *', () => {
    expect(grantsOfCall(operationOf('TransactGetCommand'), { TransactItems: [{ Get: {} }] })).toEqual(['dynamodb:GetItem on table']);
    expect(grantsOfCall(operationOf('GetRecordsCommand'), {})).toEqual(['dynamodb:GetRecords on stream']);
    expect(grantsOfCall('ListStreams', {})).toEqual(['dynamodb:ListStreams on *']);
  });
});

describe('grantsInTemplate', () => {
  it("reads each function's DynamoDB permissions from its role's policies, naming the table, its indexes, its stream and *", () => {
    const tableArn = { 'Fn::GetAtt': ['Table', 'Arn'] };
    const template = {
      Resources: {
        Table: { Type: 'AWS::DynamoDB::Table' },
        Fn: { Type: 'AWS::Lambda::Function', Properties: { Role: { 'Fn::GetAtt': ['Role', 'Arn'] } } },
        Other: { Type: 'AWS::Lambda::Function', Properties: { Role: { 'Fn::GetAtt': ['OtherRole', 'Arn'] } } },
        Policy: {
          Type: 'AWS::IAM::Policy',
          Properties: {
            Roles: [{ Ref: 'Role' }],
            PolicyDocument: {
              Statement: [
                { Effect: 'Allow', Action: ['dynamodb:GetItem', 'logs:PutLogEvents'], Resource: tableArn },
                { Effect: 'Allow', Action: 'dynamodb:Query', Resource: [{ 'Fn::Join': ['', [tableArn, '/index/due']] }] },
                { Effect: 'Allow', Action: 'dynamodb:GetRecords', Resource: { 'Fn::GetAtt': ['Table', 'StreamArn'] } },
                { Effect: 'Allow', Action: 'dynamodb:ListStreams', Resource: '*' },
                { Effect: 'Allow', Action: 'dynamodb:Query', Resource: { 'Fn::Join': ['', [tableArn, '/index/*']] } },
              ],
            },
          },
        },
      },
    };
    expect(
      grantsInTemplate(
        template,
        new Map([
          ['fn', 'Fn'],
          ['other', 'Other'],
        ]),
        'Table',
      ),
    ).toEqual(
      new Map([
        [
          'fn',
          new Set([
            'dynamodb:GetItem on table',
            'dynamodb:Query on index/due',
            'dynamodb:GetRecords on stream',
            'dynamodb:ListStreams on *',
            `dynamodb:Query on ${JSON.stringify({ 'Fn::Join': ['', [tableArn, '/index/*']] })}`,
          ]),
        ],
      ]),
    );
  });

  it('groups recorded calls by function', () => {
    expect(
      recordedGrants([
        { fn: 'a', grant: 'x' },
        { fn: 'a', grant: 'x' },
        { fn: 'b', grant: 'y' },
      ]),
    ).toEqual(
      new Map([
        ['a', new Set(['x'])],
        ['b', new Set(['y'])],
      ]),
    );
  });
});
