import type { Logger } from './logger';
import type { Redactor } from '../common/redact';

/**
 * Main's policy for an exception nobody caught and a rejection nobody handled: log it (the logger
 * redacts), tell the user with a message that is redacted too, and keep running — a trading app
 * that vanishes mid-session is worse than one that reports a fault. Repeated reports are not
 * shown again within `quietMs`, so a fault in a loop cannot bury the screen in dialogs.
 */
export interface CrashPolicyOptions {
  logger: () => Logger | undefined;
  redactor: () => Redactor | undefined;
  /** Show the user a message (main: dialog.showErrorBox). */
  notify: (title: string, message: string) => void;
  now?: () => number;
  quietMs?: number;
}

export interface ProcessLike {
  on(event: 'uncaughtException', listener: (error: Error) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

const describe = (value: unknown): string =>
  value instanceof Error ? `${value.name}: ${value.message}` : String(value);

export function installCrashPolicy(proc: ProcessLike, opts: CrashPolicyOptions): void {
  const now = opts.now ?? Date.now;
  const quietMs = opts.quietMs ?? 30_000;
  let lastShown = Number.NEGATIVE_INFINITY;

  const report = (kind: string, value: unknown) => {
    const redactor = opts.redactor();
    const logger = opts.logger();
    const text = describe(value);
    // Before the engine (and its redactor) exists, only the error's kind is shown.
    const safe = redactor ? redactor.redact(text) : value instanceof Error ? value.name : 'unknown error';
    if (logger) logger.error(kind, value);
    else process.stderr.write(`${kind}: ${safe}\n`);
    if (now() - lastShown < quietMs) return;
    lastShown = now();
    try {
      opts.notify(
        'Bullpen hit an unexpected error',
        `${safe}\n\nBullpen keeps running; the details are in the log file.`,
      );
    } catch (error) {
      void error;
    }
  };

  proc.on('uncaughtException', (error) => report('uncaught exception', error));
  proc.on('unhandledRejection', (reason) => report('unhandled promise rejection', reason));
}
