import { create } from 'zustand';
import type { AlertKind } from '../../../shared/ipc/contract';
import type { Category } from '../../../shared/openapi/primitives';

/**
 * A request to set an alert, from outside the Alerts panel (a watchlist row's `A`, the chart's
 * "Alert at price", the "New price alert…" command). The Alerts panel fills its form from it and
 * moves focus there; `seq` tells a repeated identical request apart.
 */
export interface AlertDraft {
  symbol?: string;
  category?: Category;
  kind?: AlertKind;
  /** A price or percent as decimal text. */
  value?: string;
}

interface AlertDraftStore {
  draft: AlertDraft | undefined;
  seq: number;
  request(draft: AlertDraft): void;
  take(): AlertDraft | undefined;
}

export const useAlertDraft = create<AlertDraftStore>((set, get) => ({
  draft: undefined,
  seq: 0,
  request: (draft) => set((s) => ({ draft, seq: s.seq + 1 })),
  take() {
    const { draft } = get();
    set({ draft: undefined });
    return draft;
  },
}));
