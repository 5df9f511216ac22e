import type { AlertsState } from '../../../shared/ipc/contract';
import type { LinkedInstrument } from '../../ui/panel-types';

/**
 * The chart's lines for price alerts: one per ARMED above/below/cross alert on the shown symbol.
 * A % move has no fixed price (it follows the previous close), so it gets no line. The number is
 * only a drawing position; the alert itself keeps its decimal text.
 */
export function alertLinesFor(
  state: AlertsState | undefined,
  instrument: LinkedInstrument | undefined,
): Array<{ price: number; title: string }> {
  if (!state || !instrument) return [];
  const lines: Array<{ price: number; title: string }> = [];
  for (const a of state.alerts) {
    if (a.status !== 'armed' || a.symbol !== instrument.symbol || a.category !== instrument.category)
      continue;
    if (!('price' in a.condition)) continue;
    lines.push({ price: Number(a.condition.price), title: `Alert ${a.condition.kind} ${a.condition.price}` });
  }
  return lines;
}

/** A chart price as the form's decimal text: two places, or four under one dollar. */
export function priceText(price: number): string {
  return price.toFixed(Math.abs(price) < 1 ? 4 : 2);
}
