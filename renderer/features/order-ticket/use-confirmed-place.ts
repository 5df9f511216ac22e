import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiQuery } from '../../lib/queries';
import type { PlaceOnce } from './use-place-once';

/**
 * A ticket's Place: blocked while placing, once placed (until the ticket changes) and when the
 * ticket says so (a buying-power shortfall); after the ticket's own check, through the
 * confirmation dialog when Settings asks for one (docs/ui.md "Options ticket", "Stock ticket").
 */
export function useConfirmedPlace(ticket: PlaceOnce, blocked: boolean) {
  const confirmOrders = useQuery(apiQuery('settings.get', {})).data?.confirmOrders ?? true;
  const [confirming, setConfirming] = useState<string | undefined>();
  const disabled = ticket.placing || ticket.placed || blocked;
  return {
    disabled,
    /** The confirmation's words while it is open. */
    confirming,
    /** Place the order on screen: `check` shows the ticket's field errors, `text` words the confirmation. */
    request: (check: () => boolean, text: () => string) => {
      if (disabled || !check()) return;
      if (confirmOrders) setConfirming(text());
      else void ticket.submit();
    },
    cancel: () => setConfirming(undefined),
    confirm: () => {
      setConfirming(undefined);
      void ticket.submit();
    },
  };
}

export type ConfirmedPlace = ReturnType<typeof useConfirmedPlace>;
