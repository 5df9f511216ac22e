import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

/**
 * The `app://bullpen/` protocol that serves the built renderer (docs/security.md). Electron main
 * registers the scheme as privileged and hands every request to the handler made here; the
 * Chromium stand-in serves the same handler on a loopback origin. Plain Node: the file resolution,
 * the refusal of anything outside the renderer folder and the security headers are tested without
 * Electron (electron/services/app-protocol.test.ts).
 */
export const APP_SCHEME = 'app';
const APP_HOST = 'bullpen';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

function mimeType(path: string): string {
  return MIME[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export interface AppProtocolOptions {
  /** The built renderer folder (out/renderer). */
  root: string;
  /** The Content-Security-Policy sent with every response (shared/csp.ts). */
  contentSecurityPolicy: string;
}

export type AppProtocolHandler = (request: Request) => Promise<Response>;

/**
 * The file under `root` a URL names, or a status for why none: 404 for another host or a missing
 * file, 400 for a malformed escape, 403 for anything that resolves outside `root` (`..`, encoded
 * slashes or dots, NUL).
 */
export function resolveAppPath(rawUrl: string, root: string): { file: string } | { status: 400 | 403 | 404 } {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch (error) {
    void error;
    return { status: 400 };
  }
  if (url.host !== APP_HOST) return { status: 404 };
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch (error) {
    void error;
    return { status: 400 };
  }
  if (path.includes('\0') || path.includes('\\')) return { status: 403 };
  if (path === '' || path.endsWith('/')) path += 'index.html';
  const base = resolve(root);
  const file = resolve(base, `.${path.startsWith('/') ? path : `/${path}`}`);
  if (!file.startsWith(base + sep)) return { status: 403 };
  return { file };
}

export function createAppProtocolHandler(opts: AppProtocolOptions): AppProtocolHandler {
  const securityHeaders = {
    'Content-Security-Policy': opts.contentSecurityPolicy,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
  };
  const fail = (status: number, text: string) =>
    new Response(text, {
      status,
      headers: { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8' },
    });

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return fail(405, 'Method Not Allowed');
    const target = resolveAppPath(request.url, opts.root);
    if ('status' in target) {
      const text = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found' }[target.status];
      return fail(target.status, text);
    }
    try {
      const info = await stat(target.file);
      if (!info.isFile()) return fail(404, 'Not Found');
      const body = request.method === 'HEAD' ? null : await readFile(target.file);
      return new Response(body, {
        status: 200,
        headers: {
          ...securityHeaders,
          'Content-Type': mimeType(target.file),
          'Content-Length': String(info.size),
        },
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return fail(404, 'Not Found');
      return fail(500, 'Internal Server Error');
    }
  };
}
