import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdkJsonContext } from '../../infra/app';
import { createStack } from '../../infra/sandbox-app';
import { PROJECT_TAG } from '../../infra/stage';
import { skipBuiltinValidation } from '../support/cdk';

skipBuiltinValidation();

// `npm run destroy` (cdk destroy) must leave nothing behind, and `stacks list|prune` must be
// able to find every stack by its tags. Whole-template facts; bundling is skipped (only the
// template matters; test/infra/stack.test.ts bundles for real).

type Json = Record<string, any>;

/** Types that hold data, logs or secrets: deleting the stack must delete them explicitly. */
const STATEFUL_TYPES = ['AWS::DynamoDB::Table', 'AWS::Logs::LogGroup', 'AWS::SecretsManager::Secret', 'AWS::SQS::Queue', 'AWS::Cognito::UserPool'];
/** Types that hold nothing: they go with the stack and leave no data behind. */
const STATELESS_TYPES = [
  'AWS::ApiGatewayV2::Api',
  'AWS::Cognito::UserPoolClient',
  'AWS::ApiGatewayV2::Integration',
  'AWS::ApiGatewayV2::Route',
  'AWS::ApiGatewayV2::Stage',
  'AWS::CDK::Metadata',
  'AWS::Events::Rule',
  'AWS::IAM::Policy',
  'AWS::IAM::Role',
  'AWS::Lambda::EventInvokeConfig',
  'AWS::Lambda::EventSourceMapping',
  'AWS::Lambda::Function',
  'AWS::Lambda::Permission',
  'AWS::SQS::QueuePolicy',
];
/** CloudFormation types without a Tags property. */
const UNTAGGABLE_TYPES = [
  'AWS::ApiGatewayV2::Integration',
  'AWS::Cognito::UserPoolClient',
  'AWS::ApiGatewayV2::Route',
  'AWS::CDK::Metadata',
  'AWS::IAM::Policy',
  'AWS::Lambda::EventInvokeConfig',
  'AWS::Lambda::Permission',
  'AWS::SQS::QueuePolicy',
];

const STAGE = 'pr-99';
let outdir: string;
let resources: [string, Json][];
let stackTags: Record<string, string>;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'infra-teardown-'));
  const app = new App({ context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] }, outdir });
  const stack = createStack(app, { stage: STAGE, retain: false });
  const artifact = app.synth().getStackByName(stack.stackName);
  resources = Object.entries(artifact.template.Resources as Record<string, Json>);
  stackTags = artifact.tags;
}, 60_000);

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const ofType = (type: string) => resources.filter(([, r]) => r.Type === type);
const tagsOf = (r: Json): Record<string, string> | undefined => {
  // A user pool carries its tags as UserPoolTags.
  const tags = r.Properties?.Tags ?? r.Properties?.UserPoolTags;
  if (tags === undefined) return undefined;
  return Array.isArray(tags) ? Object.fromEntries(tags.map((t: Json) => [t.Key, t.Value])) : tags;
};

describe('teardown without --retain', () => {
  it('knows whether each resource type holds data, so a new stateful type needs a decision here', () => {
    const types = [...new Set(resources.map(([, r]) => r.Type as string))];
    expect(types.filter((t) => !STATEFUL_TYPES.includes(t) && !STATELESS_TYPES.includes(t))).toEqual([]);
  });

  it("deletes the table, the cursor secret, the webhook failure queue, the sweep's dead-letter queue, the delivery timer's queue and its dead-letter queue, the user pool and every log group with the stack, by an explicit Delete policy", () => {
    const stateful = resources.filter(([, r]) => STATEFUL_TYPES.includes(r.Type));
    expect(ofType('AWS::DynamoDB::Table')).toHaveLength(1);
    expect(ofType('AWS::SecretsManager::Secret')).toHaveLength(1);
    expect(ofType('AWS::SQS::Queue')).toHaveLength(4);
    expect(ofType('AWS::Cognito::UserPool')).toHaveLength(1);
    for (const [id, r] of stateful) {
      expect({ id, DeletionPolicy: r.DeletionPolicy, UpdateReplacePolicy: r.UpdateReplacePolicy }).toEqual({
        id,
        DeletionPolicy: 'Delete',
        UpdateReplacePolicy: 'Delete',
      });
    }
  });

  it('retains or snapshots nothing at all', () => {
    const kept = resources.filter(([, r]) => (r.DeletionPolicy ?? 'Delete') !== 'Delete' || (r.UpdateReplacePolicy ?? 'Delete') !== 'Delete');
    expect(kept.map(([id]) => id)).toEqual([]);
  });

  it("declares every log group anything writes to, so none is created on first invoke outside the stack's control", () => {
    const written = [
      ...ofType('AWS::Lambda::Function').map(([, fn]) => fn.Properties.LoggingConfig?.LogGroup?.Ref),
      ...ofType('AWS::ApiGatewayV2::Stage').map(([, s]) => s.Properties.AccessLogSettings?.DestinationArn?.['Fn::GetAtt']?.[0]),
    ];
    expect(written).not.toContain(undefined);
    // Exactly the stack's log groups: each function's own and the API's access log.
    expect([...written].sort()).toEqual(
      ofType('AWS::Logs::LogGroup')
        .map(([id]) => id)
        .sort(),
    );
  });

  it('has no custom resource, which could create things CloudFormation would not delete', () => {
    const custom = resources.filter(([, r]) => r.Type.startsWith('Custom::') || r.Type === 'AWS::CloudFormation::CustomResource');
    expect(custom).toEqual([]);
  });
});

describe('tags', () => {
  it('tag the stack itself with project and stage, which is how stacks list and prune find it', () => {
    expect(stackTags).toEqual({ [PROJECT_TAG.key]: PROJECT_TAG.value, stage: STAGE });
  });

  it('tag every resource that can carry tags with project and stage', () => {
    for (const [id, r] of resources) {
      const tags = tagsOf(r);
      if (tags === undefined) expect(UNTAGGABLE_TYPES, `${id} (${r.Type}) has no Tags`).toContain(r.Type);
      else expect(tags, id).toMatchObject({ project: 'payment-sandbox', stage: STAGE });
    }
  });
});
