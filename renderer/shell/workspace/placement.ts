/**
 * Where the dock puts a panel the user adds (docs/ui.md "Adding a panel"). It never squeezes a panel
 * below a usable size: the new panel takes half of the largest group, split along that group's
 * longer side, when both halves keep at least `MIN_PANEL`; otherwise it opens as a tab of that
 * group (one click away, and the user can drag it out).
 */
export const MIN_PANEL = { width: 340, height: 220 } as const;

export interface GroupBox {
  width: number;
  height: number;
}

export type Placement<G> = { group: G; direction: 'right' | 'below' | 'within' };

export function placeNewPanel<G extends GroupBox>(groups: readonly G[]): Placement<G> | undefined {
  let largest: G | undefined;
  for (const g of groups) if (!largest || g.width * g.height > largest.width * largest.height) largest = g;
  if (!largest) return undefined;
  const canSplitWidth = largest.width / 2 >= MIN_PANEL.width;
  const canSplitHeight = largest.height / 2 >= MIN_PANEL.height;
  // Split the longer side first, measured against the minimum it must keep.
  const wideFirst = largest.width / MIN_PANEL.width >= largest.height / MIN_PANEL.height;
  if (wideFirst ? canSplitWidth : canSplitHeight)
    return { group: largest, direction: wideFirst ? 'right' : 'below' };
  if (canSplitWidth) return { group: largest, direction: 'right' };
  if (canSplitHeight) return { group: largest, direction: 'below' };
  return { group: largest, direction: 'within' };
}
