import { create } from 'zustand';
import type { Category } from '../../../shared/openapi/primitives';

/** Which instrument the workstation's panels follow. */
interface SelectionStore {
  symbol: string | undefined;
  category: Category;
  select(symbol: string, category?: string): void;
  /** Nothing selected (another environment: the watchlist selects its first row). */
  reset(): void;
}

const query = new URLSearchParams(window.location.search);
export const useSelection = create<SelectionStore>((set) => ({
  symbol: query.get('symbol') ?? undefined,
  category: query.get('category') === 'US_ETF' ? 'US_ETF' : 'US_STOCK',
  select: (symbol, category) => set({ symbol, category: category === 'US_ETF' ? 'US_ETF' : 'US_STOCK' }),
  reset: () => set({ symbol: undefined, category: 'US_STOCK' }),
}));
