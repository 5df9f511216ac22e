import type { OpenApiClient } from '../../openapi/client';

/**
 * The read-only tour of `bullpen doctor` (docs/doctor.md): every operation the app uses, in the
 * order the app first needs them. No step changes anything at the broker: no order, no watchlist
 * edit, no subscription left behind.
 */
export interface TourContext {
  client: OpenApiClient;
  /** The stock the market-data steps ask about. */
  symbol: string;
  /** Learned along the way: the first account (balance, positions, orders need it). */
  accountId?: string;
  /** Learned along the way: one listed option contract of `symbol` (the option snapshot needs it). */
  optionSymbol?: string;
}

export interface TourStep {
  id: string;
  /** What a user reads in the report. */
  label: string;
  /** The catalogue operation the step calls, when it is one call. */
  operation?: string;
  /** A step whose input an earlier step learns is skipped, with this reason, when it was not learned. */
  needs?: (ctx: TourContext) => string | undefined;
  /** Runs the step; returns one line of what was seen. */
  run(ctx: TourContext): Promise<string>;
}

const needAccount = (ctx: TourContext) => (ctx.accountId ? undefined : 'no account was listed');
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const HTTP_STEPS: readonly TourStep[] = [
  {
    id: 'handshake',
    label: 'Handshake (configuration and access token)',
    operation: 'openApiConfig',
    run: async ({ client }) => {
      await client.ready();
      return 'signed handshake accepted';
    },
  },
  {
    id: 'accounts',
    label: 'Account list',
    operation: 'accountList',
    run: async (ctx) => {
      const accounts = await ctx.client.call('accountList', {});
      ctx.accountId = accounts[0]?.account_id;
      return count(accounts.length, 'account');
    },
  },
  {
    id: 'balance',
    label: 'Balance',
    operation: 'balance',
    needs: needAccount,
    run: async (ctx) => {
      const b = await ctx.client.call('balance', { account_id: ctx.accountId ?? '' });
      return `total asset ${b.total_asset}`;
    },
  },
  {
    id: 'positions',
    label: 'Positions',
    operation: 'positions',
    needs: needAccount,
    run: async (ctx) =>
      count((await ctx.client.call('positions', { account_id: ctx.accountId ?? '' })).length, 'position'),
  },
  {
    id: 'snapshot',
    label: 'Stock snapshot',
    operation: 'snapshot',
    run: async (ctx) => {
      const [s] = await ctx.client.call('snapshot', { symbols: [ctx.symbol] });
      return s ? `${s.symbol} last ${s.price ?? '—'}` : 'no row';
    },
  },
  {
    id: 'bars',
    label: 'Historical bars (one symbol)',
    operation: 'bars',
    run: async (ctx) =>
      count(
        (await ctx.client.call('bars', { symbol: ctx.symbol, timespan: 'D', count: 5 })).bars.length,
        'bar',
      ),
  },
  {
    id: 'batch-bars',
    label: 'Historical bars (batch)',
    operation: 'batchBars',
    run: async (ctx) => {
      const rows = await ctx.client.call('batchBars', { symbols: [ctx.symbol], timespan: 'D', count: 5 });
      return count(rows.length, 'symbol');
    },
  },
  {
    id: 'depth',
    label: 'Quote with depth',
    operation: 'quotes',
    run: async (ctx) => {
      const q = await ctx.client.call('quotes', { symbol: ctx.symbol, depth: 1 });
      return `bid ${q.bids[0]?.price ?? '—'} ask ${q.asks[0]?.price ?? '—'}`;
    },
  },
  {
    id: 'screener',
    label: 'Screener (gainers)',
    operation: 'gainersLosers',
    run: async (ctx) => {
      const page = await ctx.client.call('gainersLosers', { rank_type: 'GAINERS', page_size: 5 });
      return count(page.items.length, 'row');
    },
  },
  {
    id: 'fundamentals',
    label: 'Company profile',
    operation: 'companyProfile',
    run: async (ctx) => {
      const p = await ctx.client.call('companyProfile', { symbol: ctx.symbol });
      return p.name ?? ctx.symbol;
    },
  },
  {
    id: 'watchlists',
    label: 'Watchlists',
    operation: 'watchlistList',
    run: async (ctx) => count((await ctx.client.call('watchlistList', {})).length, 'watchlist'),
  },
  {
    id: 'option-contracts',
    label: 'Option contracts',
    operation: 'optionContracts',
    run: async (ctx) => {
      // The first page is enough to show the operation answers and to pick a contract to quote.
      const page = await ctx.client.call('optionContracts', { underlying_symbols: [ctx.symbol] });
      ctx.optionSymbol = page.data[0]?.symbol;
      const expiries = new Set(page.data.map((c) => c.expiration_date)).size;
      return `${count(page.data.length, 'contract')} in ${count(expiries, 'expiry', 'expiries')} on the first page${page.pagination_key ? ', more pages' : ''}`;
    },
  },
  {
    id: 'option-snapshot',
    label: 'Option snapshot',
    operation: 'optionSnapshot',
    needs: (ctx) => (ctx.optionSymbol ? undefined : 'no option contract was listed'),
    run: async (ctx) => {
      const [s] = await ctx.client.call('optionSnapshot', { symbols: [ctx.optionSymbol ?? ''] });
      return s ? `${s.symbol} last ${s.price ?? '—'}` : 'no row';
    },
  },
  {
    id: 'open-orders',
    label: 'Open orders',
    operation: 'ordersOpen',
    needs: needAccount,
    run: async (ctx) => {
      const orders = await ctx.client.call('ordersOpen', { account_id: ctx.accountId ?? '', page_size: 10 });
      return count(orders.length, 'open order');
    },
  },
];
