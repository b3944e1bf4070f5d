import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, renameSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, DockerImage, Stack, Stage, type ILocalBundling } from 'aws-cdk-lib';
import { Code, Runtime } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { buildSync, type BuildOptions } from 'esbuild';

/** Every function of the stack runs on this runtime; its bundles target its Node.js version. */
export const FUNCTION_RUNTIME = Runtime.NODEJS_24_X;

/** Where package-lock.json and tsconfig.json live; esbuild resolves modules from here, and entries are named relative to it. */
const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The SDK's default credential chain, and what Lambda bundles use instead. */
const CREDENTIAL_CHAIN = '@aws-sdk/credential-provider-node';
const LAMBDA_CREDENTIALS = fileURLToPath(new URL('../../lib/db/lambda-credentials.ts', import.meta.url));

/**
 * How each function is bundled (decisions 0097 and 0099): one ESM module per function with the SDK
 * inside, minified, with a source map, for the runtime's Node.js. No code splitting: each entry's
 * output is a whole bundle of its own, as if it had been built alone.
 */
const BUNDLE_OPTIONS = {
  bundle: true,
  splitting: false,
  platform: 'node',
  target: FUNCTION_RUNTIME.name.replace(/^nodejs(\d+)\.x$/, 'node$1'),
  format: 'esm',
  outExtension: { '.js': '.mjs' },
  // Prefer packages' ESM builds; CommonJS ones still work through the banner's `require`.
  mainFields: ['module', 'main'],
  // Aliased so a bundled module that imports `createRequire` itself cannot collide with it.
  banner: { js: "import { createRequire as __bannerCreateRequire } from 'module'; const require = __bannerCreateRequire(import.meta.url);" },
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  // The SDK is bundled at the version we test against, not the one the runtime happens to ship.
  external: [],
  // Lambda provides credentials in the environment: the SDK's default chain is swapped for that one
  // provider, ~140 KB less to compile on every cold start (lib/db/lambda-credentials.ts).
  alias: { [CREDENTIAL_CHAIN]: LAMBDA_CREDENTIALS },
  tsconfig: join(PROJECT_ROOT, 'tsconfig.json'),
  absWorkingDir: PROJECT_ROOT,
  logLevel: 'warning',
} satisfies BuildOptions;

const ID = 'SandboxBundles';

/**
 * The bundles of a stack's functions, made by one esbuild build of every entry the stack names
 * (decision 0300) rather than one esbuild process per function. Each function's code is still an
 * asset of its own, hashed by its output, so the template and the assets are what one build per
 * function made; the build runs when CDK stages the first function's asset, and only if the stack
 * is bundled at all (`cdk synth --exclusively`, or the tests' `aws:cdk:bundling-stacks: []`, skip it).
 */
export class SandboxBundles extends Construct {
  /** The stack's bundles, made on first use. */
  static of(scope: Construct): SandboxBundles {
    const stack = Stack.of(scope);
    return (stack.node.tryFindChild(ID) as SandboxBundles | undefined) ?? new SandboxBundles(stack, ID);
  }

  /** Entries named but not yet built: the next build makes them all. */
  private readonly pending = new Set<string>();
  /** Built bundles not yet handed to their function's asset: the directory holding each entry's index.mjs and map. */
  private readonly built = new Map<string, string>();

  /**
   * Names entries (absolute paths) to build with the next one a function asks for. A stack names all
   * of its functions' entries before it makes the first, so one build makes every bundle; an entry
   * not named is still built, in a build of its own.
   */
  add(...entries: readonly string[]): void {
    for (const entry of entries) if (!this.built.has(entry)) this.pending.add(entry);
  }

  /**
   * The Lambda code of `entry` (an absolute path to a module exporting `handler`): its bundle as
   * `index.mjs`, then `afterBundling`'s shell commands, run in the project root, to add files beside it.
   */
  code(entry: string, afterBundling?: (outputDir: string) => string[]): Code {
    this.add(entry);
    return Code.fromAsset(PROJECT_ROOT, {
      // Hashed by the bundle, as NodejsFunction's assets are: a change that leaves every bundle alone changes no asset.
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        image: DockerImage.fromRegistry('dummy'),
        local: new EntryBundling(relative(PROJECT_ROOT, entry), (outputDir) => this.bundle(entry, outputDir, afterBundling)),
      },
    });
  }

  /** Moves the entry's bundle into `outputDir` (building every pending entry first, if it is not built) and runs the commands after. */
  private bundle(entry: string, outputDir: string, afterBundling?: (outputDir: string) => string[]): void {
    if (!this.built.has(entry)) this.buildPending();
    const output = this.built.get(entry)!;
    for (const file of readdirSync(output)) renameSync(join(output, file), join(outputDir, file));
    rmSync(output, { recursive: true });
    this.built.delete(entry);
    for (const command of afterBundling?.(outputDir) ?? []) {
      execFileSync('bash', ['-c', command], { cwd: PROJECT_ROOT, stdio: ['ignore', process.stderr, 'inherit'] });
    }
  }

  /**
   * One esbuild build of every pending entry, each to a directory of its own beside the ones CDK
   * bundles into (the assembly's), so its source map names the sources by the same relative paths.
   */
  private buildPending(): void {
    const entries = [...this.pending];
    this.pending.clear();
    const outdir = Stage.of(this)!.assetOutdir;
    const names = entries.map((_, i) => `bundles-temp-${randomUUID()}-${i}`);
    buildSync({ ...BUNDLE_OPTIONS, entryPoints: entries.map((entry, i) => ({ in: entry, out: `${names[i]}/index` })), outdir });
    for (const [i, entry] of entries.entries()) this.built.set(entry, join(outdir, names[i]!));
  }
}

/**
 * Local bundling of one entry. Its one public field is part of the asset's cache key (CDK stages one
 * asset per distinct source and bundling in an assembly), so two entries never share an asset.
 */
class EntryBundling implements ILocalBundling {
  readonly #bundle: (outputDir: string) => void;

  constructor(
    readonly entry: string,
    bundle: (outputDir: string) => void,
  ) {
    this.#bundle = bundle;
  }

  tryBundle(outputDir: string): boolean {
    this.#bundle(outputDir);
    return true;
  }
}
