import { useQuery } from '@tanstack/react-query';
import { fractionalRulesOf, linkedOrdersOf } from '../../../shared/environments';
import { apiQuery } from '../../lib/queries';

/**
 * What the stock ticket may offer for `symbol` here: bracket exits where the environment takes
 * linked brackets (`linkedOrdersOf`); the overnight sessions where the symbol is quoted overnight (the snapshot answers
 * with its overnight figures; an environment without overnight data refuses the question);
 * fractional shares and orders by amount where the environment takes them (`fractionalRulesOf`:
 * the Sandbox, Webull US), with its minimum buy.
 */
export function useStockCapabilities(symbol: string) {
  const state = useQuery(apiQuery('environments.list', {})).data;
  const active = state?.environments.find((e) => e.id === state.activeId);
  const overnight = useQuery(
    apiQuery(
      'api.snapshot',
      { symbols: [symbol], category: 'US_STOCK', overnight_required: true },
      { enabled: symbol !== '', staleTime: 5 * 60_000, retry: false },
    ),
  );
  const ovn = overnight.data?.[0];
  return {
    // The environment's linked-order kinds (shared/environments.ts); until the list is in, none.
    brackets: active ? linkedOrdersOf(active).includes('BRACKET') : false,
    overnight: ovn?.ovn_trade_time !== undefined || ovn?.ovn_price !== undefined,
    fractional: active ? fractionalRulesOf(active).allowed : false,
    minimumBuy: active ? fractionalRulesOf(active).minimumBuy : undefined,
  };
}
