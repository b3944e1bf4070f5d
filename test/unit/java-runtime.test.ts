import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compiledLauncher, dynamoLocalArgs, findJava, JavaNotFoundError } from '../../infra/local/dynamodb-local';

// Which java runs DynamoDB Local, and how: fake Java homes (a bin/java and a release file); only the launcher's compilation runs the real java.

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'java-homes-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A Java home whose release file says `release` (none when undefined). */
function javaHome(name: string, release?: Record<string, string>): string {
  const home = join(root, name);
  mkdirSync(join(home, 'bin'), { recursive: true });
  writeFileSync(join(home, 'bin', 'java'), '#!/bin/sh\nexit 0\n');
  chmodSync(join(home, 'bin', 'java'), 0o755);
  if (release)
    writeFileSync(
      join(home, 'release'),
      Object.entries(release)
        .map(([k, v]) => `${k}="${v}"\n`)
        .join(''),
    );
  return home;
}

const JDK_MODULES = 'java.base java.compiler jdk.compiler jdk.zipfs';
const JRE_MODULES = 'java.base java.logging java.sql jdk.unsupported';

describe('findJava', () => {
  it('takes $JAVA_HOME/bin/java before any java on PATH, and reads its release file', () => {
    const home = javaHome('jdk-21', { JAVA_VERSION: '21.0.4', MODULES: JDK_MODULES });
    const other = javaHome('jdk-17', { JAVA_VERSION: '17.0.1', MODULES: JDK_MODULES });
    expect(findJava({ JAVA_HOME: home, PATH: join(other, 'bin') })).toEqual({ command: join(home, 'bin', 'java'), version: 21, runsSourceFiles: true });
  });

  it('takes the first java on PATH when JAVA_HOME is unset', () => {
    const home = javaHome('jre-17', { JAVA_VERSION: '17.0.15', MODULES: JRE_MODULES });
    expect(findJava({ PATH: [join(root, 'nothing-here'), join(home, 'bin')].join(':') })).toEqual({
      command: join(home, 'bin', 'java'),
      version: 17,
      runsSourceFiles: false,
    });
  });

  it('refuses a Java older than 17, naming it', () => {
    const home = javaHome('jdk-11', { JAVA_VERSION: '11.0.2', MODULES: JDK_MODULES });
    expect(() => findJava({ JAVA_HOME: home })).toThrow(
      new JavaNotFoundError(
        `${join(home, 'bin', 'java')} is Java 11. DynamoDB Local needs Java 17 or later: install it (e.g. apt-get install openjdk-17-jre-headless, or brew install openjdk@17) and put java on PATH, or set JAVA_HOME.`,
      ),
    );
    expect(() => findJava({ JAVA_HOME: javaHome('jre-8', { JAVA_VERSION: '1.8.0_392' }) })).toThrow(/is Java 8\./);
  });

  it('accepts a java without a release file, and tries the launcher with it', () => {
    const home = javaHome('odd-build');
    expect(findJava({ JAVA_HOME: home })).toEqual({ command: join(home, 'bin', 'java'), version: undefined, runsSourceFiles: true });
  });
});

describe('dynamoLocalArgs', () => {
  it('starts the jar through the loopback launcher when this Java can run a source file', () => {
    const { args, binding } = dynamoLocalArgs({ command: 'java', version: 17, runsSourceFiles: true }, { port: 4567 });
    expect(binding).toBe('loopback');
    const launcher = args.findIndex((a) => a.endsWith('.java'));
    expect(args[launcher]).toMatch(/infra\/local\/java\/LoopbackDynamoDbLocal\.java$/);
    expect(args[launcher - 2]).toBe('-cp');
    expect(args.slice(launcher + 1)).toEqual(['-port', '4567', '-disableTelemetry', '-sharedDb', '-inMemory']);
    expect(args).not.toContain('-jar');
  });

  it('runs the launcher compiled once, when there is a compiled one, with the same arguments to the jar', () => {
    const { args, binding } = dynamoLocalArgs({ command: 'java', version: 17, runsSourceFiles: true }, { port: 4567, launcher: '/cache/abc' });
    expect(binding).toBe('loopback');
    const launcher = args.indexOf('LoopbackDynamoDbLocal');
    // Jars only, which a class-data archive needs: DynamoDB Local's own copy has no Class-Path naming its folder.
    expect(args[launcher - 1]!.split(':').slice(0, 2)).toEqual(['/cache/abc/launcher.jar', '/cache/abc/DynamoDBLocal.jar']);
    expect(args.slice(launcher + 1)).toEqual(['-port', '4567', '-disableTelemetry', '-sharedDb', '-inMemory']);
    expect(args.some((a) => a.endsWith('.java'))).toBe(false);
  });

  it('compiles the launcher into the package cache with the Java it runs it with, once', () => {
    const java = findJava();
    const first = compiledLauncher(java);
    expect(first).toBeDefined();
    expect(existsSync(join(first!, 'launcher.jar'))).toBe(true);
    expect(existsSync(join(first!, 'DynamoDBLocal.jar'))).toBe(true);
    expect(compiledLauncher(java)).toBe(first);
    expect(compiledLauncher({ ...java, runsSourceFiles: false })).toBeUndefined();
  });

  it('falls back to the bare jar, on every interface, when it cannot (a JRE without jdk.compiler)', () => {
    const { args, binding } = dynamoLocalArgs({ command: 'java', version: 17, runsSourceFiles: false }, { port: 4567, dbPath: '/data' });
    expect(binding).toBe('all-interfaces');
    expect(args).toEqual(expect.arrayContaining(['-jar', '-port', '4567', '-dbPath', '/data']));
    expect(args.some((a) => a.endsWith('.java'))).toBe(false);
  });
});
