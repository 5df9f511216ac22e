import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { build, type InlineConfig } from 'vite';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

export interface BuiltPage {
  /** The built index.html on the loopback server. */
  url: string;
  /** Stops the server and removes the built files. */
  close(): Promise<void>;
}

/**
 * A page built with Vite into a temporary folder (`prefix` names it) and served on loopback, for
 * code driven in Chromium from Node: the chart's browser tests (test/browser) and the chart
 * benchmark (test/bench/scenarios/chart.ts). `config` is Vite's, without the output folder.
 */
export async function serveBuiltPage(config: InlineConfig, prefix: string): Promise<BuiltPage> {
  const outDir = mkdtempSync(join(tmpdir(), prefix));
  try {
    await build({ ...config, build: { ...config.build, outDir } });
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
  const server = http.createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/')).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    const file = join(outDir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(outDir)) return void res.writeHead(404).end();
    const stream = createReadStream(file);
    stream.on('error', () => res.writeHead(404).end());
    stream.on('open', () => {
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      stream.pipe(res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/index.html`,
    async close() {
      await new Promise((r) => server.close(r));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
