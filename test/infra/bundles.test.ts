import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxBundles } from '../../infra/constructs/bundles';
import { SandboxFunction } from '../../infra/constructs/sandbox-function';
import { httpApiEvent } from '../../infra/local/lambda-event';
import { API_BASE_PATH } from '../../lib/routes';
import { skipBuiltinValidation } from '../support/cdk';

skipBuiltinValidation();

// The stack's bundles come from one esbuild build of the entries it names before its first function
// (test/infra/stack.test.ts bundles the whole stage that way); an entry it did not name is still
// bundled, in a build of its own. Three small entries, bundled for real.

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const NAMED = { RouteNotFound: 'functions/route-not-found.ts', GetOpenapi: 'functions/get-openapi.ts' };
const UNNAMED = { ListChannels: 'functions/list-channels.ts' };

let outdir: string;
let assetDirs: Map<string, string>;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'infra-bundles-'));
  const app = new App({ outdir });
  const stack = new Stack(app, 'SandboxBundlesSpec');
  SandboxBundles.of(stack).add(...Object.values(NAMED).map((entry) => join(projectRoot, entry)));
  const functions = Object.entries({ ...NAMED, ...UNNAMED }).map(
    ([id, entry]) => [id, new SandboxFunction(stack, id, { entry: join(projectRoot, entry) })] as const,
  );
  const resources = app.synth().getStackByName(stack.stackName).template.Resources;
  assetDirs = new Map(
    functions.map(([id, fn]) => {
      const key = String(resources[stack.getLogicalId(fn.function.node.defaultChild as CfnElement)].Properties.Code.S3Key);
      // The bundle of asset <hash> is uploaded as <hash>.zip and staged as asset.<hash>.
      return [id, join(outdir, `asset.${key.replace(/\.zip$/, '')}`)];
    }),
  );
}, 120_000);

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const sourcesOf = (id: string): string[] => JSON.parse(readFileSync(join(assetDirs.get(id)!, 'index.mjs.map'), 'utf8')).sources;

describe('the bundles of a stack', () => {
  it("give each function its own entry's bundle, named or not: index.mjs and its source map, nothing else", () => {
    for (const [id, entry] of Object.entries({ ...NAMED, ...UNNAMED })) {
      expect(readdirSync(assetDirs.get(id)!).sort(), id).toEqual(['index.mjs', 'index.mjs.map']);
      const entries = Object.values({ ...NAMED, ...UNNAMED }).filter((other) => sourcesOf(id).some((source) => source.endsWith(other)));
      expect(entries, id).toEqual([entry]);
    }
  });

  it('leave nothing of their builds in the cloud assembly but the assets', () => {
    const directories = readdirSync(outdir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(directories.map((entry) => entry.name).filter((name) => !name.startsWith('asset.'))).toEqual([]);
  });

  it('run on their own: the fallback bundle, imported by a fresh Node process, answers an unknown path with 404', async () => {
    const bundle = pathToFileURL(join(assetDirs.get('RouteNotFound')!, 'index.mjs')).href;
    const script =
      'const { handler } = await import(process.argv[1]);' +
      'const result = await handler(JSON.parse(process.argv[2]), { awsRequestId: "r", getRemainingTimeInMillis: () => 10000 });' +
      'process.stdout.write(JSON.stringify(result));';
    const event = httpApiEvent({ method: 'GET', url: new URL(`http://localhost${API_BASE_PATH}/nope`), headers: {}, body: Buffer.alloc(0), requestId: 'r' });
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--input-type=module', '-e', script, bundle, JSON.stringify(event)],
        { env: { PATH: process.env.PATH!, POWERTOOLS_LOG_LEVEL: 'CRITICAL', NODE_OPTIONS: '--enable-source-maps' } },
        (error, out) => (error ? reject(error) : resolve(out)),
      ),
    );
    const result = JSON.parse(stdout) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(404);
    expect(JSON.parse(result.body).error.code).toBe('NOT_FOUND');
  });
});
