import { describe, expect, it } from 'vitest';
import { OPERATION_IDS, operations } from '../openapi/operations';
import { ipcOps, MAIN_ONLY_OPERATIONS, OP_NAMES, RENDERER_API_OPERATION_IDS } from './contract';
import { validateOpInput, validateOpName, validateStream } from './validate';

describe('IPC contract', () => {
  it('exposes every catalogue operation except the main-only ones, with the catalogue schema itself', () => {
    const mainOnly = new Set<string>(MAIN_ONLY_OPERATIONS);
    for (const id of OPERATION_IDS) {
      const name = `api.${id}`;
      if (mainOnly.has(id)) {
        expect(OP_NAMES).not.toContain(name);
      } else {
        expect(OP_NAMES).toContain(name);
        expect((ipcOps as Record<string, { input: unknown }>)[name]?.input).toBe(operations[id].params);
      }
    }
    expect(RENDERER_API_OPERATION_IDS.length).toBe(OPERATION_IDS.length - MAIN_ONLY_OPERATIONS.length);
  });

  it('never lets the renderer reach the access-token calls', () => {
    expect(OP_NAMES.filter((n) => /token(Create|Check|Refresh)/.test(n))).toEqual([]);
  });

  it('gives every operation a zod input schema that accepts or rejects without throwing', () => {
    for (const name of OP_NAMES) {
      const schema = ipcOps[name].input;
      expect(typeof schema.safeParse).toBe('function');
      expect(() => schema.safeParse({ nonsense: Symbol('x') })).not.toThrow();
      expect(() => schema.safeParse(null)).not.toThrow();
    }
  });

  it('validates a good API input and fills catalogue defaults', () => {
    const r = validateOpInput('api.bars', { symbol: 'AAPL', timespan: 'D', count: 100 });
    expect(r).toEqual({
      ok: true,
      value: { symbol: 'AAPL', timespan: 'D', count: 100, category: 'US_STOCK' },
    });
  });

  it('rejects bad input with INVALID_INPUT naming the field path', () => {
    const r = validateOpInput('api.snapshot', { symbols: ['AAPL', 'bad symbol'] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('INVALID_INPUT');
    expect(r.error.retryable).toBe(false);
    expect(r.error.message).toContain('symbols.1');

    const nested = validateOpInput('environments.update', { id: 'x', patch: { apiBaseUrl: 'not a url' } });
    expect(nested.ok).toBe(false);
    if (!nested.ok) expect(nested.error.message).toContain('patch.apiBaseUrl');

    const missing = validateOpInput('api.watchlistInstruments', {});
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error.message).toContain('watchlist_id');
  });

  it('rejects unknown operation names and prototype keys', () => {
    expect(validateOpName('api.nope').ok).toBe(false);
    expect(validateOpName('__proto__').ok).toBe(false);
    expect(validateOpName('toString').ok).toBe(false);
    expect(validateOpName('settings.get')).toEqual({ ok: true, value: 'settings.get' });
  });

  it('only opens https links', () => {
    expect(validateOpInput('shell.openExternal', { url: 'https://www.webull.com' }).ok).toBe(true);
    const r = validateOpInput('shell.openExternal', { url: 'file:///etc/passwd' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain('url');
  });

  it('validates stream params with field paths', () => {
    const good = validateStream('quotes', { symbols: ['AAPL'] });
    expect(good).toEqual({
      ok: true,
      value: {
        stream: 'quotes',
        params: {
          symbols: ['AAPL'],
          subTypes: ['SNAPSHOT'],
          category: 'US_STOCK',
          level: 'top',
          hold: false,
        },
      },
    });
    const level = validateStream('quotes', { symbols: ['AAPL'], level: 'book' });
    expect(level.ok).toBe(false);
    if (!level.ok) expect(level.error.message).toContain('level');
    const bad = validateStream('quotes', { symbols: ['AAPL'], subTypes: ['DEPTH'] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toContain('subTypes.0');
    expect(validateStream('constructor', {}).ok).toBe(false);
  });
});
