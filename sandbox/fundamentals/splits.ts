/**
 * Splits that happened (effective dates, `from` old shares become `to` new ones): a small fact
 * table rather than a random draw, so a fund or stock shows a split only where there was one.
 * The fund-splits operation serves the ETF rows; the stock rows document the real splits of the
 * best-known names the universe's reference prices are already adjusted for.
 */
export interface SplitFact {
  date: string;
  from: number;
  to: number;
}

const SPLITS: Record<string, SplitFact[]> = {
  // ETFs
  TQQQ: [{ date: '2022-01-13', from: 1, to: 2 }],
  UPRO: [{ date: '2022-01-13', from: 1, to: 2 }],
  SOXL: [{ date: '2021-03-02', from: 1, to: 15 }],
  USO: [{ date: '2020-04-29', from: 8, to: 1 }],
  // Stocks
  AAPL: [
    { date: '2014-06-09', from: 1, to: 7 },
    { date: '2020-08-31', from: 1, to: 4 },
  ],
  NVDA: [
    { date: '2021-07-20', from: 1, to: 4 },
    { date: '2024-06-10', from: 1, to: 10 },
  ],
  TSLA: [
    { date: '2020-08-31', from: 1, to: 5 },
    { date: '2022-08-25', from: 1, to: 3 },
  ],
  GOOGL: [{ date: '2022-07-18', from: 1, to: 20 }],
  GOOG: [{ date: '2022-07-18', from: 1, to: 20 }],
  AMZN: [{ date: '2022-06-06', from: 1, to: 20 }],
  AVGO: [{ date: '2024-07-15', from: 1, to: 10 }],
  WMT: [{ date: '2024-02-26', from: 1, to: 3 }],
  CMG: [{ date: '2024-06-26', from: 1, to: 50 }],
  LRCX: [{ date: '2024-10-03', from: 1, to: 10 }],
  SMCI: [{ date: '2024-10-01', from: 1, to: 10 }],
};

export const splitsOf = (symbol: string): readonly SplitFact[] => SPLITS[symbol] ?? [];
