import type { Account } from '../../shared/openapi/records/accounts';
import { type RouteTable, badParameter, notFound } from '../http/route-types';
import type { MarketView } from '../market/market-view';
import type { TradingEngine } from '../trading/trading-engine';
import { balanceView, positionView } from './portfolio';
import { accountNumber } from './seed-accounts';

/** Accounts and assets (docs/openapi-client.md): both account-list paths, balance, positions, position lots. */
export function createAccountRoutes(market: MarketView, engine: TradingEngine): RouteTable {
  const list = (): Account[] =>
    engine.accounts().map((a) => ({
      account_id: a.account_id,
      account_type: a.account_type,
      account_number: accountNumber(a.account_id),
      account_label: a.account_label,
      currency: 'USD',
    }));
  return {
    accountList: list,
    accountListV3: list,
    balance: (p, ctx) => {
      // The sandbox books in USD only; asking for another currency is a clear 400, not a silent USD.
      if (p.total_asset_currency !== 'USD')
        throw badParameter('total_asset_currency', 'the sandbox supports USD only');
      const a = engine.account(p.account_id);
      return balanceView(a, engine.figures(a), p.total_asset_currency, ctx.now);
    },
    positions: (p) => engine.account(p.account_id).positions.map((x) => positionView(market, x)),
    positionDetails: (p) => {
      const position = engine
        .account(p.account_id)
        .positions.find((x) => x.instrument_id === p.instrument_id);
      if (!position) throw notFound(`Position '${p.instrument_id}'`);
      const lots = [...position.lots].sort(
        (a, b) => a.open_time - b.open_time || a.lot_id.localeCompare(b.lot_id),
      );
      let start = 0;
      if (p.last_id !== undefined) {
        const i = lots.findIndex((l) => l.lot_id === p.last_id);
        if (i < 0) throw badParameter('last_id', `unknown lot '${p.last_id}'`);
        start = i + 1;
      }
      const size = p.page_size ?? 20;
      const items = lots.slice(start, start + size);
      const last = items[items.length - 1];
      return {
        instrument_id: position.instrument_id,
        symbol: position.symbol,
        items: items.map((l) => ({ ...l })),
        last_id: last?.lot_id,
        has_more: start + size < lots.length,
      };
    },
  };
}
