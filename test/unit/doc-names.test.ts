import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eventTypes } from '../../lib/objects/event-types';
import { scopes } from '../../lib/scopes';
import { CHECK_EVENT_TYPE } from '../../lib/webhooks/receiver-check';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** What a user reads: README.md, every Markdown page under docs/, and the GitHub Action's inputs. */
function readerFiles(): string[] {
  const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', 'README.md', 'docs', 'action.yml'], {
    cwd: root,
    encoding: 'utf8',
  });
  return tracked.split('\0').filter((file) => file === 'action.yml' || file.endsWith('.md'));
}

/** The resources scopes are named after (`transactions` of `transactions:read`…), and the usual wrong guesses at them. */
const scopeResources = new Set([...scopes.map((scope) => scope.split(':')[0]!), 'payments', 'payment', 'keys', 'account']);
/** The first part of every event type (`payment` of `payment.settled`…). */
const eventNamespaces = new Set(eventTypes.map((type) => type.split('.')[0]!));
/** Suffixes that make a file name, not an event type (`payment.json`). */
const FILE_SUFFIXES = new Set(['json', 'md', 'ts', 'js', 'mjs', 'yml', 'yaml', 'txt', 'png', 'html', 'css']);

/** Every `resource:action` a text names where the resource is a scope's (or looks like one), e.g. `payments:read`. */
function scopeNames(text: string): string[] {
  return [...text.matchAll(/(?<![\w:/.-])([a-z_]+):([a-z_]+)(?![\w:/-])/g)].filter((m) => scopeResources.has(m[1]!)).map((m) => m[0]);
}

/** Every `namespace.name` a text names where the namespace is an event type's, e.g. `payment.settled`. */
function eventNames(text: string): string[] {
  return [...text.matchAll(/(?<![\w.$/-])([a-z_]+)\.([a-z_]+)(?![\w(/-]|\.\w)/g)]
    .filter((m) => eventNamespaces.has(m[1]!) && !FILE_SUFFIXES.has(m[2]!))
    .map((m) => m[0]);
}

describe('the names users read in README, docs/ and action.yml', () => {
  const texts = readerFiles().map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));

  it('name only scopes that exist (lib/scopes.ts)', () => {
    const unknown = texts.flatMap(({ file, text }) =>
      scopeNames(text)
        .filter((name) => !(scopes as readonly string[]).includes(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it("name only event types that exist (lib/objects/event-types.ts, and the receiver check's probe type, never recorded)", () => {
    const known: readonly string[] = [...eventTypes, CHECK_EVENT_TYPE];
    const unknown = texts.flatMap(({ file, text }) =>
      eventNames(text)
        .filter((name) => !known.includes(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('catch a made-up scope or event type, and leave prose, times and files alone (the check itself works)', () => {
    expect(scopeNames('scopes: payments:read,transactions:read and `webhooks:admin`')).toEqual(['payments:read', 'transactions:read', 'webhooks:admin']);
    expect(scopeNames('at 12:30, see https://example.com:443/x, note: this')).toEqual([]);
    expect(eventNames('`payment.settled`, payment.captured and refund.created')).toEqual(['payment.settled', 'payment.captured', 'refund.created']);
    expect(eventNames('-d @payment.json, customer.email, data.object')).toEqual([]);
  });
});
