import { DataFileError, readDataFile } from '../data/data-file';
import { etfsFile, indexFile, stocksFile, type EtfRow } from '../data/schemas';
import etfsJson from '../data/etfs.json';
import midcapJson from '../data/index-midcap400.json';
import nasdaqJson from '../data/index-nasdaq100.json';
import sp500Json from '../data/index-sp500.json';
import stocksJson from '../data/stocks.json';
import { hashText, uniformAt } from './prng';
import { industryOf } from './universe-industries';

/**
 * The universe's reference data (docs/sandbox.md "Reference data"): sandbox/data/stocks.json,
 * etfs.json and one file an index, each checked against its schema as this module loads. An index
 * row names its industry by code; it gets the industry's sector and name, and, without a
 * volatility of its own, the industry's typical one spread ±15 % per symbol by a hash so peers do
 * not move in lockstep.
 */
export interface StockData {
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

interface IndexData {
  /** Members with a row elsewhere (stocks.json, another index). */
  members: readonly string[];
  rows: readonly StockData[];
}

export function readIndex(file: string, json: unknown): IndexData {
  const data = readDataFile(file, json, indexFile);
  const rows = data.rows.map((r, i): StockData => {
    const ind = industryOf(r.industry);
    if (!ind)
      throw new DataFileError(
        `${file} is not valid reference data:\n  row ${i + 1} (${r.symbol}): industry: ` +
          `no industry ${r.industry} in sandbox/data/industries.json`,
      );
    const spread = 0.85 + 0.3 * uniformAt(hashText(`vol:${r.symbol}`));
    return {
      symbol: r.symbol,
      name: r.name,
      exchange: r.exchange,
      sector: ind.sector,
      industry: ind.industry,
      refPrice: r.refPrice.toFixed(2),
      volatility: r.volatility ?? Math.round(ind.volatility * spread * 1000) / 1000,
      sharesBn: r.sharesBn,
      dividendYieldPct: r.dividendYieldPct,
    };
  });
  return { members: data.members, rows };
}

export const HAND_STOCKS: readonly StockData[] = readDataFile(
  'sandbox/data/stocks.json',
  stocksJson,
  stocksFile,
).rows;
export const ETFS: readonly EtfRow[] = readDataFile('sandbox/data/etfs.json', etfsJson, etfsFile).rows;
export const SP500 = readIndex('sandbox/data/index-sp500.json', sp500Json);
export const NASDAQ_100 = readIndex('sandbox/data/index-nasdaq100.json', nasdaqJson);
export const MIDCAP_400 = readIndex('sandbox/data/index-midcap400.json', midcapJson);
