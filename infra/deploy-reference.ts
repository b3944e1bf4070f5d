/**
 * The generated block of docs/deploy.md: the functions of a stage's synthesized template, by what
 * invokes them, each its own bundle. `npm run openapi` renders it from a synthesis without bundling
 * (the count does not depend on the bundles' contents), and test/infra/stack.test.ts holds it to
 * the template it synthesizes, so the page never states a number of functions the stack lacks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { code, renderGeneratedBlocks, table } from '../lib/openapi/generated-blocks';
import { cdkJsonContext } from './app';
import { buildApp } from './sandbox-app';

interface Resource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
}

/** A synthesized CloudFormation template: what is read of it here. */
export interface SynthesizedTemplate {
  readonly Resources: Readonly<Record<string, Resource>>;
}

/** Every logical id of a resource that `value` refers to (`Ref`, `Fn::GetAtt`), however deep. */
function referencedIds(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(referencedIds);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    if (key === 'Ref' && typeof inner === 'string') return [inner];
    if (key === 'Fn::GetAtt' && Array.isArray(inner) && typeof inner[0] === 'string') return [inner[0]];
    return referencedIds(inner);
  });
}

/** What invokes a function, as the template wires it: the resource type and the property that names the function. */
const INVOKERS: readonly { readonly type: string; readonly property: string; readonly label: string }[] = [
  {
    type: 'AWS::ApiGatewayV2::Integration',
    property: 'IntegrationUri',
    label: `the HTTP API: one per handler module of ${code('lib/routes.ts')}, and the ${code('$default')} route's (404, 405)`,
  },
  { type: 'AWS::Lambda::EventSourceMapping', property: 'FunctionName', label: "the table's stream: webhook delivery" },
  { type: 'AWS::Events::Rule', property: 'Targets', label: 'the schedule: the sweep' },
  { type: 'AWS::Cognito::UserPool', property: 'LambdaConfig', label: 'the user pool: its triggers' },
];

/** The table of the template's functions by what invokes them, with the total. */
function functionRows(template: SynthesizedTemplate): (string | number)[][] {
  const resources = Object.entries(template.Resources);
  const functions = new Set(resources.filter(([, r]) => r.Type === 'AWS::Lambda::Function').map(([id]) => id));
  const counted = new Set<string>();
  const rows = INVOKERS.map(({ type, property, label }) => {
    const invoked = new Set(
      resources.filter(([, r]) => r.Type === type).flatMap(([, r]) => referencedIds(r.Properties?.[property]).filter((id) => functions.has(id))),
    );
    for (const id of invoked) counted.add(id);
    return [label, invoked.size];
  });
  const others = [...functions].filter((id) => !counted.has(id)).length;
  return [...rows, ...(others > 0 ? [['anything else', others]] : []), ['**every function, a bundle each**', `**${functions.size}**`]];
}

/** Each generated table of docs/deploy.md, by block name, from `template`. */
const deployTables = (template: SynthesizedTemplate): Readonly<Record<string, () => string>> => ({
  functions: () => table(['invoked by', 'functions'], functionRows(template)),
});

/** docs/deploy.md with its generated table rendered afresh from `template`; everything else is kept as written. */
export const renderDeployReference = (markdown: string, template: SynthesizedTemplate): string =>
  renderGeneratedBlocks(markdown, deployTables(template), 'docs/deploy.md');

/** A stage's template as `cdk synth` makes it, without bundling the functions' code. */
export function synthesizeWithoutBundling(): SynthesizedTemplate {
  const outdir = mkdtempSync(join(tmpdir(), 'deploy-reference-'));
  try {
    // An empty list of stacks to bundle is how `cdk synth --exclusively` skips the others' bundling.
    const { app, stack } = buildApp({ stage: 'docs', context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] }, outdir });
    return app.synth().getStackByName(stack.stackName).template as SynthesizedTemplate;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
