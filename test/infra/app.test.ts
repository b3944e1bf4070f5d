import { App, CfnDeletionPolicy, Token } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnTable } from 'aws-cdk-lib/aws-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { cdkJsonContext, InvalidContextError } from '../../infra/app';
import { buildApp, createStack, DEFAULT_STAGE } from '../../infra/sandbox-app';
import type { PaymentSandboxStack } from '../../infra/stack';
import { skipBuiltinValidation } from '../support/cdk';

skipBuiltinValidation();

// How `cdk synth -c stage=… -c retain=…` turns into stacks. Bundling is skipped: only names,
// policies and context handling matter here (test/infra/stack.test.ts bundles for real).

/** A synthesis runs the validation plugins; the first one in a worker also starts their engine. */
const SYNTH_TIMEOUT = 60_000;
const skipBundling = { 'aws:cdk:bundling-stacks': [] };
const context = (extra: Record<string, unknown> = {}) => ({ ...cdkJsonContext(), ...skipBundling, ...extra });

/** Properties that, given as a literal, pin a physical name and make two stages (or a replacement) collide. */
const PHYSICAL_NAME_PROPERTIES = ['TableName', 'FunctionName', 'LogGroupName', 'RoleName'];

function physicalNames(template: Template): string[] {
  const resources = template.toJSON().Resources as Record<string, { Properties?: Record<string, unknown> }>;
  return Object.entries(resources).flatMap(([id, r]) => PHYSICAL_NAME_PROPERTIES.filter((p) => typeof r.Properties?.[p] === 'string').map((p) => `${id}.${p}`));
}

describe('stage and retain context', () => {
  it(`names the stack PaymentSandbox-${DEFAULT_STAGE} when no stage is given`, () => {
    const { stack } = buildApp({ context: context() });
    expect(stack.stackName).toBe(`PaymentSandbox-${DEFAULT_STAGE}`);
  });

  it('names the stack after -c stage=NAME', () => {
    const { stack } = buildApp({ context: context({ stage: 'pr-42' }) });
    expect(stack.stackName).toBe('PaymentSandbox-pr-42');
  });

  it.each(['Dev', 'dev_1', 'dev.1', '-dev', 'dev-', 'a--b', '', 'x'.repeat(33), 'dev stage'])('refuses the stage name %j with a clear message', (stage) => {
    expect(() => createStack(new App({ context: skipBundling }), { stage, retain: false })).toThrow(
      /^Invalid stage .*lowercase letters, digits and single inner hyphens/,
    );
    expect(() => buildApp({ context: context({ stage }) })).toThrow(InvalidContextError);
  });

  it('refuses a retain value other than true or false', () => {
    expect(() => buildApp({ context: context({ retain: 'yes' }) })).toThrow(/^Invalid retain "yes"/);
  });

  it('deletes the table with the stack by default and with -c retain=false', () => {
    for (const extra of [{}, { retain: 'false' }]) {
      const { stack } = buildApp({ context: context(extra) });
      expect((stack.table.node.defaultChild as CfnTable).cfnOptions.deletionPolicy).toBe(CfnDeletionPolicy.DELETE);
    }
  });

  it(
    'keeps the table, and only the table, when the stack is deleted with -c retain=true',
    () => {
      const { stack } = buildApp({ context: context({ stage: 'keep', retain: 'true' }) });
      type Resource = { Type: string; DeletionPolicy?: string; UpdateReplacePolicy?: string };
      const resources = Object.values(Template.fromStack(stack).toJSON().Resources as Record<string, Resource>);
      expect(resources.filter((r) => r.Type === 'AWS::DynamoDB::Table')).toEqual([
        expect.objectContaining({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' }),
      ]);
      for (const r of resources.filter((r) => r.Type !== 'AWS::DynamoDB::Table')) {
        expect(r.DeletionPolicy ?? 'Delete', r.Type).toBe('Delete');
        expect(r.UpdateReplacePolicy ?? 'Delete', r.Type).toBe('Delete');
      }
    },
    SYNTH_TIMEOUT,
  );

  it('leaves account and region to the CLI environment', () => {
    const { stack } = buildApp({ context: context() });
    expect(Token.isUnresolved(stack.account)).toBe(true);
    expect(Token.isUnresolved(stack.region)).toBe(true);
  });
});

describe('limits context', () => {
  type Fn = { Type: string; Properties: { Environment: { Variables: Record<string, unknown> } } };
  const tableFunctions = (stack: PaymentSandboxStack) =>
    Object.values(Template.fromStack(stack).toJSON().Resources as Record<string, Fn>).filter(
      (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Environment.Variables.TABLE_NAME !== undefined,
    );

  it(
    'gives every function that uses the table -c requests-per-second and -c read-units-per-request',
    () => {
      const { stack } = buildApp({ context: context({ 'requests-per-second': '5', 'read-units-per-request': 64 }) });
      const functions = tableFunctions(stack);
      expect(functions.length).toBeGreaterThan(0);
      for (const fn of functions) {
        expect(fn.Properties.Environment.Variables).toMatchObject({ CLIENT_REQUESTS_PER_SECOND: '5', LIST_READ_UNITS_PER_REQUEST: '64' });
      }
    },
    SYNTH_TIMEOUT,
  );

  it.each(['0', '-1', '1.5', 'ten', '', '1e3'])('refuses -c requests-per-second=%j with a clear message', (value) => {
    expect(() => buildApp({ context: context({ 'requests-per-second': value }) })).toThrow(InvalidContextError);
    expect(() => buildApp({ context: context({ 'requests-per-second': value }) })).toThrow(
      /^Invalid requests-per-second .*: use a positive integer, e\.g\. -c requests-per-second=50$/,
    );
  });

  it('refuses -c read-units-per-request=0', () => {
    expect(() => buildApp({ context: context({ 'read-units-per-request': '0' }) })).toThrow(/^Invalid read-units-per-request "0"/);
  });
});

describe('two stages in one account', () => {
  let alpha: PaymentSandboxStack;
  let beta: PaymentSandboxStack;
  let stackNames: string[];

  beforeAll(() => {
    const app = new App({ context: context() });
    alpha = createStack(app, { stage: 'alpha', retain: false });
    beta = createStack(app, { stage: 'beta', retain: false });
    stackNames = app.synth().stacks.map((s) => s.stackName);
  }, SYNTH_TIMEOUT);

  it('synthesize side by side with distinct stack names and no fixed physical names', () => {
    expect(stackNames.sort()).toEqual(['PaymentSandbox-alpha', 'PaymentSandbox-beta']);
    for (const stack of [alpha, beta]) expect(physicalNames(Template.fromStack(stack))).toEqual([]);
  });

  it('tag each stack and its resources with its own stage', () => {
    for (const [stack, stage] of [
      [alpha, 'alpha'],
      [beta, 'beta'],
    ] as const) {
      expect(stack.tags.tagValues()).toEqual({ project: 'payment-sandbox', stage });
      Template.fromStack(stack).hasResourceProperties('AWS::DynamoDB::Table', {
        Tags: [
          { Key: 'project', Value: 'payment-sandbox' },
          { Key: 'stage', Value: stage },
        ],
      });
    }
  });
});
