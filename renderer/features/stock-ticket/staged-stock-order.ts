import { create } from 'zustand';
import { showPanel } from '../../lib/show-panel';
import type { StagedStockOrder } from './stock-order-terms';

/**
 * An order staged in the stock ticket from elsewhere (the chart, the depth ladder): the stock ticket
 * brought forward takes it, fills its form once and shows its symbol; nothing is sent until the
 * trader places it. `seq` tells a repeated identical request apart.
 */
interface StagedStockOrderStore {
  staged: StagedStockOrder | undefined;
  seq: number;
  stage(order: StagedStockOrder): void;
  /** The staged order, taken (so no other ticket fills it again). */
  take(): StagedStockOrder | undefined;
}

export const useStagedStockOrder = create<StagedStockOrderStore>((set, get) => ({
  staged: undefined,
  seq: 0,
  stage: (staged) => set((s) => ({ staged, seq: s.seq + 1 })),
  take() {
    const { staged } = get();
    if (staged) set({ staged: undefined });
    return staged;
  },
}));

/**
 * Stage an order in the stock ticket and bring the ticket forward, opening one when the dock has
 * none (lib/show-panel.ts). The ticket shows the staged symbol (it sets its link group's instrument
 * when it differs) and fills its form; the trader places it.
 */
export function stageStockOrder(order: StagedStockOrder): void {
  useStagedStockOrder.getState().stage(order);
  showPanel('stockTicket');
}
