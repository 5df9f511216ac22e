import { usePlaceOnce } from '../order-ticket';
import type { StockDraft } from './stock-draft';
import { newIntentIds, stockIntentKey, toStockOrders } from './stock-wire';

/**
 * The stock ticket's placement through the tickets' shared place-once submission (docs/ui.md
 * "Stock ticket"): one set of client order ids per intent (the entry's, and its exits' for a
 * bracket). The orders are built at the intent's first preview or placement and kept, so a retry
 * names the same orders (an order in dollars goes as its amount, sized by the broker at the fill).
 */
export function useStockSubmit(draft: StockDraft) {
  return usePlaceOnce(draft, {
    key: stockIntentKey(draft),
    newIds: newIntentIds,
    toOrders: (d, ids) => toStockOrders(d, ids),
    preview: 'api.orderPreview',
    place: 'api.orderPlace',
  });
}
