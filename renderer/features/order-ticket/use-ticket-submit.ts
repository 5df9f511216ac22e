import { newClientOrderId } from '../../../shared/trading';
import { intentKey, toNewOrder, type TicketDraft } from './ticket-model';
import { usePlaceOnce } from './use-place-once';

const newIds = () => ({ entry: newClientOrderId() });

/** The options ticket's placement through the tickets' shared place-once submission (use-place-once.ts): one `client_order_id` per intent. */
export function useTicketSubmit(draft: TicketDraft) {
  return usePlaceOnce(draft, {
    key: intentKey(draft),
    newIds,
    toOrders: (d, ids) => [toNewOrder(d, ids.entry)],
    preview: 'api.optionOrderPreview',
    place: 'api.optionOrderPlace',
  });
}
