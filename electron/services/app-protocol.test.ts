import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../shared/csp';
import { APP_ORIGIN, createAppProtocolHandler, resolveAppPath } from './app-protocol';

let parent: string;
let root: string;
let handler: ReturnType<typeof createAppProtocolHandler>;

beforeAll(() => {
  parent = mkdtempSync(join(tmpdir(), 'bullpen-app-protocol-'));
  root = join(parent, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Bullpen</title>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, 'assets', 'app.css'), 'body{}');
  writeFileSync(join(root, 'assets', 'logo.svg'), '<svg/>');
  writeFileSync(join(parent, 'secret.txt'), 'outside the renderer folder');
  handler = createAppProtocolHandler({ root, contentSecurityPolicy: CONTENT_SECURITY_POLICY });
});
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const get = (path: string, method = 'GET') => handler(new Request(`${APP_ORIGIN}${path}`, { method }));

describe('app:// protocol handler', () => {
  it('serves index.html for the root and for its own name, with the CSP header', async () => {
    for (const path of ['/', '/index.html', '/index.html?panel=chart#x']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(await res.text()).toContain('<title>Bullpen</title>');
    }
  });

  it('sends the policy with frame-ancestors and form-action, which a <meta> cannot carry', async () => {
    const csp = (await get('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'none'");
  });

  it('gives each asset its MIME type and nosniff', async () => {
    const cases: Array<[string, string]> = [
      ['/assets/app.js', 'text/javascript; charset=utf-8'],
      ['/assets/app.css', 'text/css; charset=utf-8'],
      ['/assets/logo.svg', 'image/svg+xml'],
    ];
    for (const [path, type] of cases) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('answers 404 for a missing file, a folder and another host, still with the CSP', async () => {
    for (const path of ['/missing.js', '/assets']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    }
    expect((await handler(new Request('app://elsewhere/index.html'))).status).toBe(404);
  });

  it('refuses every path that leaves the renderer folder', async () => {
    for (const path of [
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/%2E%2E%2Fsecret.txt',
      '/..%5csecret.txt',
      '/index.html%00.js',
    ]) {
      const res = await get(path);
      // URL parsing folds `%2e%2e` segments (the result stays inside the root: 404); what survives
      // parsing and decodes to a way out is refused (403). Either way nothing outside is served.
      expect([403, 404], path).toContain(res.status);
      expect(await res.text()).not.toContain('outside the renderer folder');
    }
    for (const path of ['/..%2fsecret.txt', '/assets/..%2F..%2Fsecret.txt', '/..%5csecret.txt', '/a%00b'])
      expect(resolveAppPath(`${APP_ORIGIN}${path}`, root), path).toEqual({ status: 403 });
    // Plain dot segments are already folded by URL parsing and stay inside the root.
    expect(resolveAppPath(`${APP_ORIGIN}/../../secret.txt`, root)).toEqual({
      file: join(root, 'secret.txt'),
    });
  });

  it('answers 400 for a malformed escape and 405 for anything but GET and HEAD', async () => {
    expect((await get('/%E0%A4%A.js')).status).toBe(400);
    expect((await get('/index.html', 'POST')).status).toBe(405);
    const head = await get('/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
