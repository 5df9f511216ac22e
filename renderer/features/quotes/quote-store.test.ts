import { beforeEach, describe, expect, it } from 'vitest';
import { livePrice, onlyTimeMoved, useQuoteStore, type LiveQuote } from './quote-store';

describe('quote store', () => {
  beforeEach(() => useQuoteStore.setState({ quotes: {} }));

  it('merges batches per symbol and tracks the price direction', () => {
    const { applyBatch } = useQuoteStore.getState();
    applyBatch([{ symbol: 'AAPL', time: 1, price: '100.00', volume: '10' }]);
    applyBatch([
      { symbol: 'AAPL', time: 2, price: '100.50' },
      { symbol: 'MSFT', time: 2, price: '300' },
    ]);
    applyBatch([{ symbol: 'AAPL', time: 3, price: '100.25', bid: '100.20' }]);
    const aapl = useQuoteStore.getState().quotes.AAPL;
    expect(aapl).toMatchObject({
      price: '100.25',
      bid: '100.20',
      volume: '10',
      lastMove: 'down',
      moves: 2,
      time: 3,
    });
    expect(useQuoteStore.getState().quotes.MSFT?.price).toBe('300');
  });

  it('does not let an older snapshot overwrite a streamed quote', () => {
    const { applyBatch, seed } = useQuoteStore.getState();
    applyBatch([{ symbol: 'AAPL', time: 10, price: '101' }]);
    seed([
      { symbol: 'AAPL', time: 5, price: '99', open: '98' },
      { symbol: 'TSLA', time: 5, price: '200' },
    ]);
    expect(useQuoteStore.getState().quotes.AAPL?.price).toBe('101');
    expect(useQuoteStore.getState().quotes.TSLA?.price).toBe('200');
  });
  it('leaves the state as it is when a seed holds nothing newer (the same snapshots twice)', () => {
    const { seed } = useQuoteStore.getState();
    const snapshots = [{ symbol: 'AAPL', time: 5, price: '99' }];
    seed(snapshots);
    const before = useQuoteStore.getState();
    let notified = 0;
    const unsubscribe = useQuoteStore.subscribe(() => notified++);
    seed(snapshots);
    unsubscribe();
    expect(useQuoteStore.getState()).toBe(before);
    expect(notified).toBe(0);
  });

  it('compares prices as decimals: the same price written differently is no move', () => {
    const { applyBatch } = useQuoteStore.getState();
    applyBatch([{ symbol: 'KO', time: 1, price: '76.1' }]);
    applyBatch([{ symbol: 'KO', time: 2, price: '76.10' }]);
    expect(useQuoteStore.getState().quotes.KO).toMatchObject({ moves: 0, lastMove: undefined });
    applyBatch([{ symbol: 'KO', time: 3, price: '76.09' }]);
    expect(useQuoteStore.getState().quotes.KO).toMatchObject({ moves: 1, lastMove: 'down' });
  });

  it('forgets every quote on reset (another environment)', () => {
    useQuoteStore.getState().applyBatch([{ symbol: 'AAPL', time: 1, price: '1' }]);
    useQuoteStore.getState().reset();
    expect(useQuoteStore.getState().quotes).toEqual({});
  });

  it('applies a compact batch: changed fields over the record, other records untouched', () => {
    const { applyBatch } = useQuoteStore.getState();
    applyBatch([
      { symbol: 'AAPL', time: 1, price: '190', volume: '10', bid: '189.99' },
      { symbol: 'MSFT', time: 1, price: '410' },
    ]);
    const msft = useQuoteStore.getState().quotes.MSFT;
    applyBatch([{ symbol: 'AAPL', time: 2, volume: '12' }]);
    const { quotes } = useQuoteStore.getState();
    expect(quotes.AAPL).toMatchObject({ time: 2, price: '190', volume: '12', bid: '189.99', moves: 0 });
    expect(quotes.MSFT).toBe(msft);
  });
});

describe('onlyTimeMoved (a row re-renders for a receive time at most once a second)', () => {
  const base: LiveQuote = { symbol: 'AAPL', time: 1_000, price: '190.00', moves: 0 };
  it('is true for a newer time under the resolution and nothing else changed', () => {
    expect(onlyTimeMoved(base, { ...base, time: 1_999 }, 1_000)).toBe(true);
  });
  it('is false once the time is a resolution newer, or older', () => {
    expect(onlyTimeMoved(base, { ...base, time: 2_000 }, 1_000)).toBe(false);
    expect(onlyTimeMoved(base, { ...base, time: 999 }, 1_000)).toBe(false);
  });
  it('is false when any other field changed, appeared or went', () => {
    expect(onlyTimeMoved(base, { ...base, time: 1_001, price: '190.01' }, 1_000)).toBe(false);
    expect(onlyTimeMoved(base, { ...base, time: 1_001, volume: '10' }, 1_000)).toBe(false);
    const { price: _price, ...without } = base;
    expect(onlyTimeMoved(base, { ...without, time: 1_001 }, 1_000)).toBe(false);
  });
});

describe('livePrice (one price per symbol in every panel)', () => {
  it('is the streamed price once the store has one, whatever the panel fetched', () => {
    expect(livePrice({ price: '513.48' }, '513.50')).toBe('513.48');
  });
  it('is the fetched value before the first streamed price', () => {
    expect(livePrice(undefined, '513.50')).toBe('513.50');
    // A record seeded without a price (a book only) does not hide the fetched one.
    expect(livePrice({}, '513.50')).toBe('513.50');
    expect(livePrice(undefined, undefined)).toBeUndefined();
  });
});
