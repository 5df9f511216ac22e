import { create } from 'zustand';
import { Decimal } from '../../../shared/decimal';
import type { QuoteUpdate } from '../../../shared/ipc/streams';

/**
 * Streaming quotes, keyed by symbol (STYLE.md habit 3: client state in zustand, updated in
 * batches). One `applyBatch` per IPC flush, so React re-renders once per frame, not per tick.
 * `tick` flips up/down on each price change so a cell can flash.
 */
export interface LiveQuote extends QuoteUpdate {
  /** Direction of the last price move, for the flash. */
  lastMove?: 'up' | 'down';
  /** Increments on every price change (a key for the flash animation). */
  moves: number;
}

interface QuoteStore {
  quotes: Record<string, LiveQuote>;
  applyBatch(updates: readonly QuoteUpdate[]): void;
  /** Seed from an HTTP snapshot without overriding fresher streamed values. */
  seed(updates: readonly QuoteUpdate[]): void;
  /** Forget every quote (another environment is another market). */
  reset(): void;
}

function moveOf(prev: string | undefined, next: string | undefined): 'up' | 'down' | undefined {
  if (!prev || !next || prev === next) return undefined;
  const cmp = new Decimal(next).comparedTo(prev);
  return cmp === 0 ? undefined : cmp > 0 ? 'up' : 'down';
}

export const useQuoteStore = create<QuoteStore>((set) => ({
  quotes: {},
  reset: () => set({ quotes: {} }),
  applyBatch(updates) {
    if (updates.length === 0) return;
    set((state) => {
      const quotes = { ...state.quotes };
      for (const u of updates) {
        const prev = quotes[u.symbol];
        const move = moveOf(prev?.price, u.price);
        quotes[u.symbol] = {
          ...prev,
          ...u,
          lastMove: move ?? prev?.lastMove,
          moves: (prev?.moves ?? 0) + (move ? 1 : 0),
        };
      }
      return { quotes };
    });
  },
  seed(updates) {
    set((state) => {
      const quotes = { ...state.quotes };
      for (const u of updates) {
        const prev = quotes[u.symbol];
        if (prev && prev.time >= u.time) continue;
        quotes[u.symbol] = { ...u, ...prev, moves: prev?.moves ?? 0 };
      }
      return { quotes };
    });
  },
}));
