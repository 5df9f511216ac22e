import { create } from 'zustand';
import { Decimal } from '../../../shared/decimal';
import { applyQuoteDelta } from '../../../shared/ipc/quote-delta';
import type { QuoteDelta, QuoteRecord } from '../../../shared/ipc/streams';

/**
 * Streaming quotes, keyed by symbol (client state in zustand, updated in batches). One
 * `applyBatch` per IPC flush, so React re-renders once per frame, not per tick. A batch carries
 * only the fields that changed (`QuoteDelta`); applying it makes a new record for each symbol in
 * it and leaves every other record the same object, so a per-symbol selector (`useLiveQuote`)
 * re-renders only the component whose symbol changed.
 */
export interface LiveQuote extends QuoteRecord {
  /** Direction of the last price move, for the flash. */
  lastMove?: 'up' | 'down';
  /** Increments on every price change (the flash restarts on it). */
  moves: number;
}

interface QuoteStore {
  quotes: Record<string, LiveQuote>;
  applyBatch(deltas: readonly QuoteDelta[]): void;
  /** Seed from an HTTP snapshot without overriding fresher streamed values. */
  seed(updates: readonly QuoteRecord[]): void;
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
  applyBatch(deltas) {
    if (deltas.length === 0) return;
    set((state) => {
      // One shallow copy of the index per batch; untouched records keep their identity.
      const quotes = { ...state.quotes };
      for (const d of deltas) {
        const prev = quotes[d.symbol];
        const move = d.price === undefined ? undefined : moveOf(prev?.price, d.price);
        const next = applyQuoteDelta(prev, d) as LiveQuote;
        next.lastMove = move ?? prev?.lastMove;
        next.moves = (prev?.moves ?? 0) + (move ? 1 : 0);
        quotes[d.symbol] = next;
      }
      return { quotes };
    });
  },
  seed(updates) {
    set((state) => {
      // The first screen's prefetch and the mounted panel seed the same snapshots: a seed with
      // nothing newer leaves the state as it is, so no subscriber runs for it.
      let quotes: Record<string, LiveQuote> | undefined;
      for (const u of updates) {
        const prev = state.quotes[u.symbol];
        if (prev && prev.time >= u.time) continue;
        quotes ??= { ...state.quotes };
        quotes[u.symbol] = { ...u, ...prev, moves: prev?.moves ?? 0 };
      }
      return quotes ? { quotes } : state;
    });
  },
}));

/**
 * The price a panel shows for a symbol: the streamed quote's (the store, fed by main's one stream)
 * once there is one, else the value the panel fetched over HTTP. Two sources side by side would
 * show one symbol at two prices at the same moment (docs/ui.md "Live and stale quotes").
 */
export function livePrice(
  live: Pick<QuoteRecord, 'price'> | undefined,
  fetched: string | undefined,
): string | undefined {
  return live?.price ?? fetched;
}

/** One symbol's live quote; the component re-renders only when that symbol's record changes. */
export function useLiveQuote(symbol: string | undefined): LiveQuote | undefined {
  return useQuoteStore((s) => (symbol === undefined ? undefined : s.quotes[symbol]));
}

/** Whether `next` differs from `shown` only by a `time` less than `resolutionMs` newer. */
export function onlyTimeMoved(shown: LiveQuote, next: LiveQuote, resolutionMs: number): boolean {
  if (next.time - shown.time >= resolutionMs || next.time < shown.time) return false;
  for (const key in next) {
    if (key === 'time') continue;
    if (next[key as keyof LiveQuote] !== shown[key as keyof LiveQuote]) return false;
  }
  for (const key in shown) if (!(key in next)) return false;
  return true;
}
