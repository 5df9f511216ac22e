/**
 * Whether this window has shown a price yet (docs/ui.md "Start"): set once, by the first watchlist
 * row whose render shows one. The quote store alone is not the signal: the first screen's prefetch
 * seeds it with snapshots before the watchlist's code has arrived, and work started then (the
 * Settings and palette preload) competed with that code and the first render.
 */
let shown = false;
const listeners = new Set<() => void>();

export function firstPriceShown(): boolean {
  return shown;
}

/** Called by a row after a render that shows a price; only the first call does anything. */
export function markFirstPriceShown(): void {
  if (shown) return;
  shown = true;
  const waiting = [...listeners];
  listeners.clear();
  for (const listener of waiting) listener();
}

/** Calls `listener` once, when the first price is shown; returns the unsubscribe. */
export function onFirstPriceShown(listener: () => void): () => void {
  if (shown) return () => undefined;
  listeners.add(listener);
  return () => listeners.delete(listener);
}
