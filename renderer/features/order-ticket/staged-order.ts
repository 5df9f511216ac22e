import { create } from 'zustand';
import { showPanel } from '../../lib/show-panel';
import type { TicketDraft } from './ticket-model';

/**
 * An order staged in the ticket from elsewhere (a position's "Close"): the ticket whose underlying
 * it names fills its form from it, once; nothing is sent until the trader places it. `seq` tells a
 * repeated identical request apart.
 */
export type StagedOrder = Pick<
  TicketDraft,
  'accountId' | 'underlying' | 'expiry' | 'strike' | 'optionType' | 'side' | 'quantity'
>;

interface StagedOrderStore {
  staged: StagedOrder | undefined;
  seq: number;
  stage(order: StagedOrder): void;
  /** The staged order for a ticket on `underlying`, taken (so no other ticket fills it again). */
  take(underlying: string): StagedOrder | undefined;
}

export const useStagedOrder = create<StagedOrderStore>((set, get) => ({
  staged: undefined,
  seq: 0,
  stage: (staged) => set((s) => ({ staged, seq: s.seq + 1 })),
  take(underlying) {
    const { staged } = get();
    if (staged?.underlying !== underlying) return undefined;
    set({ staged: undefined });
    return staged;
  },
}));

/**
 * Stage an order in the options ticket and bring the ticket forward, opening one beside the active
 * panel when the dock has none (lib/show-panel.ts). The caller sets its link group's instrument to the underlying, so
 * the linked ticket follows and takes the order.
 */
export function stageTicketOrder(order: StagedOrder): void {
  useStagedOrder.getState().stage(order);
  showPanel('optionTicket');
}
