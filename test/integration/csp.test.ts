import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IndexHtmlTransformHook } from 'vite';
import { describe, expect, it } from 'vitest';
import { cspMeta } from '../../electron.vite.config.mts';
import { hardenSession } from '../../electron/main/security';
import { CONTENT_SECURITY_POLICY, META_CONTENT_SECURITY_POLICY } from '../../shared/csp';

/**
 * The renderer's CSP has one source (shared/csp.ts) and two places it applies: the header main
 * puts on every response and the <meta> the renderer build writes into index.html (what Chromium
 * enforces for file:// loads). This ties both to the source, so they cannot drift.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The header hardenSession sets on a response, through a session double that records the listener. */
function headerPolicy(devServerUrl?: string): string | undefined {
  let listener:
    | ((details: object, callback: (r: { responseHeaders?: Record<string, string[]> }) => void) => void)
    | undefined;
  const session = {
    webRequest: { onHeadersReceived: (l: typeof listener) => (listener = l) },
    setPermissionRequestHandler: () => undefined,
    setPermissionCheckHandler: () => undefined,
  } as unknown as Parameters<typeof hardenSession>[0];
  const logger = {
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
    debug: () => undefined,
  };
  hardenSession(session, { logger: logger as never, ...(devServerUrl ? { devServerUrl } : {}) });
  let policy: string | undefined;
  listener?.({ responseHeaders: {} }, (r) => (policy = r.responseHeaders?.['Content-Security-Policy']?.[0]));
  return policy;
}

/** `html` as the renderer build's CSP plugin transforms it. */
function transform(html: string): string {
  const hook = cspMeta.transformIndexHtml as IndexHtmlTransformHook;
  return hook.call({} as never, html, { path: '/index.html', filename: 'index.html' }) as string;
}

const sourceHtml = () => readFileSync(resolve(ROOT, 'renderer/index.html'), 'utf8');

const metaPolicies = (html: string) =>
  [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/g)].map((m) => m[1]);

describe('one Content-Security-Policy', () => {
  it('main sends the shared policy as the response header', () => {
    expect(headerPolicy()).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
  });

  it('the built index.html carries the same policy less its header-only directives, once, before any script', () => {
    const html = transform(sourceHtml());
    const [meta] = metaPolicies(html);
    expect(metaPolicies(html)).toHaveLength(1);
    // Chromium ignores frame-ancestors in a <meta> and logs an error in every window that loads it.
    expect(meta).not.toContain('frame-ancestors');
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    const directives = (p: string) => p.split('; ');
    expect(directives(CONTENT_SECURITY_POLICY).filter((d) => !d.startsWith('frame-ancestors'))).toEqual(
      directives(META_CONTENT_SECURITY_POLICY),
    );
    expect(meta).toBe(META_CONTENT_SECURITY_POLICY);
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
  });

  it('renderer/index.html declares no policy of its own, and the build refuses one that does', () => {
    expect(metaPolicies(sourceHtml())).toEqual([]);
    expect(() => transform(transform(sourceHtml()))).toThrow(/only source/);
  });

  it('renderer/index.html names an icon the policy allows, so Chromium asks the app protocol for no /favicon.ico (a 404 logged in every window)', () => {
    const icon = /<link rel="icon" href="([^"]+)"/.exec(sourceHtml());
    expect(icon?.[1]).toBe('data:,');
    expect(CONTENT_SECURITY_POLICY).toMatch(/img-src [^;]*data:/);
  });

  it('the dev policy (dev server only) adds the HMR websocket and inline preamble to the same base', () => {
    const dev = headerPolicy('http://localhost:5173/');
    expect(dev).toContain("script-src 'self' 'unsafe-inline'");
    expect(dev).toContain("connect-src 'self' ws://localhost:5173");
    expect(cspMeta.apply).toBe('build');
  });
});

describe('permissions', () => {
  it('hardenSession denies every permission request and check, and logs the request', () => {
    let request:
      ((wc: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined;
    let check: ((...args: unknown[]) => boolean) | undefined;
    const warnings: string[] = [];
    const session = {
      webRequest: { onHeadersReceived: () => undefined },
      setPermissionRequestHandler: (h: typeof request) => (request = h),
      setPermissionCheckHandler: (h: typeof check) => (check = h),
    } as unknown as Parameters<typeof hardenSession>[0];
    const logger = { info: () => undefined, warn: (m: string) => warnings.push(m), error: () => undefined };
    hardenSession(session, { logger: logger as never });
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal']) {
      const answers: boolean[] = [];
      request?.({}, permission, (granted) => answers.push(granted));
      expect(answers).toEqual([false]);
      expect(check?.({}, permission, 'app://bullpen')).toBe(false);
    }
    expect(warnings).toHaveLength(5);
    expect(warnings[0]).toMatch(/permission request denied: media/);
  });
});
