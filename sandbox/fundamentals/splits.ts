import { readDataFile } from '../data/data-file';
import { splitsFile } from '../data/schemas';
import splitsJson from '../data/splits.json';

/**
 * Splits that happened (effective dates, `from` old shares become `to` new ones;
 * sandbox/data/splits.json): a small fact table rather than a random draw, so a fund or stock shows a split only where there was one.
 * The fund-splits operation serves the ETF rows; the stock rows document the real splits of the
 * best-known names the universe's reference prices are already adjusted for.
 */
export interface SplitFact {
  date: string;
  from: number;
  to: number;
}

const SPLITS: Record<string, SplitFact[]> = {};
for (const { symbol, ...split } of readDataFile('sandbox/data/splits.json', splitsJson, splitsFile).rows)
  (SPLITS[symbol] ??= []).push(split);

export const splitsOf = (symbol: string): readonly SplitFact[] => SPLITS[symbol] ?? [];
