import { readFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * DynamoDB Local holds every client's data with no authentication of its own, so it must answer this
 * machine only. The jar cannot bind one address; infra/local/java/LoopbackDynamoDbLocal.java binds
 * its Jetty connector to 127.0.0.1. Checked on the run's own DynamoDB Local (started by the global
 * setup exactly as `npm start` starts it), from every address this machine has.
 */

const dynamoPort = () => Number(new URL(inject('dynamoEndpoint')).port);

/** This machine's addresses that other machines can reach (link-local IPv6 with its interface). */
const externalAddresses = () =>
  Object.entries(networkInterfaces()).flatMap(([name, list]) =>
    (list ?? []).filter((a) => !a.internal).map((a) => (a.family === 'IPv6' && a.address.startsWith('fe80:') ? `${a.address}%${name}` : a.address)),
  );

/** Connects and closes: 'connected', or the error code (ECONNREFUSED, …). */
const tryConnect = (host: string, port: number) =>
  new Promise<string>((resolve) => {
    const socket = connect({ host, port, timeout: 3_000 });
    socket.once('connect', () => (socket.destroy(), resolve('connected')));
    socket.once('timeout', () => (socket.destroy(), resolve('ETIMEDOUT')));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });

/** Linux: the local addresses of the sockets listening on `port`, from /proc/net/tcp and tcp6. */
function listeningAddresses(port: number): string[] | undefined {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const found: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return undefined; // not Linux
    }
    for (const line of text.trim().split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      const [address, portHex] = local!.split(':');
      if (state === '0A' && portHex === hexPort) found.push(decodeProcAddress(address!)); // 0A: LISTEN
    }
  }
  return found;
}

/** /proc/net's hex address: IPv4 as one little-endian word, IPv6 as four; ::ffff:a.b.c.d read as a.b.c.d. */
function decodeProcAddress(hex: string): string {
  const bytes = (word: string) =>
    word
      .match(/../g)!
      .reverse()
      .map((b) => parseInt(b, 16));
  if (hex.length === 8) return bytes(hex).join('.');
  const all = hex.match(/.{8}/g)!.flatMap(bytes);
  if (all.slice(0, 10).every((b) => b === 0) && all[10] === 0xff && all[11] === 0xff) return all.slice(12).join('.');
  if (all.every((b) => b === 0)) return '::';
  return all
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .replace(/(.{4})(?!$)/g, '$1:');
}

describe('DynamoDB Local', () => {
  // A server of ours on every interface, to show that each address is reachable at all: a refusal
  // of DynamoDB Local's port then means it does not listen there, not that the address is dead.
  let control: Server;
  let controlPort: number;
  beforeAll(async () => {
    control = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => control.listen(0, '::', resolve));
    controlPort = (control.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => control.close(() => resolve())));

  it('answers on 127.0.0.1', async () => {
    expect(await tryConnect('127.0.0.1', dynamoPort())).toBe('connected');
  });

  it('refuses connections to every other address of this machine, each of which is reachable', async () => {
    const addresses = externalAddresses();
    // Machines without a network interface have nothing more to check here; the /proc test below
    // still shows the socket's address on Linux.
    for (const address of addresses) {
      expect(await tryConnect(address, controlPort), `control server on ${address}`).toBe('connected');
      expect(await tryConnect(address, dynamoPort()), `DynamoDB Local on ${address}`).toBe('ECONNREFUSED');
    }
  });

  it('listens on 127.0.0.1 alone (Linux: the listening socket as the kernel lists it)', () => {
    const listening = listeningAddresses(dynamoPort());
    if (listening === undefined) {
      // No /proc (macOS, …): the connection tests above are what this platform can show.
      expect(process.platform).not.toBe('linux');
      return;
    }
    expect(listening).toEqual(['127.0.0.1']);
    // The same reading of our wildcard control server, so the check would see an all-interfaces socket.
    expect(listeningAddresses(controlPort)).toEqual(['::']);
  });
});
