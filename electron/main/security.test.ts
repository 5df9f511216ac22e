import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { hardenWebContents } from './security';

/**
 * The app-wide rules main applies to every web contents Electron creates (docs/security.md): a
 * `<webview>` is never attached and no web contents may open a window. Electron is replaced by an
 * event emitter with the two methods main uses; the stand-in run (test/e2e/app.spec.ts) shows main
 * installs them on the contents it really creates.
 */
function fakeContents() {
  const contents = Object.assign(new EventEmitter(), {
    windowOpen: undefined as undefined | ((details: { url: string }) => { action: string }),
    setWindowOpenHandler(h: (details: { url: string }) => { action: string }) {
      contents.windowOpen = h;
    },
  });
  return contents;
}

describe('hardenWebContents', () => {
  it('refuses every <webview> attachment', () => {
    const contents = fakeContents();
    hardenWebContents(contents);
    const event = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.preventDefault).toHaveBeenCalledTimes(1);
  });

  it('denies window.open for any URL', () => {
    const contents = fakeContents();
    hardenWebContents(contents);
    for (const url of ['https://example.com/', 'app://bullpen/index.html', 'javascript:alert(1)'])
      expect(contents.windowOpen?.({ url })).toEqual({ action: 'deny' });
  });
});
