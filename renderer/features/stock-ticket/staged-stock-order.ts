import { create } from 'zustand';
import { showPanel } from '../../lib/show-panel';
import type { StagedStockOrder } from './stock-order-terms';

/**
 * An order staged in the stock ticket from elsewhere (the chart, the depth ladder): the ticket it
 * is meant for fills its form from it, once, and shows its symbol; nothing is sent until the trader
 * places it. `seq` tells a repeated identical request apart; `target` is the dock instance brought
 * forward (undefined: whichever stock ticket takes it first, as in a pop-out window).
 */
interface StagedStockOrderStore {
  staged: StagedStockOrder | undefined;
  target: string | undefined;
  seq: number;
  stage(order: StagedStockOrder, target?: string): void;
  /** The staged order if it is meant for `instanceId`, taken (so no other ticket fills it again). */
  take(instanceId: string): StagedStockOrder | undefined;
}

export const useStagedStockOrder = create<StagedStockOrderStore>((set, get) => ({
  staged: undefined,
  target: undefined,
  seq: 0,
  stage: (staged, target) => set((s) => ({ staged, target, seq: s.seq + 1 })),
  take(instanceId) {
    const { staged, target } = get();
    if (!staged || (target !== undefined && target !== instanceId)) return undefined;
    set({ staged: undefined, target: undefined });
    return staged;
  },
}));

/**
 * Stage an order in the stock ticket and bring the ticket forward (the dock's, or a new one: the
 * shell's `showPanel` port, renderer/lib/show-panel.ts). The ticket shows the staged symbol (it sets
 * its link group's instrument when it differs) and fills its form; the trader places it.
 */
export function stageStockOrder(order: StagedStockOrder): void {
  useStagedStockOrder.getState().stage(order);
  showPanel('stockTicket');
}
