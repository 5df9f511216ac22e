import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import type { Redactor } from '../common/redact';

/**
 * The rotating log in the user-data folder (docs/shell.md): `bullpen.log`, rolled to `bullpen.1.log` …
 * `bullpen.<maxFiles-1>.log` when it would pass `maxBytes`. Every line goes through the redactor
 * first, so neither the app secret nor an access token can reach the disk. Writes are synchronous:
 * a line logged just before a crash is on disk, and shutdown has nothing to flush.
 */
type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, detail?: unknown): void;
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
  readonly file: string;
}

export interface RotatingLogOptions {
  dir: string;
  redactor: Redactor;
  fileName?: string;
  maxBytes?: number;
  maxFiles?: number;
  now?: () => number;
  /** Also echo to stderr (development). */
  echo?: boolean;
}

export function createRotatingLogger(opts: RotatingLogOptions): Logger {
  const { dir, redactor } = opts;
  const base = (opts.fileName ?? 'bullpen.log').replace(/\.log$/, '');
  const maxBytes = opts.maxBytes ?? 1024 * 1024;
  const maxFiles = Math.max(1, opts.maxFiles ?? 5);
  const now = opts.now ?? Date.now;
  const file = join(dir, `${base}.log`);
  const rolled = (i: number) => join(dir, `${base}.${i}.log`);
  mkdirSync(dir, { recursive: true });
  let size = existsSync(file) ? statSync(file).size : 0;

  function rotate(): void {
    rmSync(rolled(maxFiles - 1), { force: true });
    for (let i = maxFiles - 2; i >= 1; i--) {
      if (existsSync(rolled(i))) renameSync(rolled(i), rolled(i + 1));
    }
    if (maxFiles > 1 && existsSync(file)) renameSync(file, rolled(1));
    else rmSync(file, { force: true });
    size = 0;
  }

  function write(level: LogLevel, message: string, detail?: unknown): void {
    const extra =
      detail === undefined
        ? ''
        : ` ${detail instanceof Error ? (detail.stack ?? detail.message) : inspect(detail, { depth: 4, breakLength: Infinity })}`;
    const line = `${new Date(now()).toISOString()} ${level.toUpperCase().padEnd(5)} ${redactor.redact(message + extra).replace(/\r?\n/g, '\n    ')}\n`;
    const bytes = Buffer.byteLength(line);
    if (size > 0 && size + bytes > maxBytes) rotate();
    appendFileSync(file, line, { mode: 0o600 });
    size += bytes;
    if (opts.echo) process.stderr.write(line);
  }

  return {
    file,
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
  };
}
