import type { IpcMainInvokeEvent } from 'electron';
import { ipcMain } from 'electron';
import type { ApiErrorShape } from '../../shared/errors';
import { IPC_CHANNELS } from '../../shared/ipc/channels';
import type { IpcReply } from '../../shared/ipc/contract';
import type { AppEngine } from '../services/app-engine';
import { isTrustedSender, type TrustedOrigins } from '../services/sender-check';

/**
 * The three invoke channels, each behind the sender check (Electron's security checklist, docs/shell.md): only the main frame of
 * one of our windows showing our renderer may call. Anything else gets FORBIDDEN and a log line.
 */
const FORBIDDEN: ApiErrorShape = {
  code: 'FORBIDDEN',
  message: 'This frame may not call Bullpen.',
  retryable: false,
};

export function registerIpc(
  engine: AppEngine,
  opts: { origins: TrustedOrigins; ourWebContentsIds: () => ReadonlySet<number> },
): () => void {
  const trusted = (event: IpcMainInvokeEvent, channel: string): boolean => {
    const frame = event.senderFrame;
    const ok =
      frame !== null &&
      frame.parent === null &&
      isTrustedSender(event.sender, frame.url, opts.ourWebContentsIds(), opts.origins);
    if (!ok)
      engine.logger.warn(
        `ipc ${channel} refused from ${frame?.url ?? 'a destroyed frame'} (web contents ${event.sender.id})`,
      );
    return ok;
  };

  ipcMain.handle(
    IPC_CHANNELS.invoke,
    (
      event,
      op: unknown,
      input: unknown,
      options: unknown,
    ): Promise<IpcReply<unknown>> | IpcReply<unknown> => {
      if (!trusted(event, IPC_CHANNELS.invoke)) return { ok: false, error: FORBIDDEN };
      return engine.dispatcher.dispatch(op, input, { senderId: event.sender.id }, options);
    },
  );
  ipcMain.handle(
    IPC_CHANNELS.subscribe,
    (event, subscriptionId: unknown, stream: unknown, params: unknown) => {
      if (!trusted(event, IPC_CHANNELS.subscribe)) return { ok: false, error: FORBIDDEN };
      return engine.hub.subscribe(event.sender.id, subscriptionId, stream, params);
    },
  );
  ipcMain.handle(IPC_CHANNELS.unsubscribe, (event, subscriptionId: unknown) => {
    if (!trusted(event, IPC_CHANNELS.unsubscribe)) return { ok: false, error: FORBIDDEN };
    return engine.hub.unsubscribe(event.sender.id, subscriptionId);
  });
  return () => {
    for (const channel of [IPC_CHANNELS.invoke, IPC_CHANNELS.subscribe, IPC_CHANNELS.unsubscribe])
      ipcMain.removeHandler(channel);
  };
}
