import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../openapi/api-error';
import { createIpcDispatcher, type OpHandlers } from './ipc-dispatch';
import { createRotatingLogger } from './logger';
import { createRedactor } from '../common/redact';
import { testTempDir } from '../testing/temp-dir';

function setup(overrides: Partial<OpHandlers>) {
  const redactor = createRedactor();
  redactor.addSecret('the-app-secret');
  const logger = createRotatingLogger({ dir: testTempDir('bullpen-disp-'), redactor });
  const handlers = new Proxy(overrides, {
    get: (target, key: string) =>
      (target as Record<string, unknown>)[key] ??
      (() => {
        throw new Error(`no handler ${key}`);
      }),
  }) as OpHandlers;
  return { dispatcher: createIpcDispatcher(handlers, { logger, redactor }), logger };
}

describe('IPC dispatch', () => {
  it('validates, calls the handler with parsed input and returns the value', async () => {
    const seen: unknown[] = [];
    const { dispatcher } = setup({
      'api.bars': (input) => {
        seen.push(input);
        return { symbol: 'AAPL', instrument_id: '1', timespan: 'D', bars: [] };
      },
    });
    const reply = await dispatcher.dispatch(
      'api.bars',
      { symbol: 'AAPL', timespan: 'D', count: '5' },
      { senderId: 1 },
    );
    expect(reply).toEqual({
      ok: true,
      value: { symbol: 'AAPL', instrument_id: '1', timespan: 'D', bars: [] },
    });
    expect(seen).toEqual([{ symbol: 'AAPL', timespan: 'D', count: 5, category: 'US_STOCK' }]);
  });

  it('answers INVALID_INPUT naming the field and never calls the handler', async () => {
    let called = false;
    const { dispatcher } = setup({
      'api.bars': () => {
        called = true;
        throw new Error('unreachable');
      },
    });
    const reply = await dispatcher.dispatch('api.bars', { symbol: 'AAPL', timespan: 'H7' }, { senderId: 1 });
    expect(reply.ok).toBe(false);
    if (!reply.ok) {
      expect(reply.error.code).toBe('INVALID_INPUT');
      expect(reply.error.message).toContain('timespan');
    }
    expect(called).toBe(false);
    const unknownOp = await dispatcher.dispatch({ evil: true }, {}, { senderId: 1 });
    expect(unknownOp.ok).toBe(false);
  });

  it('turns an ApiError into its shape with the secret redacted', async () => {
    const { dispatcher } = setup({
      'api.balance': () => {
        throw new ApiError({
          code: 'INVALID_SIGNATURE',
          message: 'bad signature for the-app-secret',
          status: 401,
          requestId: 'r1',
        });
      },
    });
    const reply = await dispatcher.dispatch('api.balance', { account_id: 'A1' }, { senderId: 1 });
    expect(reply).toEqual({
      ok: false,
      error: {
        code: 'INVALID_SIGNATURE',
        message: 'bad signature for [REDACTED]',
        status: 401,
        requestId: 'r1',
        retryable: false,
      },
    });
  });

  it('turns a bug into INTERNAL_ERROR without leaking its text, and logs it redacted', async () => {
    const { dispatcher, logger } = setup({
      'settings.get': () => {
        throw new TypeError('oops the-app-secret');
      },
    });
    const reply = await dispatcher.dispatch('settings.get', undefined, { senderId: 1 });
    expect(reply).toEqual({
      ok: false,
      error: {
        code: 'INTERNAL_ERROR',
        message: 'Internal error in Bullpen; details are in the log file.',
        retryable: false,
      },
    });
    const log = readFileSync(logger.file, 'utf8');
    expect(log).toContain('oops [REDACTED]');
    expect(log).not.toContain('the-app-secret');
  });
});
