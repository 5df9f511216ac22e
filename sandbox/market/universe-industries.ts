import { readDataFile } from '../data/data-file';
import { industriesFile } from '../data/schemas';
import industriesJson from '../data/industries.json';

/**
 * GICS sectors and industries of the index files' rows (sandbox/data/index-*.json): a row names its
 * industry by a short code, and the code gives the sector, the industry's name and a typical
 * annualised volatility for the names in it (a row may override the volatility). The table:
 * sandbox/data/industries.json.
 */
export interface IndustryInfo {
  sector: string;
  industry: string;
  volatility: number;
}

const TABLE = new Map(
  readDataFile('sandbox/data/industries.json', industriesJson, industriesFile).rows.map((r) => [r.code, r]),
);

export function industryOf(code: string): IndustryInfo | undefined {
  const t = TABLE.get(code);
  return t ? { sector: t.sector, industry: t.industry, volatility: t.volatility } : undefined;
}
