import { hashText, uniformAt } from './prng';
import { industryOf } from './universe-industries';

/**
 * Parses the compact universe rows (`symbol|name|Q or N|industry code|price|shares bn|yield %[|vol]`,
 * one instrument a line). A row without its own volatility gets its industry's typical one,
 * spread ±15 % per symbol by a hash so peers do not move in lockstep.
 */
export interface CompactStock {
  symbol: string;
  name: string;
  exchange: 'NASDAQ' | 'NYSE';
  sector: string;
  industry: string;
  refPrice: string;
  volatility: number;
  sharesBn: number;
  dividendYieldPct: number;
}

export function parseCompactRows(text: string): CompactStock[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .map((line) => {
      const [symbol = '', name = '', ex = '', code = '', price = '', shares = '', yieldPct = '', vol] =
        line.split('|');
      const ind = industryOf(code);
      const refPrice = Number(price);
      if (
        !ind ||
        !symbol ||
        !name ||
        !(refPrice > 0) ||
        !(Number(shares) > 0) ||
        (ex !== 'Q' && ex !== 'N')
      ) {
        throw new Error(`bad universe row: ${line}`);
      }
      const spread = 0.85 + 0.3 * uniformAt(hashText(`vol:${symbol}`));
      return {
        symbol,
        name,
        exchange: ex === 'Q' ? 'NASDAQ' : 'NYSE',
        sector: ind.sector,
        industry: ind.industry,
        refPrice: refPrice.toFixed(2),
        volatility: vol ? Number(vol) : Math.round(ind.volatility * spread * 1000) / 1000,
        sharesBn: Number(shares),
        dividendYieldPct: Number(yieldPct),
      };
    });
}

/** Tickers of a members list (whitespace-separated). */
export const tickers = (text: string): string[] => text.split(/\s+/).filter((t) => t.length > 0);
