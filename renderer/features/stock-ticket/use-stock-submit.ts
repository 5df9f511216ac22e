import type { Decimal } from '../../../shared/decimal';
import { usePlaceOnce } from '../order-ticket';
import type { StockDraft } from './stock-draft';
import { newIntentIds, stockIntentKey, toStockOrders } from './stock-wire';

/**
 * The stock ticket's placement through the tickets' shared place-once submission (docs/ui.md
 * "Stock ticket"): one set of client order ids per intent (the entry's, and its exits' for a
 * bracket). The orders are built at the intent's first preview or placement and kept, so an
 * amount's shares, fixed at the price then, are the same on a retry.
 */
export function useStockSubmit(draft: StockDraft, price: Decimal | undefined) {
  return usePlaceOnce(draft, {
    key: stockIntentKey(draft),
    newIds: newIntentIds,
    toOrders: (d, ids) => toStockOrders(d, ids, price),
    preview: 'api.orderPreview',
    place: 'api.orderPlace',
  });
}
