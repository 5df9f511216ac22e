import { readDataFile } from '../data/data-file';
import { leveragedFile } from '../data/schemas';
import leveragedJson from '../data/leveraged-funds.json';

/**
 * Leveraged and inverse funds of the universe whose underlying the sandbox also quotes, with the
 * daily multiple their prospectus states (the funds' `benchmark` names it: "Nasdaq-100 (3x daily)").
 * Such a fund's price is a function of its underlying's (daily-model.ts): its daily return is the
 * multiple of the underlying's. SOXL/SOXS follow the NYSE Semiconductor index, which SOXX tracks;
 * TNA/TZA the Russell 2000 (IWM). The VIX futures funds (UVXY, VXX) have no underlying here and
 * move on their own. The table: sandbox/data/leveraged-funds.json.
 */
export const LEVERAGED: Readonly<Record<string, { underlying: string; leverage: number }>> =
  Object.fromEntries(
    readDataFile('sandbox/data/leveraged-funds.json', leveragedJson, leveragedFile).rows.map(
      ({ symbol, underlying, leverage }) => [symbol, { underlying, leverage }],
    ),
  );
