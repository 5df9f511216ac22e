import { decimal } from '../primitives';

/**
 * The units of the records' figures, said once for every field of a kind (docs/sandbox-market.md):
 * - money: US dollars; statement line items in whole dollars, per-share figures to the cent;
 * - fraction: changes (`change_ratio`), margins, margin requirements, returns, growth, yields,
 *   ROE/ROA and expense ratios are fractions (0.0123 = 1.23 %);
 * - multiple: P/E, P/B, P/S, current ratio and debt-to-equity are plain multiples (12.5 = 12.5×);
 * - percent: the one exception, a fund's holding and allocation `weight`, is a percent of the fund
 *   (12.3456 = 12.3456 %), as fund fact sheets print it;
 * - shares: a count of shares.
 * Each helper is a decimal string whose schema description ends with its unit
 * (shared/openapi/records/units.test.ts checks every ratio-kind field has one).
 */
export const money = (what: string) => decimal.describe(`${what}, US dollars`);
export const fraction = (what: string) => decimal.describe(`${what}, a fraction (0.0123 = 1.23 %)`);
export const multiple = (what: string) => decimal.describe(`${what}, a multiple (12.5 = 12.5×)`);
export const percent = (what: string) => decimal.describe(`${what}, a percent (12.5 = 12.5 %)`);
export const shares = (what: string) => decimal.describe(`${what}, a number of shares`);
