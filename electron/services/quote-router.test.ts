import { describe, expect, it } from 'vitest';
import type { QuoteLevel, StreamParsedParams } from '../../shared/ipc/streams';
import type { QuoteSubType } from '../../shared/proto/quotes';
import { validateStream } from '../../shared/ipc/validate';
import type { Logger } from './logger';
import type { QuoteFeed } from './ports';
import { createQuoteRouter } from './quote-router';
import type { SessionManager } from './session-manager';

/** A session whose quote feed records what each renderer subscription asked of it. */
function setup() {
  const asked: Array<{ symbol: string; subTypes: readonly QuoteSubType[]; level?: QuoteLevel }> = [];
  const quotes = {
    subscribe: (
      symbol: string,
      subTypes: readonly QuoteSubType[],
      _l: unknown,
      _c: unknown,
      level?: QuoteLevel,
    ) => {
      asked.push({ symbol, subTypes, level });
      return () => undefined;
    },
  } as unknown as QuoteFeed;
  const sessions = {
    current: () => ({ quotes }),
    onSession: () => () => undefined,
    ensure: () => Promise.resolve({ quotes }),
  } as unknown as SessionManager;
  const router = createQuoteRouter(sessions, { warn: () => undefined } as unknown as Logger);
  const open = (params: unknown) => {
    const checked = validateStream('quotes', params);
    if (!checked.ok || checked.value.stream !== 'quotes') throw new Error('bad params');
    return router.source(checked.value.params as StreamParsedParams<'quotes'>, () => undefined, {
      senderId: 1,
    });
  };
  return { asked, open };
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
});
