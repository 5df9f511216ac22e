import { describe, expect, it } from 'vitest';
import type { QuoteLevel, QuoteRecord, StreamParsedParams } from '../../shared/ipc/streams';
import type { QuoteSubType } from '../../shared/proto/quotes';
import { validateStream } from '../../shared/ipc/validate';
import type { Logger } from './logger';
import type { QuoteFeed } from './ports';
import { createQuoteRouter } from './quote-router';
import type { SessionManager } from './session-manager';

/** A session whose quote feed records what each renderer subscription asked of it. */
function setup() {
  const asked: Array<{ symbol: string; subTypes: readonly QuoteSubType[]; level?: QuoteLevel | 'hold' }> = [];
  /** The feed's listeners by symbol: calling them is the feed delivering that symbol's state. */
  const listeners = new Map<string, Array<(u: QuoteRecord) => void>>();
  const quotes = {
    subscribe: (
      symbol: string,
      subTypes: readonly QuoteSubType[],
      listener: (u: QuoteRecord) => void,
      _c: unknown,
      level?: QuoteLevel | 'hold',
    ) => {
      asked.push({ symbol, subTypes, level });
      // The feed never calls a held subscription's listener (default-engine-parts.ts).
      if (level === 'hold') return () => undefined;
      listeners.set(symbol, [...(listeners.get(symbol) ?? []), listener]);
      return () =>
        listeners.set(
          symbol,
          (listeners.get(symbol) ?? []).filter((l) => l !== listener),
        );
    },
  } as unknown as QuoteFeed;
  const sessions = {
    current: () => ({ quotes }),
    onSession: () => () => undefined,
    ensure: () => Promise.resolve({ quotes }),
  } as unknown as SessionManager;
  const router = createQuoteRouter(sessions, { warn: () => undefined } as unknown as Logger);
  const open = (params: unknown, emit: (u: QuoteRecord) => void = () => undefined) => {
    const checked = validateStream('quotes', params);
    if (!checked.ok || checked.value.stream !== 'quotes') throw new Error('bad params');
    return router.source(checked.value.params as StreamParsedParams<'quotes'>, emit, {
      senderId: 1,
    });
  };
  const deliver = (symbol: string) => {
    for (const l of listeners.get(symbol) ?? []) l({ symbol, time: 1, price: '1.00' } as QuoteRecord);
  };
  return { asked, open, deliver, listeners };
}

describe('quote router levels', () => {
  it('passes the level to the feed: rows at top, the ladder at depth (which implies QUOTE)', () => {
    const { asked, open } = setup();
    open({ symbols: ['AAPL'], subTypes: ['SNAPSHOT', 'QUOTE'] });
    open({ symbols: ['MSFT'], subTypes: ['SNAPSHOT'], level: 'depth' });
    expect(asked).toEqual([
      { symbol: 'AAPL', subTypes: ['SNAPSHOT', 'QUOTE'], level: 'top' },
      { symbol: 'MSFT', subTypes: ['SNAPSHOT', 'QUOTE'], level: 'depth' },
    ]);
  });

  it('a held subscription keeps its symbols on the feed and sends the window nothing (rows off screen)', () => {
    const { asked, open, deliver, listeners } = setup();
    const held: string[] = [];
    const shown: string[] = [];
    const closeHeld = open({ symbols: ['AAPL', 'MSFT'], subTypes: ['SNAPSHOT', 'QUOTE'], hold: true }, (u) =>
      held.push(u.symbol),
    );
    open({ symbols: ['AAPL'], subTypes: ['SNAPSHOT', 'QUOTE'] }, (u) => shown.push(u.symbol));
    expect(asked.map((a) => [a.symbol, a.level])).toEqual([
      ['AAPL', 'hold'],
      ['MSFT', 'hold'],
      ['AAPL', 'top'],
    ]);
    deliver('AAPL');
    deliver('MSFT');
    expect(shown).toEqual(['AAPL']);
    expect(held).toEqual([]);
    closeHeld();
    expect(listeners.get('AAPL')).toHaveLength(1);
  });
});
