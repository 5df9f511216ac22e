import { describe, expect, it } from 'vitest';
import { createMarketSimulator } from '../market/simulator';
import { quoteMessage } from './quote-messages';

const NOW = Date.parse('2026-11-18T15:00:00Z');
const market = createMarketSimulator({ seed: 42, clock: () => NOW });
const SYMBOLS = market
  .universe()
  .slice(0, 40)
  .map((u) => u.symbol);
const TIMES = [NOW, NOW + 7_000, NOW + 61_000];

describe('the streamed depth book (QUOTE)', () => {
  it('is the book the depth endpoint serves at the same instant: prices, sizes and venue orders', () => {
    for (const symbol of SYMBOLS)
      for (const at of TIMES) {
        const q = market.quote(symbol, at);
        const book = market.depth(symbol, 10, at);
        if (!q || !book) throw new Error(`no quote for ${symbol}`);
        const streamed = quoteMessage(q, at, 10);
        const asWire = (l: (typeof book.asks)[number]) => ({
          price: l.price,
          size: l.size,
          order: (l.orders ?? []).map((o) => ({ mpid: o.mpid, size: o.size })),
        });
        expect(streamed.asks, `${symbol} asks`).toEqual(book.asks.map(asWire));
        expect(streamed.bids, `${symbol} bids`).toEqual(book.bids.map(asWire));
      }
  });

  it('does not grow its sizes in a straight line away from the touch', () => {
    let linear = 0;
    for (const symbol of SYMBOLS) {
      const q = market.quote(symbol, NOW);
      if (!q) continue;
      const sizes = (quoteMessage(q, NOW, 5).asks ?? []).map((l) => Number(l.size));
      if (sizes.every((s, i) => s === (sizes[0] ?? 0) * (i + 1))) linear++;
    }
    expect(linear).toBe(0);
  });
});

describe('the depth book and the quote', () => {
  it('agree on the size at the touch: the top level holds the quoted bid and ask size', () => {
    for (const symbol of SYMBOLS)
      for (const at of TIMES) {
        const q = market.quote(symbol, at);
        const book = market.depth(symbol, 3, at);
        expect(book?.asks[0]?.size, `${symbol} ask size`).toBe(q?.askSize);
        expect(book?.bids[0]?.size, `${symbol} bid size`).toBe(q?.bidSize);
        const snap = market.snapshot(symbol, {}, at);
        expect(snap?.ask_size, `${symbol} snapshot ask size`).toBe(q?.askSize);
      }
  });

  it('keeps every venue order a round lot and each level the sum of its orders', () => {
    for (const symbol of SYMBOLS) {
      const book = market.depth(symbol, 10, NOW);
      for (const level of [...(book?.asks ?? []), ...(book?.bids ?? [])]) {
        const sizes = (level.orders ?? []).map((o) => Number(o.size));
        for (const s of sizes) expect(s % 100 === 0 && s >= 100, `${symbol} order ${s}`).toBe(true);
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(Number(level.size));
      }
    }
  });
});
