import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import type { TradeEventMessage } from '../../../shared/ipc/contract';
import type { Settings } from '../../../shared/ipc/app-types';
import { DEFAULT_SETTINGS } from '../../../shared/ipc/settings-defaults';
import { invoke, subscribe } from '../../lib/bridge';
import { orderNotice } from './order-text';

/** Every query a trade event can change: the blotter's lists, positions (and their lots) and balances. */
const TRADING_QUERIES = [
  'api.ordersOpen',
  'api.ordersHistory',
  'api.positions',
  'api.positionDetails',
  'api.balance',
] as const;

export function refreshTrading(queryClient: QueryClient): void {
  for (const op of TRADING_QUERIES) void queryClient.invalidateQueries({ queryKey: [op] });
}

/**
 * The one trade-event subscriber of a window (mounted by the app shell): each event refreshes the
 * trading queries (the lists are re-read, never patched from the event, so an event is neither
 * lost nor counted twice), and a fill, partial fill or rejection raises a toast and an OS
 * notification as the settings allow. When the events link comes back after a drop, everything is
 * re-read: events sent while it was down are not replayed.
 */
export function useTradeEvents(): void {
  const queryClient = useQueryClient();
  const seen = useRef(new Set<string>());
  useEffect(() => {
    const offEvents = subscribe('tradeEvents', {}, (e: TradeEventMessage) => {
      refreshTrading(queryClient);
      if (e.kind !== 'order') return;
      const notice = orderNotice(e.payload);
      if (!notice) return;
      // One notice per order state: a repeated delivery of the same state says nothing new.
      const key = `${e.payload.client_order_id}:${e.payload.status}:${e.payload.filled_quantity}`;
      if (seen.current.has(key)) return;
      seen.current.add(key);
      if (seen.current.size > 1000) seen.current.clear();
      // A cancellation is told in the window (the trader asked for it, or the day ended): no OS notice.
      if (notice.kind === 'cancelled') {
        toast.info(notice.title, { description: notice.body });
        return;
      }
      const settings = queryClient.getQueryData<Settings>(['settings.get', {}]) ?? DEFAULT_SETTINGS;
      if (!settings.orderNotifications[notice.kind]) return;
      if (notice.kind === 'rejected') toast.error(notice.title, { description: notice.body });
      else toast.success(notice.title, { description: notice.body });
      void invoke('notify.show', { title: notice.title, body: notice.body }).catch(() => undefined);
    });
    let last: string | undefined;
    const offLink = subscribe('connection', {}, (c) => {
      if (last !== undefined && last !== 'live' && c.events === 'live') refreshTrading(queryClient);
      last = c.events;
    });
    return () => {
      offEvents();
      offLink();
    };
  }, [queryClient]);
}
