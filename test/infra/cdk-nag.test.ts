import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { CfnTable } from 'aws-cdk-lib/aws-dynamodb';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdkJsonContext } from '../../infra/app';
import { buildApp } from '../../infra/sandbox-app';

// cdk-nag v3 is a policy-validation plugin, not an Aspect: findings never become
// Annotations. They go to validation-report.json in the cloud assembly, and any
// finding, warning or error, fails the synthesis. Acknowledgements are construct
// metadata that the pack honours itself.

interface ValidationReport {
  pluginReports: { pluginName: string; violations: { ruleName: string; severity: string }[] }[];
}

const outdirs: string[] = [];
afterAll(() => {
  for (const dir of outdirs) rmSync(dir, { recursive: true, force: true });
});

/** The app exactly as `cdk synth` builds it, minus esbuild (nag inspects the construct tree, not the bundles). */
function appForNag() {
  const outdir = mkdtempSync(join(tmpdir(), 'infra-nag-'));
  outdirs.push(outdir);
  const built = buildApp({ stage: 'nag', context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] }, outdir });
  const report = (): ValidationReport => JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8'));
  return { ...built, report };
}

function acknowledgements(root: IConstruct): { path: string; id: string; reason: string }[] {
  return root.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) => Object.entries(m.data as Record<string, string>))
      .map(([id, reason]) => ({ path: c.node.path, id: id.replace(/^\w+::/, ''), reason })),
  );
}

describe('cdk-nag AwsSolutions', () => {
  let nagged: ReturnType<typeof appForNag>;
  // The synthesis with every plugin: 60 s was not enough with one core kept busy on a loaded machine
  // (load 20), so the run's hook timeout (120 s) holds, as for the other syntheses of the run.
  beforeAll(() => {
    nagged = appForNag();
    nagged.app.synth();
  });

  it('finds nothing unacknowledged: no errors and no warnings', () => {
    expect(new AwsSolutionsChecks().validateScope(nagged.app).violations).toEqual([]);
    const findings = nagged
      .report()
      .pluginReports.filter((r) => r.pluginName === 'AwsSolutions')
      .flatMap((r) => r.violations.map((v) => `${v.severity} ${v.ruleName}`));
    expect(findings).toEqual([]);
  });

  it('leaves nothing else to report: no CloudFormation validation finding, no construct warning or error', () => {
    const findings = nagged.report().pluginReports.flatMap((r) => r.violations.map((v) => `${r.pluginName}: ${v.ruleName}`));
    expect(findings).toEqual([]);
    // The report lists only plugins that found something: CDK's own CloudFormation validation must be on to be in it.
    expect(process.env.CDK_VALIDATION, 'test/support/cdk.ts: skipBuiltinValidation is not for this file').not.toBe('false');
    // The messages of the synthesis above, which app.synth() hands back again: Annotations.fromStack
    // would synthesize the whole app once more for each question (it forces a synthesis).
    const messages = nagged.app.synth().getStackArtifact(nagged.stack.artifactId).messages;
    expect(messages.filter((m) => m.level === 'warning' || m.level === 'error').map((m) => `${m.level} ${m.id}: ${String(m.entry.data)}`)).toEqual([]);
  });

  it("acknowledges only APIG4 on the HTTP API, SMG4 on the cursor secret, COG1, COG2 and COG8 on the user pool, ListStreams on the dispatcher, and SQS3 on the dispatcher's failure queue, the delivery timer's dead-letter queue and the sweep's dead-letter queue, each with a reason a reviewer can check", () => {
    const acks = acknowledgements(nagged.stack);
    expect(acks.map(({ path, id }) => ({ path, id }))).toEqual([
      { path: 'PaymentSandbox-nag/CursorSecret', id: 'AwsSolutions-SMG4' },
      { path: 'PaymentSandbox-nag/Identity/UserPool', id: 'AwsSolutions-COG1' },
      { path: 'PaymentSandbox-nag/Identity/UserPool', id: 'AwsSolutions-COG2' },
      { path: 'PaymentSandbox-nag/Identity/UserPool', id: 'AwsSolutions-COG8' },
      { path: 'PaymentSandbox-nag/HttpApi', id: 'AwsSolutions-APIG4' },
      { path: 'PaymentSandbox-nag/DispatchEvents/Role', id: 'AwsSolutions-IAM5[Resource::*]' },
      { path: 'PaymentSandbox-nag/DispatchEventsFailures', id: 'AwsSolutions-SQS3' },
      { path: 'PaymentSandbox-nag/WebhookTimerDeadLetters', id: 'AwsSolutions-SQS3' },
      { path: 'PaymentSandbox-nag/SweepDeadLetters', id: 'AwsSolutions-SQS3' },
    ]);
    const reasonOf = (id: string) => acks.find((a) => a.id === id)!.reason;
    expect(reasonOf('AwsSolutions-APIG4')).toMatch(/authoriz/i);
    expect(reasonOf('AwsSolutions-APIG4')).toMatch(/401\/403/);
    expect(reasonOf('AwsSolutions-SMG4')).toMatch(/rotation/i);
    expect(reasonOf('AwsSolutions-SMG4')).toMatch(/open cursor/);
    expect(reasonOf('AwsSolutions-IAM5[Resource::*]')).toMatch(/dynamodb:ListStreams/);
    expect(reasonOf('AwsSolutions-COG1')).toMatch(/12 characters .*NIST SP 800-63B/);
    expect(reasonOf('AwsSolutions-COG2')).toMatch(/sandbox holding test data only/);
    expect(reasonOf('AwsSolutions-COG8')).toMatch(/Lite feature plan/);
    const sqs3 = acks.filter((a) => a.id === 'AwsSolutions-SQS3');
    expect(sqs3.find((a) => a.path.endsWith('DispatchEventsFailures'))!.reason).toMatch(/failure destination/);
    expect(sqs3.find((a) => a.path.endsWith('SweepDeadLetters'))!.reason).toMatch(/itself a dead-letter queue/);
  });

  it('runs on every synthesis and fails it on an unacknowledged finding, even a warning', () => {
    const { app, stack, report } = appForNag();
    // A table without point-in-time recovery: AwsSolutions-DDB3, a warning-level rule.
    new CfnTable(stack, 'Unprotected', {
      keySchema: [{ attributeName: 'pk', keyType: 'HASH' }],
      attributeDefinitions: [{ attributeName: 'pk', attributeType: 'S' }],
      billingMode: 'PAY_PER_REQUEST',
    });

    expect(() => app.synth()).toThrow(/AwsSolutions-DDB3/);
    const findings = report().pluginReports.flatMap((r) => r.violations.map((v) => `${r.pluginName} ${v.severity} ${v.ruleName}`));
    expect(findings).toEqual(['AwsSolutions warning AwsSolutions-DDB3']);
  }, 120_000);
});
