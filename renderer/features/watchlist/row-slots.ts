/**
 * Row recycling (docs/ui.md "Watchlists"): each rendered row gets a slot, its React key. A row that
 * stays keeps its slot; a row entering takes the slot of one that left, so React updates that row's
 * elements (new text, new `top`) instead of removing one row's and creating another's. In a fast
 * scroll ten rows enter and ten leave a frame, and creating their elements, styling them and laying
 * them out was most of each frame's work.
 *
 * `keep`: a row whose slot must not go to another row when it leaves (the row holding the keyboard
 * focus, or the one being dragged): its element leaves with it, so focus never lands on another
 * symbol's row.
 */
export function assignSlots(
  previous: ReadonlyMap<string, number>,
  symbols: readonly string[],
  keep?: string,
): Map<string, number> {
  const next = new Map<string, number>();
  for (const symbol of symbols) {
    const slot = previous.get(symbol);
    if (slot !== undefined) next.set(symbol, slot);
  }
  const free: number[] = [];
  let fresh = 0;
  for (const [symbol, slot] of previous) {
    fresh = Math.max(fresh, slot + 1);
    if (!next.has(symbol) && symbol !== keep) free.push(slot);
  }
  free.sort((a, b) => a - b);
  let reused = 0;
  for (const symbol of symbols) {
    if (next.has(symbol)) continue;
    next.set(symbol, reused < free.length ? (free[reused++] as number) : fresh++);
  }
  return next;
}
