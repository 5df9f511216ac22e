/**
 * What a sandboxed Electron preload gets, rebuilt for a plain Chromium page: `require('electron')`
 * with `contextBridge.exposeInMainWorld` and `ipcRenderer.invoke/on/removeListener`. It runs as an
 * init script before any page script, then evaluates the REAL built preload (out/preload/index.js).
 *
 * `ipcRenderer.invoke` goes through the one Playwright binding `__bullpenIpc`, which hands main a
 * real `event.sender` / `event.senderFrame.url` and answers with the reply as JSON text; main's `webContents.send` arrives through
 * `__bullpenStandinDispatch`. `window.open` is routed to main's setWindowOpenHandler.
 */
export const IPC_BINDING = '__bullpenIpc';
export const DISPATCH_FUNCTION = '__bullpenStandinDispatch';
export const WINDOW_OPEN_CHANNEL = '__standin:window-open';

export function preloadInitScript(preloadSource: string): string {
  return `(() => {
  const callMain = (channel, args) => {
    const binding = globalThis[${JSON.stringify(IPC_BINDING)}];
    if (typeof binding !== 'function') return Promise.reject(new Error('stand-in IPC binding missing'));
    // Main answers with the reply as JSON text (windows.ts handleIpc).
    return binding(channel, args).then((text) => JSON.parse(text));
  };
  const listeners = new Map();
  const ipcRenderer = {
    invoke: (channel, ...args) => callMain(channel, JSON.parse(JSON.stringify(args))),
    on(channel, listener) {
      const set = listeners.get(channel) || new Set();
      set.add(listener);
      listeners.set(channel, set);
      return ipcRenderer;
    },
    removeListener(channel, listener) {
      listeners.get(channel)?.delete(listener);
      return ipcRenderer;
    },
  };
  Object.defineProperty(globalThis, ${JSON.stringify(DISPATCH_FUNCTION)}, {
    value: (channel, args) => {
      for (const listener of [...(listeners.get(channel) || [])]) listener({ sender: null }, ...args);
    },
  });
  const contextBridge = {
    exposeInMainWorld(name, api) {
      Object.defineProperty(globalThis, name, { value: Object.freeze({ ...api }), enumerable: false, configurable: false, writable: false });
    },
  };
  const nativeOpen = window.open;
  window.open = function (url) {
    const target = new URL(String(url ?? ''), location.href).href;
    void callMain(${JSON.stringify(WINDOW_OPEN_CHANNEL)}, [target]);
    return null;
  };
  void nativeOpen;
  const require = (name) => {
    if (name === 'electron') return { ipcRenderer, contextBridge };
    throw new Error("Cannot find module '" + name + "' (a sandboxed preload may only require electron)");
  };
  const module = { exports: {} };
  (function (require, module, exports) {
${preloadSource}
  }).call(undefined, require, module, module.exports);
})();`;
}
