import { describe, expect, it, vi } from 'vitest';
import type { AppEngine } from '../services/app-engine';
import type { WindowStateKeeper } from '../services/window-state';

/**
 * Per-window hardening as main asks Electron for it (docs/security.md): the options every window
 * is built with, and the navigation and window.open handlers. Electron is replaced by a recording
 * double; the real binary's behaviour under these options is Electron's (and
 * test/e2e/electron-binary.spec.ts where the binary exists).
 */
const made = vi.hoisted(() => ({
  windows: [] as Array<{
    options: Record<string, unknown>;
    handlers: Record<string, (...a: unknown[]) => unknown>;
  }>,
  opened: [] as string[],
}));

vi.mock('electron', () => {
  class BrowserWindow {
    readonly webContents: Record<string, unknown>;
    constructor(options: Record<string, unknown>) {
      const handlers: Record<string, (...a: unknown[]) => unknown> = {};
      made.windows.push({ options, handlers });
      this.webContents = {
        id: made.windows.length,
        on: (event: string, h: (...a: unknown[]) => unknown) => void (handlers[event] = h),
        setWindowOpenHandler: (h: (...a: unknown[]) => unknown) => void (handlers.windowOpen = h),
      };
    }
    once() {}
    on() {}
    loadURL() {
      return Promise.resolve();
    }
    isDestroyed() {
      return false;
    }
    maximize() {}
  }
  return {
    BrowserWindow,
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    shell: { openExternal: (url: string) => void made.opened.push(url) },
  };
});

const { WindowManager } = await import('./windows');

function manager(isDev: boolean) {
  const warnings: string[] = [];
  const engine = {
    logger: { warn: (m: string) => warnings.push(m), error: () => undefined, info: () => undefined },
    hub: { dropSender: () => undefined },
    // The engine's link policy (allow-list or the user's yes) is tested in test/security/.
    openLink: (url: string) => Promise.resolve(made.opened.push(url) > 0),
  } as unknown as AppEngine;
  const wm = new WindowManager({
    engine,
    preloadPath: '/app/out/preload/index.js',
    appUrl: 'app://bullpen/index.html',
    stateFile: '/nonexistent/window-state.json',
    stateKeeper: { update: () => undefined, flush: () => undefined } as unknown as WindowStateKeeper,
    isDev,
  });
  return { wm, warnings };
}

describe('window hardening', () => {
  it('builds every window isolated, sandboxed, without Node, with web security and no webview', () => {
    made.windows.length = 0;
    const { wm } = manager(false);
    wm.createMainWindow();
    wm.openPanel({ panel: 'chart', symbol: 'AAPL' });
    expect(made.windows).toHaveLength(2);
    for (const { options } of made.windows)
      expect(options.webPreferences).toMatchObject({
        preload: '/app/out/preload/index.js',
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        disableBlinkFeatures: 'Auxclick',
        devTools: false,
      });
  });

  it('denies navigation and window.open; only a safe https URL goes to the system browser', () => {
    made.windows.length = 0;
    made.opened.length = 0;
    const { wm, warnings } = manager(false);
    wm.createMainWindow();
    const handlers = made.windows[0]?.handlers ?? {};
    const navigate = (url: string) => {
      const event = { preventDefault: vi.fn() };
      handlers['will-navigate']?.(event, url);
      return event.preventDefault.mock.calls.length;
    };
    expect(navigate('https://example.com/docs')).toBe(1);
    expect(navigate('file:///etc/passwd')).toBe(1);
    expect(navigate('https://user:pass@example.com/')).toBe(1);
    for (const url of ['https://example.com/a', 'javascript:alert(1)', 'http://example.com'])
      expect(handlers.windowOpen?.({ url })).toEqual({ action: 'deny' });
    expect(made.opened).toEqual(['https://example.com/docs', 'https://example.com/a']);
    expect(warnings.filter((w) => /denied/.test(w))).toHaveLength(6);
  });
});
