import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeFailures, exampleRunner, shellBlocks, type ExampleRunner } from '../support/doc-examples';

/**
 * The runner of the docs' examples (test/support/doc-examples.ts), on small pages of its own against
 * a small server: what it reads from the Markdown, and that it reports an example that does not do
 * what its page says (test/http/docs-examples.test.ts runs the real pages against npm start).
 */

const KEY = 'sk_sbx_demo_0123';
const THING = 'thg_01ABCDEF';

/**
 * A server of things: a key is needed; `POST /things` makes one (201; 409 for an `order` made before,
 * 400 for a body that is not JSON), `GET /things/{id}` reads it, `GET /things` lists a page.
 */
function thingServer() {
  const requests: string[] = [];
  const orders = new Set<string>();
  const answer = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      requests.push(`${req.method} ${req.url}`);
      if (req.headers.authorization !== `Bearer ${KEY}`) return answer(res, 401, { success: false });
      const thing = { id: THING, status: 'new' };
      if (req.method === 'POST' && req.url === '/api/v1/things') {
        let order: string;
        try {
          order = (JSON.parse(body) as { order: string }).order;
        } catch {
          return answer(res, 400, { success: false, error: { code: 'INVALID_JSON' } });
        }
        if (orders.has(order)) return answer(res, 409, { success: false, error: { code: 'DUPLICATE_ORDER_ID' } });
        orders.add(order);
        return answer(res, 201, { success: true, data: thing }, { 'Idempotent-Replayed': 'false' });
      }
      if (req.url === `/api/v1/things/${THING}`) return answer(res, 200, { success: true, data: thing });
      if (req.url === '/api/v1/things') return answer(res, 200, { success: true, data: [thing], pagination: { next_cursor: 'eyJ2.sig-1' } });
      if (req.url === '/api/v1/things?cursor=eyJ2.sig-1') return answer(res, 200, { success: true, data: [], pagination: { next_cursor: null } });
      return answer(res, 404, { success: false, error: { code: 'NOT_FOUND' } });
    });
  });
  return { server, requests };
}

/** A page with one shell block of `lines`, after the tour's opening (its key from npm start's banner). */
const page = (...lines: string[]) =>
  [
    '# A page',
    '',
    '```sh',
    'export BASE=http://127.0.0.1:3000/api/v1 KEY=sk_sbx_…   # the key npm start printed',
    'auth=(-H "Authorization: Bearer $KEY"); json=(-H "Content-Type: application/json")',
    ...lines,
    '```',
    '',
  ].join('\n');

const tour = page(
  `curl -s "\${auth[@]}" "\${json[@]}" "$BASE/things" -d '{"order": "A",`,
  `  "name": "a thing"}'                         # → 201, "id": "thg_…", "status": "new"`,
  'export THING=thg_…   # the id from the answer',
  `curl -s "\${auth[@]}" "$BASE/things/$THING"`,
  '# → 200 {"success":true,"data":{"id":"thg_…",',
  '#        "status":"new"}}',
  `curl -s "\${auth[@]}" "$BASE/things"`,
  'export CURSOR=…   # `pagination.next_cursor` of the answer',
  `curl -s "\${auth[@]}" "$BASE/things?cursor=$CURSOR"`,
);

let things: ReturnType<typeof thingServer>;
let address: string;
let runner: ExampleRunner;

beforeAll(async () => {
  things = thingServer();
  await new Promise<void>((resolve) => things.server.listen(0, '127.0.0.1', resolve));
  address = `127.0.0.1:${(things.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => (things.server as Server).close(resolve)));
afterEach(async () => {
  await runner?.stop();
  things.requests.length = 0;
});

/** Runs `markdown` as one page against the server of things, npm start's banner printing the key; the run before it is stopped and its files removed. */
const run = async (markdown: string) => {
  await runner?.stop();
  runner = exampleRunner({ address, banner: `  Server key: ${KEY}   (client cli_0, all scopes)` });
  return runner.runPage(shellBlocks(markdown, 'page.md'));
};

describe('reading a page', () => {
  it('takes each shell block with its marker, a command over several lines as one, and what each says it answers', () => {
    const markdown = [
      '<!-- example: not run — it deploys -->',
      '```sh',
      'npm run deploy -- --stage team-a',
      '```',
      '',
      '```json',
      '{"not": "shell"}',
      '```',
      '',
      tour,
    ].join('\n');
    const blocks = shellBlocks(markdown, 'page.md');
    expect(blocks.map((b) => [b.where, b.mode, b.why])).toEqual([
      ['page.md:2', 'not run', 'it deploys'],
      ['page.md:12', 'run', undefined],
    ]);
    const commands = blocks[1]!.commands;
    expect(commands.map((c) => c.where)).toEqual([
      'page.md:13',
      'page.md:14',
      'page.md:15',
      'page.md:17',
      'page.md:18',
      'page.md:21',
      'page.md:22',
      'page.md:23',
    ]);
    expect(commands[2]!.code).toBe(`curl -s "\${auth[@]}" "\${json[@]}" "$BASE/things" -d '{"order": "A",\n  "name": "a thing"}'`);
    expect(commands[2]!.expect).toEqual({
      text: '201, "id": "thg_…", "status": "new"',
      status: 201,
      fields: [
        ['id', 'thg_…'],
        ['status', 'new'],
      ],
      headers: [],
    });
    expect(commands[4]!.expect?.status).toBe(200);
    expect(commands[4]!.expect?.fields).toEqual([
      ['success', true],
      ['id', 'thg_…'],
      ['status', 'new'],
    ]);
    expect(commands[5]!.expect).toBeUndefined();
  });

  it('refuses a marker it does not know, rather than run or skip the block on a guess', () => {
    expect(() => shellBlocks('<!-- example: skip -->\n```sh\nnpm start\n```\n', 'page.md')).toThrow('page.md:1: an example marker the runner does not know');
  });
});

describe('running a page', () => {
  it('passes a page whose every command answers as it says, its placeholders filled from npm start and the answers', async () => {
    expect(describeFailures(await run(tour))).toBe('');
    expect(things.requests).toEqual(['POST /api/v1/things', `GET /api/v1/things/${THING}`, 'GET /api/v1/things', 'GET /api/v1/things?cursor=eyJ2.sig-1']);
  });

  it('reports a command whose answer is not a success, where it is, and runs nothing after it', async () => {
    const failures = await run(page(`curl -s "\${auth[@]}" "$BASE/thingz"`, `curl -s "\${auth[@]}" "$BASE/things"`));
    expect(failures).toEqual([
      {
        where: 'page.md:6',
        command: `curl -s "\${auth[@]}" "$BASE/thingz"`,
        why: 'answered 404 {"success":false,"error":{"code":"NOT_FOUND"}}; the page says 2xx',
      },
    ]);
    expect(things.requests).toEqual(['GET /api/v1/thingz']);
  });

  it('reports an example that reuses what an earlier one created: the 409 its page does not expect', async () => {
    const create = `curl -s "\${auth[@]}" "$BASE/things" -d '{"order": "E"}'`;
    const failures = await run(page(create, create));
    expect(failures.map((f) => [f.where, f.why])).toEqual([['page.md:7', expect.stringMatching(/^answered 409 .*DUPLICATE_ORDER_ID.*; the page says 2xx$/)]]);
  });

  it('reports an example meant to fail that does not fail exactly so', async () => {
    const failures = await run(page(`curl -s "\${auth[@]}" "$BASE/things" -d '{"order": "B"}'   # → 409 DUPLICATE_ORDER_ID`));
    expect(failures.map((f) => f.why)).toEqual([expect.stringMatching(/^answered 201 .*; the page says 409 \("→ 409 DUPLICATE_ORDER_ID"\)$/)]);
  });

  it('passes an example meant to fail that fails with the status it names', async () => {
    const create = `curl -s "\${auth[@]}" "$BASE/things" -d '{"order": "C"}'`;
    expect(await run(page(create, `${create}   # → 409, "code": "DUPLICATE_ORDER_ID"`))).toEqual([]);
  });

  it('reports a field or a header the answer does not hold as its comment says', async () => {
    const field = await run(page(`curl -s "\${auth[@]}" "$BASE/things/${THING}"   # → 200, "status": "settled"`));
    expect(field.map((f) => f.why)).toEqual([expect.stringMatching(/where no "status": "settled" is/)]);
    const header = await run(page(`curl -s "\${auth[@]}" "$BASE/things" -d '{"order": "D"}'   # → 201 with Idempotent-Replayed: true`));
    expect(header.map((f) => f.why)).toEqual(['answered without the header Idempotent-Replayed: true ("→ 201 with Idempotent-Replayed: true")']);
  });

  it('reports a placeholder no answer can fill, and a file the page never made', async () => {
    const placeholder = await run(page(`curl -s "\${auth[@]}" "$BASE/things/whe_…"`));
    expect(placeholder.map((f) => f.why)).toEqual(['no answer so far holds a whe_… value']);
    const file = await run(page(`curl -s "\${auth[@]}" "\${json[@]}" "$BASE/things" -d @payment.json`));
    expect(file.map((f) => f.why)).toEqual([expect.stringMatching(/^answered 400 .*INVALID_JSON.*; the page says 2xx$/)]);
  });

  it('reports a command that fails: a request nothing answers, a variable never set', async () => {
    const refused = await run(page('curl -s http://127.0.0.1:1/api/v1/things'));
    expect(refused.map((f) => f.why)).toEqual([expect.stringMatching(/^exited with 7: .*Failed to connect/)]);
    const unset = await run(page('curl -s -H "Authorization: Bearer $SANDBOX_SERVER_KEY" "$BASE/things"'));
    expect(unset.map((f) => f.why)).toEqual([expect.stringMatching(/^exited with 1: .*SANDBOX_SERVER_KEY: unbound variable/)]);
  });

  it('runs a background block on a free port in place of the one it names, while the page goes on, and stops it with the run', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'doc-examples-test-')), 'receiver.pid');
    const markdown = [
      '<!-- example: in the background, listening on 4242 -->',
      '```sh',
      `node -e "require('fs').writeFileSync('${pidFile}', String(process.pid)); require('http').createServer((q,s)=>s.end('{}')).listen(4242,'127.0.0.1')"`,
      '```',
      '',
      '```sh',
      'curl -s http://127.0.0.1:4242/hello   # → 200',
      '```',
    ].join('\n');
    expect(await run(markdown)).toEqual([]);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(alive(pid)).toBe(true);
    await runner.stop();
    expect(alive(pid)).toBe(false);
    rmSync(dirname(pidFile), { recursive: true, force: true });
  });
});

/** Whether a process exists. */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
