import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The stand-in's `protocol` module. Chromium will not navigate to a scheme it does not know, so a
 * handled scheme (`app://bullpen/`) is served on a loopback HTTP origin by a server that calls
 * main's own handler for every request — the product's handler (file resolution, refusals, CSP
 * header) is what answers. BrowserWindow.loadURL maps `app://host/…` to that origin, and the frame
 * URLs main sees (IPC sender checks, getURL) are mapped back, so main observes what Electron shows.
 */
type Handler = (request: Request) => Response | Promise<Response>;

interface Served {
  scheme: string;
  server: Server;
  origin: Promise<string>;
  /** Set once listening, for the synchronous reverse mapping. */
  originValue?: string;
  /** The host of the app URLs loaded (app://bullpen/ → bullpen). */
  host: string;
}

const served = new Map<string, Served>();
const privileged: Array<{ scheme: string; privileges?: object }> = [];

function serve(scheme: string, handler: Handler): Served {
  const entry: Partial<Served> & { host: string; scheme: string } = { scheme, host: 'localhost' };
  const server = createServer((req, res) => {
    const url = `${scheme}://${entry.host}${req.url ?? '/'}`;
    void Promise.resolve()
      .then(() => handler(new Request(url, { method: req.method ?? 'GET' })))
      .then(async (response) => {
        const headers: Record<string, string> = {};
        response.headers.forEach((value, key) => (headers[key] = value));
        res.writeHead(response.status, headers);
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((error: unknown) => {
        process.stderr.write(`stand-in: ${scheme}:// handler failed: ${String(error)}\n`);
        res.writeHead(500).end();
      });
  });
  const origin = new Promise<string>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      entry.originValue = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve(entry.originValue);
    });
  });
  server.unref();
  return Object.assign(entry, { server, origin });
}

export const protocol = {
  registerSchemesAsPrivileged(schemes: Array<{ scheme: string; privileges?: object }>): void {
    privileged.push(...schemes);
  },
  handle(scheme: string, handler: Handler): void {
    if (served.has(scheme)) throw new Error(`The scheme ${scheme} is already handled`);
    if (!privileged.some((s) => s.scheme === scheme))
      process.stderr.write(`stand-in: ${scheme}:// handled but never registered as privileged\n`);
    served.set(scheme, serve(scheme, handler));
  },
  isProtocolHandled: (scheme: string) => served.has(scheme),
  unhandle(scheme: string): void {
    served.get(scheme)?.server.close();
    served.delete(scheme);
  },
};

/** `app://bullpen/x?y` → `http://127.0.0.1:PORT/x?y` when `app` is handled; other URLs unchanged. */
export async function toLoadableUrl(url: string): Promise<string> {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  const entry = scheme ? served.get(scheme) : undefined;
  if (!entry) return url;
  const parsed = new URL(url);
  entry.host = parsed.host;
  return `${await entry.origin}${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** The reverse of toLoadableUrl: what Electron would report as the frame's URL. */
export function toAppUrl(url: string): string {
  for (const entry of served.values()) {
    const origin = entry.originValue;
    if (origin && (url === origin || url.startsWith(`${origin}/`)))
      return `${entry.scheme}://${entry.host}${url.slice(origin.length)}`;
  }
  return url;
}

/** True for a URL on one of the loopback origins that stand for a handled scheme. */
export function isServedUrl(url: string): boolean {
  return toAppUrl(url) !== url;
}

export function closeProtocolServers(): void {
  for (const entry of served.values()) entry.server.close();
}
