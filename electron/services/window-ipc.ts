import type { AppCommand, LinkMessage, OpParsedInput, ThemeInfo } from '../../shared/ipc/contract';
import { Listeners } from '../common/listeners';
import type { OpHandlerGroup } from './ipc-dispatch';
import type { Logger } from './logger';
import { isSafeExternalUrl } from './sender-check';
import type { StreamSources } from './stream-hub';
import type { TrustGate } from './trust/trust-gate';

/**
 * What a window asks of the desktop (`window.openPanel`, `links.publish`, `notify.show`,
 * `shell.openExternal`) and what main tells windows (the `theme`, `links` and `appCommands` streams).
 */
export interface WindowIpc {
  handlers: OpHandlerGroup<'window.openPanel' | 'links.publish' | 'notify.show' | 'shell.openExternal'>;
  sources: Pick<StreamSources, 'theme' | 'links' | 'appCommands'>;
  setTheme(theme: ThemeInfo): void;
  sendCommand(command: AppCommand['command'], windowId?: number): void;
  openLink(url: string): Promise<boolean>;
}

export function createWindowIpc(deps: {
  trust: Pick<TrustGate, 'window' | 'notification' | 'externalLink'>;
  logger: Logger;
  openPanel: (
    panel: OpParsedInput<'window.openPanel'>,
    senderId: number,
  ) => Promise<{ windowId: number }> | { windowId: number };
  openExternal: (url: string) => Promise<void>;
  notify?: (n: { title: string; body: string }) => boolean;
}): WindowIpc {
  const { trust, logger } = deps;
  const listenerError = (error: unknown) => logger.error('a listener threw', error);
  const themeListeners = new Listeners<ThemeInfo>(listenerError);
  const commandListeners = new Listeners<{ command: AppCommand['command']; windowId?: number }>(
    listenerError,
  );
  /** Link groups span windows: a group's instrument chosen in one is told to every other. */
  const linkListeners = new Listeners<{ message: LinkMessage; from: number }>(listenerError);
  let theme: ThemeInfo = { dark: true, source: 'system' };

  const openLink = async (url: string) => {
    if (!isSafeExternalUrl(url) || !(await trust.externalLink(url))) return false;
    await deps.openExternal(url);
    return true;
  };

  return {
    handlers: {
      'window.openPanel': (input, ctx) => {
        trust.window();
        return deps.openPanel(input, ctx.senderId);
      },
      'links.publish': ({ group, symbol, category }, ctx) => {
        linkListeners.emit({ message: { group, instrument: { symbol, category } }, from: ctx.senderId });
        return { delivered: true };
      },
      'notify.show': (n) => {
        if (!trust.notification()) {
          logger.warn('notify.show: too many notifications in a short time; this one was not shown');
          return { shown: false };
        }
        return { shown: deps.notify?.(n) ?? false };
      },
      'shell.openExternal': async ({ url }) => ({ opened: await openLink(url) }),
    },
    sources: {
      theme: (_p, emit) => {
        emit(theme);
        return themeListeners.add(emit);
      },
      links: (_p, emit, { senderId }) =>
        linkListeners.add(({ message, from }) => {
          if (from !== senderId) emit(message);
        }),
      appCommands: (_p, emit, { senderId }) =>
        commandListeners.add(({ command, windowId }) => {
          if (windowId === undefined || windowId === senderId) emit({ command });
        }),
    },
    setTheme(next) {
      theme = next;
      themeListeners.emit(next);
    },
    sendCommand(command, windowId) {
      commandListeners.emit({ command, windowId });
    },
    openLink,
  };
}
