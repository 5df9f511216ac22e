import { Decimal, toFixedText } from '../../shared/decimal';
import type { MarketView } from '../market/market-view';
import type { AccountState, TradingFile } from '../trading/trading-state';

/**
 * The two sandbox accounts (docs/sandbox.md): a margin account worth about $100k and a cash account
 * worth about $25k at the universe's reference prices, each with a few long positions held in two
 * lots (so position details have something to page through).
 */
const MARGIN_ACCOUNT_ID = 'SBXM00000001';
const CASH_ACCOUNT_ID = 'SBXC00000001';

const DAY = 86_400_000;

/** Masked broker account numbers, distinct per account (the ids share their last digits). */
const ACCOUNT_NUMBERS: Record<string, string> = {
  [MARGIN_ACCOUNT_ID]: '****4207',
  [CASH_ACCOUNT_ID]: '****6813',
};

export const accountNumber = (accountId: string): string =>
  ACCOUNT_NUMBERS[accountId] ?? `****${accountId.slice(-4)}`;

interface SeedSpec {
  account_id: string;
  account_type: 'MARGIN' | 'CASH';
  account_label: string;
  total: string;
  holdings: Array<[symbol: string, quantity: number]>;
}

const SEEDS: SeedSpec[] = [
  {
    account_id: MARGIN_ACCOUNT_ID,
    account_type: 'MARGIN',
    account_label: 'Sandbox Margin',
    total: '100000',
    holdings: [
      ['AAPL', 60],
      ['MSFT', 24],
      ['SPY', 16],
      ['JPM', 30],
    ],
  },
  {
    account_id: CASH_ACCOUNT_ID,
    account_type: 'CASH',
    account_label: 'Sandbox Cash',
    total: '25000',
    holdings: [
      ['KO', 50],
      ['QQQ', 8],
    ],
  },
];

export function seedTrading(market: MarketView, now: number): TradingFile {
  let lotSeq = 1;
  const accounts: AccountState[] = SEEDS.map((spec) => {
    let invested = new Decimal(0);
    const positions = spec.holdings.flatMap(([symbol, quantity]) => {
      const entry = market.lookup(symbol);
      if (!entry) return [];
      const ref = new Decimal(entry.refPrice);
      const half = Math.floor(quantity / 2);
      const lots = [
        {
          lot_id: `L${lotSeq++}`,
          quantity: String(half),
          cost_price: toFixedText(ref.times('0.88'), 2),
          open_time: now - 120 * DAY,
        },
        {
          lot_id: `L${lotSeq++}`,
          quantity: String(quantity - half),
          cost_price: toFixedText(ref.times('0.96'), 2),
          open_time: now - 30 * DAY,
        },
      ];
      invested = invested.plus(ref.times(quantity));
      return [
        {
          instrument_id: entry.instrument_id,
          symbol,
          instrument_type: 'EQUITY' as const,
          multiplier: 1,
          lots,
        },
      ];
    });
    return {
      account_id: spec.account_id,
      account_type: spec.account_type,
      account_label: spec.account_label,
      cash: toFixedText(new Decimal(spec.total).minus(invested), 2),
      realized: '0',
      positions,
    };
  });
  return { nextOrderSeq: 1, nextLotSeq: lotSeq, accounts, orders: [] };
}
