import { useQuery } from '@tanstack/react-query';
import {
  ALL_LINKED_ORDERS,
  TEST_ENVIRONMENT_LINKED_ORDERS,
  type LinkedOrders,
} from '../../../shared/trading';
import { apiQuery } from '../../lib/queries';

/**
 * The linked-order kinds an environment takes (shared/trading/groups.ts): every kind on the Sandbox,
 * brackets only on a real environment (Webull's test environment took brackets and refused OTO,
 * OCO and OTOCO). Unknown until the environment list is in: none.
 */
function linkedOrdersOf(kind: 'sandbox' | 'custom' | undefined): LinkedOrders {
  if (kind === 'sandbox') return ALL_LINKED_ORDERS;
  return kind === 'custom' ? TEST_ENVIRONMENT_LINKED_ORDERS : [];
}

/**
 * What the stock ticket may offer for `symbol` here: bracket exits where the environment takes
 * linked orders; the overnight sessions where the symbol is quoted overnight (the snapshot answers
 * with its overnight figures; an environment without overnight data refuses the question);
 * fractional shares on the Sandbox, whose engine fills them (the instrument record of the real
 * service says nothing of fractions, so they are not offered there).
 */
export function useStockCapabilities(symbol: string) {
  const state = useQuery(apiQuery('environments.list', {})).data;
  const kind = state?.environments.find((e) => e.id === state.activeId)?.kind;
  const overnight = useQuery(
    apiQuery(
      'api.snapshot',
      { symbols: [symbol], category: 'US_STOCK', overnight_required: true },
      { enabled: symbol !== '', staleTime: 5 * 60_000, retry: false },
    ),
  );
  const ovn = overnight.data?.[0];
  return {
    brackets: linkedOrdersOf(kind).includes('BRACKET'),
    overnight: ovn?.ovn_trade_time !== undefined || ovn?.ovn_price !== undefined,
    fractional: kind === 'sandbox',
  };
}
