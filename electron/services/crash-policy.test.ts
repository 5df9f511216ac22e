import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { installCrashPolicy } from './crash-policy';
import { createRedactor } from '../common/redact';

const SECRET = 'sk-recognisable-0123456789abcdef';

function setup(withEngine = true) {
  const proc = new EventEmitter();
  const logged: Array<[string, unknown]> = [];
  const shown: string[] = [];
  const redactor = createRedactor();
  redactor.addSecret(SECRET);
  let clock = 0;
  const logger = {
    error: (m: string, d?: unknown) => logged.push([m, d]),
    warn: () => undefined,
    info: () => undefined,
    debug: () => undefined,
    file: '',
  };
  installCrashPolicy(proc as never, {
    logger: () => (withEngine ? logger : undefined),
    redactor: () => (withEngine ? redactor : undefined),
    notify: (title, message) => shown.push(`${title}\n${message}`),
    now: () => clock,
    quietMs: 1_000,
  });
  return { proc, logged, shown, advance: (ms: number) => (clock += ms) };
}

describe('crash policy', () => {
  it('logs an uncaught exception and tells the user, without the secret', () => {
    const { proc, logged, shown } = setup();
    proc.emit('uncaughtException', new Error(`request failed with appSecret ${SECRET}`));
    expect(logged[0]?.[0]).toBe('uncaught exception');
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain('request failed');
    expect(shown[0]).not.toContain(SECRET);
  });

  it('handles an unhandled rejection the same way, and does not repeat the dialog in a burst', () => {
    const { proc, logged, shown, advance } = setup();
    proc.emit('unhandledRejection', `token=${SECRET}`);
    proc.emit('unhandledRejection', new Error('again'));
    expect(logged.map((l) => l[0])).toEqual(['unhandled promise rejection', 'unhandled promise rejection']);
    expect(shown).toHaveLength(1);
    expect(shown[0]).not.toContain(SECRET);
    advance(1_000);
    proc.emit('unhandledRejection', new Error('later'));
    expect(shown).toHaveLength(2);
  });

  it('before the engine exists shows only the kind of error', () => {
    const { proc, shown } = setup(false);
    proc.emit('uncaughtException', new TypeError(`boom ${SECRET}`));
    expect(shown[0]).toContain('TypeError');
    expect(shown[0]).not.toContain(SECRET);
  });
});
