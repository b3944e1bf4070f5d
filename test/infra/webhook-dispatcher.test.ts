import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { marshall } from '@aws-sdk/util-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdkJsonContext } from '../../infra/app';
import { buildApp } from '../../infra/sandbox-app';
import { matchesAnyPattern, type FilterPattern } from '../../lib/events/stream-filter';
import { skipBuiltinValidation } from '../support/cdk';

skipBuiltinValidation();

// The webhook dispatcher in the template: its stream mapping, filter, retries, failure queue and
// grants. Synthesized without bundling (the bundles are tested in stack.test.ts).

type Json = Record<string, any>;

let outdir: string;
let resources: Record<string, Json>;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'infra-dispatcher-'));
  const { app, stack } = buildApp({ stage: 'spec', context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] }, outdir });
  resources = app.synth().getStackByName(stack.stackName).template.Resources;
}, 60_000);

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const refId = (value: Json): string => value.Ref ?? value['Fn::GetAtt'][0];
const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
const tableId = () => ofType('AWS::DynamoDB::Table')[0]![0];
const mappings = () => ofType('AWS::Lambda::EventSourceMapping').map(([, m]) => m.Properties);
const mapping = () => {
  const fromStream = mappings().filter((m) => m.StartingPosition !== undefined);
  expect(fromStream).toHaveLength(1);
  return fromStream[0]!;
};
const dispatcherId = () => refId(mapping().FunctionName);
const queueId = () => refId(mapping().DestinationConfig.OnFailure.Destination);
/** The delivery timer's queue, function and dead-letter queue (decision 0267). */
const timerMapping = () => {
  const fromQueue = mappings().filter((m) => m.StartingPosition === undefined);
  expect(fromQueue).toHaveLength(1);
  return fromQueue[0]!;
};
const timerQueueId = () => refId(timerMapping().EventSourceArn);
const dueAttemptsId = () => refId(timerMapping().FunctionName);
const timerDeadLettersId = () => refId(resources[timerQueueId()]!.Properties.RedrivePolicy.deadLetterTargetArn);

function statementsOf(functionId: string): Json[] {
  const roleId = refId(resources[functionId]!.Properties.Role);
  return ofType('AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: Json) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
}

/** A stream record of an inserted item, as Lambda's filters see it. */
const inserted = (item: Record<string, unknown>) => ({ eventName: 'INSERT', dynamodb: { NewImage: marshall(item) } });

describe('the webhook dispatcher', () => {
  it("is invoked by the table's stream, from the latest record, ten at a time and up to ten batches at once", () => {
    expect(mapping()).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [tableId(), 'StreamArn'] },
      StartingPosition: 'LATEST',
      BatchSize: 10,
      ParallelizationFactor: 10,
    });
    expect(resources[dispatcherId()]!.Type).toBe('AWS::Lambda::Function');
  });

  it('gets only inserted events owed their deliveries and resend attempts: never a request counter, a modified item, a retry, or an event of a client with no endpoint', () => {
    const patterns: FilterPattern[] = mapping().FilterCriteria.Filters.map((f: Json) => JSON.parse(f.Pattern));
    expect(patterns).toEqual([
      { eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['event'] }, due_pk: { S: ['DUE'] } } } },
      { eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['webhook_delivery'] }, origin: { S: ['resend'] } } } },
    ]);
    const passes = (record: unknown) => matchesAnyPattern(record, patterns);
    expect(
      passes(inserted({ pk: 'C#cli_1', sk: 'EVT#evt_1', entity: 'event', type: 'payment.created', due_pk: 'DUE', due_sk: '2026-11-26T09:00:02.000Z' })),
    ).toBe(true);
    // Recorded while its client had no webhook endpoint: not due, owed nothing.
    expect(passes(inserted({ pk: 'C#cli_1', sk: 'EVT#evt_1', entity: 'event', type: 'payment.created' }))).toBe(false);
    expect(passes(inserted({ pk: 'C#cli_1', sk: 'DLV#evt_1#dlv_1', entity: 'webhook_delivery', origin: 'resend' }))).toBe(true);
    expect(passes(inserted({ pk: 'C#cli_1', sk: 'RATE#1790000000', count: 1, ttl: 1790000060 }))).toBe(false);
    expect(passes(inserted({ pk: 'C#cli_1', sk: 'DLV#evt_1#dlv_2', entity: 'webhook_delivery', origin: 'retry' }))).toBe(false);
    expect(passes(inserted({ pk: 'C#cli_1', sk: 'TXN#txn_1', entity: 'transaction' }))).toBe(false);
    expect(passes({ ...inserted({ pk: 'C#cli_1', sk: 'EVT#evt_1', entity: 'event' }), eventName: 'MODIFY' })).toBe(false);
    expect(passes({ ...inserted({ pk: 'C#cli_1', sk: 'EVT#evt_1', entity: 'event' }), eventName: 'REMOVE' })).toBe(false);
  });

  it('splits a failing batch, retries a record three times, retries only the records it reports failed, and drops records over an hour old', () => {
    expect(mapping()).toMatchObject({
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 3,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRecordAgeInSeconds: 3600,
    });
  });

  it('sends what still fails to an encrypted queue that only takes TLS, kept 14 days and deleted with the stack', () => {
    expect(mapping().DestinationConfig).toEqual({ OnFailure: { Destination: { 'Fn::GetAtt': [queueId(), 'Arn'] } } });
    expect(resources[queueId()]!.Type).toBe('AWS::SQS::Queue');
    expect(resources[queueId()]).toMatchObject({
      Properties: { SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 },
      DeletionPolicy: 'Delete',
    });
    const policies = ofType('AWS::SQS::QueuePolicy').filter(([, p]) => p.Properties.Queues.some((q: Json) => q.Ref === queueId()));
    expect(policies).toHaveLength(1);
    expect(policies[0]![1].Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
  });

  it('may do exactly GetItem, Query, PutItem and UpdateItem on the client partitions, read only this stream and send only to its queue and the timer queue', () => {
    const statements = statementsOf(dispatcherId()).filter((s) => !asList<string>(s.Action).some((a) => a.startsWith('logs:')));
    const sorted = (actions: string | string[]) => asList(actions).slice().sort();
    const table = statements.find((s) => asList<string>(s.Action).includes('dynamodb:GetItem'))!;
    expect(sorted(table.Action)).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
    expect(table.Resource).toEqual({ 'Fn::GetAtt': [tableId(), 'Arn'] });
    expect(table.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['C#*'] } });
    const stream = statements.find((s) => asList<string>(s.Action).includes('dynamodb:GetRecords'))!;
    expect(sorted(stream.Action)).toEqual(['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator']);
    expect(stream.Resource).toEqual({ 'Fn::GetAtt': [tableId(), 'StreamArn'] });
    const queues = statements.filter((s) => asList<string>(s.Action).some((a) => a.startsWith('sqs:')));
    for (const queue of queues) expect(sorted(queue.Action)).toEqual(['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage']);
    expect(queues.flatMap((q) => asList(q.Resource))).toEqual(
      expect.arrayContaining([{ 'Fn::GetAtt': [queueId(), 'Arn'] }, { 'Fn::GetAtt': [timerQueueId(), 'Arn'] }]),
    );
    expect(queues.flatMap((q) => asList(q.Resource))).toHaveLength(2);
    expect(statements).toHaveLength(3 + queues.length); // and dynamodb:ListStreams on "*", which has no resource-level form
    expect(statements).toContainEqual({ Effect: 'Allow', Action: 'dynamodb:ListStreams', Resource: '*' });
  });

  it('is the only function that may read the stream or send to a queue; the timer function only consumes the timer queue', () => {
    for (const [id] of ofType('AWS::Lambda::Function').filter(([id]) => id !== dispatcherId())) {
      const actions = statementsOf(id).flatMap((s) => asList<string>(s.Action));
      expect(
        actions.filter((a) => /^dynamodb:.*Stream|GetRecords|GetShardIterator|^sqs:SendMessage/.test(a)),
        id,
      ).toEqual([]);
      if (id !== dueAttemptsId())
        expect(
          actions.filter((a) => a.startsWith('sqs:')),
          id,
        ).toEqual([]);
    }
  });

  it('runs with the deployed URL policy and the contract retry schedule and timeout, set explicitly, and is told the timer queue', () => {
    expect(resources[dispatcherId()]!.Properties.Environment.Variables).toMatchObject({
      TABLE_NAME: { Ref: tableId() },
      WEBHOOK_URL_POLICY: 'deployed',
      WEBHOOK_RETRY_SCHEDULE_SECONDS: '10,60,300,1800,7200',
      WEBHOOK_ATTEMPT_TIMEOUT_MS: '10000',
      WEBHOOK_TIMER_QUEUE_URL: { Ref: timerQueueId() },
    });
  });
});

describe('the delivery timer', () => {
  it('is a queue whose messages invoke a function of its own, ten at a time, retrying only the messages it reports failed', () => {
    expect(resources[timerQueueId()]!.Type).toBe('AWS::SQS::Queue');
    expect(timerMapping()).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [timerQueueId(), 'Arn'] },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expect(resources[dueAttemptsId()]!.Type).toBe('AWS::Lambda::Function');
    expect(dueAttemptsId()).not.toBe(dispatcherId());
  });

  it('is encrypted, refuses anything but TLS, hides a message six times the function timeout, and sends one failing three times to a dead-letter queue kept 14 days', () => {
    const timeout = resources[dueAttemptsId()]!.Properties.Timeout;
    expect(timeout).toBe(300);
    expect(resources[timerQueueId()]).toMatchObject({
      Properties: {
        SqsManagedSseEnabled: true,
        VisibilityTimeout: timeout * 6,
        RedrivePolicy: { maxReceiveCount: 3 },
      },
      DeletionPolicy: 'Delete',
    });
    expect(resources[timerDeadLettersId()]).toMatchObject({
      Type: 'AWS::SQS::Queue',
      Properties: { SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 },
    });
    for (const queue of [timerQueueId(), timerDeadLettersId()]) {
      const policies = ofType('AWS::SQS::QueuePolicy').filter(([, p]) => p.Properties.Queues.some((q: Json) => q.Ref === queue));
      expect(policies[0]![1].Properties.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });

  it("lets its function consume the timer queue only, and do on the table's client partitions exactly what making an attempt takes", () => {
    const statements = statementsOf(dueAttemptsId()).filter((s) => !asList<string>(s.Action).some((a) => a.startsWith('logs:')));
    const sorted = (actions: string | string[]) => asList(actions).slice().sort();
    const queue = statements.filter((s) => asList<string>(s.Action).some((a) => a.startsWith('sqs:')));
    expect(queue).toHaveLength(1);
    expect(sorted(queue[0]!.Action)).toEqual([
      'sqs:ChangeMessageVisibility',
      'sqs:DeleteMessage',
      'sqs:GetQueueAttributes',
      'sqs:GetQueueUrl',
      'sqs:ReceiveMessage',
    ]);
    expect(queue[0]!.Resource).toEqual({ 'Fn::GetAtt': [timerQueueId(), 'Arn'] });
    const table = statements.find((s) => asList<string>(s.Action).includes('dynamodb:GetItem'))!;
    expect(sorted(table.Action)).toEqual(['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
    expect(table.Resource).toEqual({ 'Fn::GetAtt': [tableId(), 'Arn'] });
    expect(table.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['C#*'] } });
    expect(statements).toHaveLength(2);
  });

  it('runs with the deployed URL policy and the contract retry schedule and timeout, as the dispatcher does', () => {
    expect(resources[dueAttemptsId()]!.Properties.Environment.Variables).toMatchObject({
      TABLE_NAME: { Ref: tableId() },
      WEBHOOK_URL_POLICY: 'deployed',
      WEBHOOK_RETRY_SCHEDULE_SECONDS: '10,60,300,1800,7200',
      WEBHOOK_ATTEMPT_TIMEOUT_MS: '10000',
    });
  });
});
