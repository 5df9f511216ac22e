import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { IPC_BINDING, preloadInitScript } from './preload-shim';

/** The init script run in a bare context standing in for the page, with main's binding faked. */
function page(binding: (channel: string, args: unknown[]) => Promise<unknown>) {
  const calls: Array<[string, unknown[]]> = [];
  const g: Record<string, unknown> = {
    [IPC_BINDING]: (channel: string, args: unknown[]) => {
      calls.push([channel, args]);
      return binding(channel, args);
    },
    window: { open: () => null },
    location: { href: 'http://127.0.0.1/index.html' },
    URL,
    JSON,
    Promise,
    Object,
    Map,
    Set,
  };
  g.globalThis = g;
  const preload = `const { contextBridge, ipcRenderer } = require('electron');
contextBridge.exposeInMainWorld('api', { invoke: (...a) => ipcRenderer.invoke(...a) });`;
  runInNewContext(preloadInitScript(preload), g);
  return { api: g.api as { invoke(channel: string, ...args: unknown[]): Promise<unknown> }, calls };
}

describe('stand-in preload shim: ipcRenderer.invoke', () => {
  it('resolves with the value main answered as JSON text, and sends the arguments as a copy', async () => {
    const reply = { ok: true, value: { bars: [{ time: 1, close: '10.50' }], note: 'a "quoted" word' } };
    const { api, calls } = page(async () => JSON.stringify(reply));
    const input = { symbol: 'AAPL', count: 1200 };
    await expect(api.invoke('bullpen:invoke', 'api.bars', input)).resolves.toEqual(reply);
    expect(calls).toEqual([['bullpen:invoke', ['api.bars', input]]]);
  });

  it('passes a refusal from main on as a rejection', async () => {
    const { api } = page(async () => {
      throw new Error("No handler registered for 'x'");
    });
    await expect(api.invoke('x')).rejects.toThrow(/No handler registered/);
  });
});
