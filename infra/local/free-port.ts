import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * A port of 127.0.0.1 for something that binds it later: `npm start` chooses DynamoDB Local's and the
 * identity emulator's before they start (java binds its port seconds later), and tests choose an
 * `npm start`'s. A port the kernel handed out (bind to port 0) is one it hands out again at once,
 * to any process: as the source port of an outgoing connection too, and a run of tests or a busy CI
 * makes thousands of those. So the port is chosen outside the kernel's range of such ports
 * (decision 0418): at random, checked free by binding it, and only if that fails twenty times,
 * from the kernel.
 */

/** The lowest port chosen here: below it are the well-known services' registered ports. */
export const CHOSEN_PORTS_FROM = 20_000;

/** The port above the highest chosen here, whatever the kernel's range: where Linux's starts unless changed. */
export const CHOSEN_PORTS_BELOW = 32_768;

/** Where the kernel takes ports from (Linux's ip_local_port_range), else the IANA range macOS and Windows use. */
export function kernelPorts(rangeFile = '/proc/sys/net/ipv4/ip_local_port_range'): { low: number; high: number } {
  try {
    const [low, high] = readFileSync(rangeFile, 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high) && low! > 0 && low! <= high!) return { low: low!, high: high! };
  } catch {
    // not Linux
  }
  return { low: 49_152, high: 65_535 };
}

/** Binds 127.0.0.1:port (0: the kernel's choice) and closes it: the port bound, or undefined when it was taken. */
function tryPort(port: number): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' && port !== 0 ? resolve(undefined) : reject(error)));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A free TCP port of 127.0.0.1 that the kernel does not hand out by itself: from CHOSEN_PORTS_FROM
 * up to the kernel's range, and below CHOSEN_PORTS_BELOW.
 * `random` is Math.random but in tests.
 */
export async function freePort(options: { random?: () => number; rangeFile?: string } = {}): Promise<number> {
  const random = options.random ?? Math.random;
  const high = Math.min(kernelPorts(options.rangeFile).low, CHOSEN_PORTS_BELOW) - 1;
  if (high >= CHOSEN_PORTS_FROM) {
    for (let tries = 0; tries < 20; tries++) {
      const port = await tryPort(CHOSEN_PORTS_FROM + Math.floor(random() * (high - CHOSEN_PORTS_FROM + 1)));
      if (port !== undefined) return port;
    }
  }
  return (await tryPort(0))!;
}
