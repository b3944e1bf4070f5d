import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHOSEN_PORTS_BELOW, CHOSEN_PORTS_FROM, freePort, kernelPorts } from '../../infra/local/free-port';

/**
 * The ports `npm start` chooses for DynamoDB Local and the identity emulator, and tests for the
 * `npm start`s they make, are bound seconds after they are chosen. A port the kernel handed out is
 * one it hands out again, as the source port of any outgoing connection: a test run lost an
 * `npm start` that way ("Port … is already in use"). So they come from below the kernel's range.
 */

const dir = mkdtempSync(join(tmpdir(), 'free-port-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A range file as Linux has it (/proc/sys/net/ipv4/ip_local_port_range). */
function rangeFile(text: string): string {
  const file = join(dir, `range-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, text);
  return file;
}

const listenOn = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

describe('a free port for something that binds it later', () => {
  it("reads the kernel's range of ports where Linux keeps it, and takes the IANA range elsewhere or when it cannot read one", () => {
    expect(kernelPorts(rangeFile('32768\t60999\n'))).toEqual({ low: 32_768, high: 60_999 });
    expect(kernelPorts(rangeFile('not a range'))).toEqual({ low: 49_152, high: 65_535 });
    expect(kernelPorts(join(dir, 'missing'))).toEqual({ low: 49_152, high: 65_535 });
  });

  it("chooses below the kernel's range, a port nothing holds: one it can bind at once", async () => {
    const { low } = kernelPorts();
    for (let i = 0; i < 5; i++) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(CHOSEN_PORTS_FROM);
      expect(port).toBeLessThan(Math.min(low, CHOSEN_PORTS_BELOW));
      await close(await listenOn(port));
    }
  });

  it('passes over a port something listens on, and chooses again', async () => {
    const file = rangeFile('32768 60999');
    const span = CHOSEN_PORTS_BELOW - CHOSEN_PORTS_FROM;
    const pick = (port: number) => (port - CHOSEN_PORTS_FROM + 0.5) / span;
    const taken = await freePort({ rangeFile: file });
    const holder = await listenOn(taken);
    try {
      const other = taken === CHOSEN_PORTS_BELOW - 1 ? taken - 1 : taken + 1;
      const draws = [pick(taken), pick(other)];
      expect(await freePort({ rangeFile: file, random: () => draws.shift()! })).toBe(other);
      expect(draws).toEqual([]);
    } finally {
      await close(holder);
    }
  });

  it('lets the kernel choose when its range leaves nothing below it, as a machine may set it', async () => {
    const port = await freePort({ rangeFile: rangeFile('1024 65535') });
    // The kernel's choice: from the range this machine really has.
    const { low, high } = kernelPorts();
    expect(port).toBeGreaterThanOrEqual(low);
    expect(port).toBeLessThanOrEqual(high);
    await close(await listenOn(port));
  });
});
