/**
 * Child process of the bench (bench/bundles.ts): synthesizes the CDK stack as `cdk synth` does
 * (infra/sandbox-app.ts `createStack`, cdk.json context, one esbuild build of every function's entry by
 * infra/constructs/bundles.ts), plus a second app in which the same SandboxFunction construct
 * bundles the two reference entries — the bare DynamoDB document client and an empty handler — and
 * writes where each bundle landed.
 *
 *   node --import tsx bench/synth-bundles.ts <outdir> <result.json>
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { cdkJsonContext } from '../infra/app';
import { createStack } from '../infra/sandbox-app';
import { SandboxBundles } from '../infra/constructs/bundles';
import { SandboxFunction } from '../infra/constructs/sandbox-function';
import { ENV } from '../lib/config/env';
import { fallbackFunction, routeList } from '../lib/routes';

/** A function's bundle and the configuration it runs with. */
export interface SynthesizedFunction {
  readonly name: string;
  /** The route's id; null for the fallback and the reference bundles. */
  readonly routeId: string | null;
  readonly entry: string;
  /** The staged asset directory (index.mjs and index.mjs.map). */
  readonly assetDir: string;
  readonly memorySize: number;
  readonly architectures: string[];
  readonly runtime: string;
  /** Literal environment variables of the function (NODE_OPTIONS among them). */
  readonly environment: Record<string, string>;
  /** Whether the stack sets TABLE_NAME (to the table's generated name, a token here). */
  readonly boundToTable: boolean;
  /** The variables the stack sets to a value known only at deploy (a token here: the pool's id, the identity endpoint…). */
  readonly deployTimeVariables: string[];
  /** Whether the stack sets CURSOR_SECRET_ARN (to the secret's ARN, a token here). */
  readonly readsCursorSecret: boolean;
}

export interface SynthResult {
  readonly functions: SynthesizedFunction[];
  readonly references: { readonly floor: SynthesizedFunction; readonly empty: SynthesizedFunction };
}

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

type Resource = { Type: string; Properties: Record<string, any> };

function describe(
  outdir: string,
  resources: Record<string, Resource>,
  stack: Stack,
  fn: SandboxFunction,
  name: string,
  routeId: string | null,
  entry: string,
): SynthesizedFunction {
  const resource = resources[stack.getLogicalId(fn.function.node.defaultChild as never)];
  if (!resource) throw new Error(`No Lambda function resource for ${name}`);
  const p = resource.Properties;
  const variables = (p.Environment?.Variables ?? {}) as Record<string, unknown>;
  const environment = Object.fromEntries(Object.entries(variables).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return {
    name,
    routeId,
    entry,
    // The bundle of asset <hash> is uploaded as <hash>.zip and staged as asset.<hash> (as test/infra/stack.test.ts reads it).
    assetDir: join(outdir, `asset.${String(p.Code.S3Key).replace(/\.zip$/, '')}`),
    memorySize: Number(p.MemorySize ?? 128),
    architectures: p.Architectures ?? ['x86_64'],
    runtime: String(p.Runtime),
    environment,
    boundToTable: ENV.tableName in variables,
    deployTimeVariables: Object.keys(variables).filter((name) => typeof variables[name] !== 'string'),
    readsCursorSecret: ENV.cursorSecretArn in variables,
  };
}

function main(): void {
  const [outdir, resultFile] = process.argv.slice(2);
  if (!outdir || !resultFile) throw new Error('usage: synth-bundles.ts <outdir> <result.json>');

  const appDir = join(outdir, 'app');
  // The stack `buildApp` creates, without the cdk-nag pass it adds: the checks read the template and never touch a bundle.
  const app = new App({ context: cdkJsonContext(), outdir: appDir });
  const stack = createStack(app, { stage: 'bench', retain: false });
  const resources = app.synth().getStackByName(stack.stackName).template.Resources as Record<string, Resource>;
  const functions = routeList.map((route) => describe(appDir, resources, stack, stack.routeFunctions.get(route.id)!, route.id, route.id, route.handler));
  functions.push(describe(appDir, resources, stack, stack.fallbackFunction, fallbackFunction.id, null, fallbackFunction.handler));

  const refDir = join(outdir, 'references');
  const refApp = new App({ context: cdkJsonContext(), outdir: refDir });
  const refStack = new Stack(refApp, 'BenchReferenceBundles');
  const referenceEntries = { floor: 'bench/entries/dynamodb-floor.ts', empty: 'bench/entries/empty.ts' };
  // Named before the first function, as the stack names its own, so one build makes both.
  SandboxBundles.of(refStack).add(...Object.values(referenceEntries).map((entry) => join(projectRoot, entry)));
  const make = (id: string, entry: string) => ({ fn: new SandboxFunction(refStack, id, { entry: join(projectRoot, entry) }), entry });
  const floor = make('DynamoDbDocumentClient', referenceEntries.floor);
  const empty = make('Empty', referenceEntries.empty);
  const refResources = refApp.synth().getStackByName(refStack.stackName).template.Resources as Record<string, Resource>;

  const result: SynthResult = {
    functions,
    references: {
      floor: describe(refDir, refResources, refStack, floor.fn, 'dynamodb-client (floor)', null, floor.entry),
      empty: describe(refDir, refResources, refStack, empty.fn, 'empty module', null, empty.entry),
    },
  };
  writeFileSync(resultFile, JSON.stringify(result, null, 2));
}

main();
