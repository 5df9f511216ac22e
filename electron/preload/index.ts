import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { IPC_CHANNELS, type StreamDelivery } from '../../shared/ipc/channels';

/**
 * The whole preload (docs/security.md): one object, `window.bullpen`, with `invoke` and
 * `subscribe`. No logic, no Node, never `ipcRenderer` itself. Sandboxed preloads may only require
 * 'electron', so this imports nothing else at run time (channels.ts is constants only).
 * Types for the renderer come from shared/ipc/contract.ts (renderer/lib/bridge.ts).
 */
type Listener = (data: unknown) => void;
const listeners = new Map<string, Listener>();
let counter = 0;

ipcRenderer.on(IPC_CHANNELS.stream, (_event: IpcRendererEvent, batch: StreamDelivery[]) => {
  if (!Array.isArray(batch)) return;
  for (const delivery of batch) {
    const listener = listeners.get(delivery.subscriptionId);
    if (!listener) continue;
    try {
      listener(delivery.data);
    } catch (error) {
      // One panel's failing handler must not starve the others of their data.
      console.error('bullpen stream listener failed', error);
    }
  }
});

const bridge = {
  invoke(op: string, input?: unknown, options?: unknown): Promise<unknown> {
    return ipcRenderer.invoke(IPC_CHANNELS.invoke, op, input, options);
  },
  subscribe(stream: string, params: unknown, onData: Listener): () => void {
    counter += 1;
    const subscriptionId = `s${counter}-${Date.now().toString(36)}`;
    listeners.set(subscriptionId, onData);
    const opened = ipcRenderer.invoke(IPC_CHANNELS.subscribe, subscriptionId, stream, params) as Promise<{
      ok: boolean;
      error?: { message: string };
    }>;
    opened.then(
      (reply) => {
        if (!reply.ok) {
          listeners.delete(subscriptionId);
          console.error(`bullpen subscribe ${stream} refused: ${reply.error?.message ?? 'unknown error'}`);
        }
      },
      (error: unknown) => console.error('bullpen subscribe failed', error),
    );
    return () => {
      if (!listeners.delete(subscriptionId)) return;
      void ipcRenderer.invoke(IPC_CHANNELS.unsubscribe, subscriptionId);
    };
  },
};

contextBridge.exposeInMainWorld('bullpen', bridge);
