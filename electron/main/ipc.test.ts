import { afterEach, describe, expect, it } from 'vitest';
import { IPC_CHANNELS } from '../../shared/ipc/channels';
import { createAppEngine, type AppEngine } from '../services/app-engine';
import { createTestCipher } from '../standin/test-cipher';
import { ipcHandlers } from '../standin/windows';
import { registerIpc } from './ipc';
import { testTempDir } from '../testing/temp-dir';

/**
 * main's IPC registration against the stand-in's ipcMain (Vitest aliases 'electron' to it): the
 * sender check runs before anything reaches the dispatcher or the stream hub.
 */
const rendererFileUrl = 'file:///opt/bullpen/out/renderer/index.html';
const event = (id: number, url: string, parent: object | null = null) => ({
  sender: { id },
  senderFrame: { url, parent },
});

describe('registerIpc', () => {
  let engine: AppEngine | undefined;
  let unregister: (() => void) | undefined;
  afterEach(async () => {
    unregister?.();
    await engine?.close();
  });

  function setup() {
    engine = createAppEngine({
      userDataDir: testTempDir('bullpen-ipc-'),
      cipher: createTestCipher({ available: true }),
      parts: () => ({
        startSandbox: () => Promise.reject(new Error('not in this test')),
        createClient: () => {
          throw new Error('not in this test');
        },
      }),
      send: () => undefined,
      openPanel: () => ({ windowId: 1 }),
      openExternal: () => Promise.resolve(),
      ask: (q) => Promise.resolve(q.cancelId),
    });
    unregister = registerIpc(engine, { origins: { rendererFileUrl }, ourWebContentsIds: () => new Set([5]) });
    const invoke = ipcHandlers.get(IPC_CHANNELS.invoke);
    const subscribe = ipcHandlers.get(IPC_CHANNELS.subscribe);
    if (!invoke || !subscribe) throw new Error('handlers not registered');
    return { invoke, subscribe };
  }

  it('serves our window and refuses other senders, frames and origins', async () => {
    const { invoke, subscribe } = setup();
    const call = (e: ReturnType<typeof event>) => invoke(e as never, 'settings.get', {});
    expect(await call(event(5, `${rendererFileUrl}?panel=chart`))).toMatchObject({
      ok: true,
      value: { theme: 'system' },
    });
    for (const bad of [
      event(6, rendererFileUrl),
      event(5, 'https://evil.example/'),
      event(5, rendererFileUrl, {}),
      event(5, 'about:srcdoc', {}),
    ]) {
      expect(await call(bad)).toEqual({
        ok: false,
        error: { code: 'FORBIDDEN', message: 'This frame may not call Bullpen.', retryable: false },
      });
    }
    expect(await subscribe(event(6, rendererFileUrl) as never, 's1', 'theme', {})).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(await subscribe(event(5, rendererFileUrl) as never, 's1', 'theme', {})).toEqual({
      ok: true,
      value: { subscriptionId: 's1' },
    });
  });

  it('removes its handlers on unregister', () => {
    setup();
    unregister?.();
    unregister = undefined;
    expect(ipcHandlers.has(IPC_CHANNELS.invoke)).toBe(false);
  });
});
