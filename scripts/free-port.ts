import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The first port of the range where the kernel hands out ports of its own (outgoing connections, listen(0)). */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low)) return low;
  } catch {
    // Not Linux: the IANA dynamic range.
  }
  return 49152;
}

function listensOn(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(undefined));
    probe.listen(port, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
    });
  });
}

/**
 * A port nobody listens on right now (127.0.0.1 only), chosen BELOW the kernel's ephemeral range.
 * A port the kernel handed out (listen(0)) is free only until the caller binds it: meanwhile
 * the kernel may give the same number to anyone's outgoing connection or listen(0) — a server
 * started later (Playwright's webServer) then failed with EADDRINUSE in CI. Ports outside the
 * ephemeral range are handed to nobody but the one who asks for them by number.
 */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  const floor = 10_000;
  for (let attempt = 0; low > floor && attempt < 50; attempt += 1) {
    const port = floor + Math.floor(Math.random() * (low - floor));
    if ((await listensOn(port)) !== undefined) return port;
  }
  const any = await listensOn(0);
  if (any === undefined) throw new Error('no free port on 127.0.0.1');
  return any;
}
