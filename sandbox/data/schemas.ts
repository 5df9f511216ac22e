import { z } from 'zod';
import { uniqueRows } from './data-file';

/**
 * The schema of each reference data file under sandbox/data/ (docs/sandbox.md "Reference data").
 * Shapes only what the files hold; what the sandbox derives from them (instrument ids, volumes,
 * prices over time) is code.
 */

/** A US ticker as listed: capitals, digits, a class after a dot (`BRK.B`). */
const ticker = z.string().regex(/^[A-Z][A-Z0-9]*(\.[A-Z])?$/, 'not a ticker (capitals, optional .class)');
/** A decimal as text, the way prices travel (`570.00`, `0.0945`). */
const decimalText = z.string().regex(/^\d+(\.\d+)?$/, 'not a decimal text like 570.00');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'not a date YYYY-MM-DD');
const name = z.string().trim().min(1);
const positive = z.number().positive();
const percent = z.number().min(0).max(100);
/** Annualised volatility (0.16 = 16 %). */
const volatility = z.number().positive().max(3);

/** A data file: what it holds and where from (`about`, JSON has no comments), then its rows. */
const file = <R extends z.ZodType>(row: R) => z.object({ about: z.string().min(1), rows: z.array(row) });

/** etfs.json: the simulated ETFs and what their synthetic holdings are drawn from (`basis`). */
const etfRow = z.strictObject({
  symbol: ticker,
  name,
  exchange: z.enum(['ARCA', 'NASDAQ', 'CBOE', 'NYSE']),
  sector: name,
  industry: name,
  refPrice: decimalText,
  volatility,
  sharesBn: positive,
  dividendYieldPct: percent,
  issuer: name,
  inception: isoDate,
  expenseRatioPct: decimalText,
  benchmark: name,
  /** An index, style or sector (`SP500`, `SECTOR:Energy`, …) or a basket of fund-baskets.json. */
  basis: z.string().regex(/^[A-Z0-9_]+(:.+)?$/, 'not a basis like SP500, SECTOR:<name> or a basket name'),
});
export type EtfRow = z.output<typeof etfRow>;
export const etfsFile = file(etfRow).superRefine(uniqueRows((r: EtfRow) => r.symbol));

/** stocks.json: hand-tuned stocks, with their own sector, industry and volatility. */
const stockRow = z.strictObject({
  symbol: ticker,
  name,
  exchange: z.enum(['NASDAQ', 'NYSE']),
  sector: name,
  industry: name,
  refPrice: decimalText,
  volatility,
  sharesBn: positive,
  dividendYieldPct: percent,
});
type StockRow = z.output<typeof stockRow>;
export const stocksFile = file(stockRow).superRefine(uniqueRows((r: StockRow) => r.symbol));

/** industries.json: an industry code's sector, name and typical volatility. */
const industryRow = z.strictObject({
  code: z.string().regex(/^[A-Z]+$/, 'not an industry code (capitals)'),
  sector: name,
  industry: name,
  volatility,
});
type IndustryRow = z.output<typeof industryRow>;
export const industriesFile = file(industryRow).superRefine(uniqueRows((r: IndustryRow) => r.code));

/**
 * index-*.json: an index's members as of `asOf`: `members` lists those that have a row elsewhere
 * (stocks.json, an earlier index file), `rows` the rest, each naming its industry by code
 * (industries.json) and optionally its own volatility.
 */
const indexRow = z.strictObject({
  symbol: ticker,
  name,
  exchange: z.enum(['NASDAQ', 'NYSE']),
  industry: z.string().regex(/^[A-Z]+$/, 'not an industry code (capitals)'),
  refPrice: positive,
  sharesBn: positive,
  dividendYieldPct: percent,
  volatility: volatility.optional(),
});
type IndexRow = z.output<typeof indexRow>;
export const indexFile = z
  .object({ about: z.string().min(1), asOf: isoDate, members: z.array(ticker), rows: z.array(indexRow) })
  .superRefine(uniqueRows((r: IndexRow) => r.symbol));

/** company-facts.json: a company's reported facts, under each of its tickers (share classes). */
const companyRow = z.strictObject({
  symbols: z.array(ticker).min(1),
  revenueBn: positive,
  operatingMargin: z.number().min(-1).max(1),
  employees: z.number().int().positive(),
  ceo: name,
  website: z.url({ protocol: /^https$/ }),
  headquarters: name,
  founded: z.string().regex(/^\d{4}$/, 'not a year'),
});
type CompanyRow = z.output<typeof companyRow>;
export const companyFactsFile = file(companyRow).superRefine(
  uniqueRows((r: CompanyRow) => r.symbols.join(' ')),
);

/** fund-facts.json: a fund's real holding count, and the share of it the universe covers. */
const fundFactRow = z.strictObject({
  symbol: ticker,
  count: z.number().int().positive(),
  covered: z.number().gt(0).max(1).optional(),
});
export const fundFactsFile = file(fundFactRow).superRefine(uniqueRows((r: { symbol: string }) => r.symbol));

/** fund-baskets.json: the fixed holdings of non-equity funds (bonds, metal, futures, …), by basket. */
const basketRow = z.strictObject({
  basket: z.string().regex(/^[A-Z_]+$/, 'not a basket name (capitals, _)'),
  symbol: name,
  name,
  sector: name,
  region: name,
  /** Relative weight within the basket. */
  weight: positive,
});
type BasketRow = z.output<typeof basketRow>;
export const fundBasketsFile = file(basketRow).superRefine(
  uniqueRows((r: BasketRow) => `${r.basket} ${r.symbol}`),
);

/** index-dow.json: the Dow's members (a price-weighted fund holds them). */
export const dowFile = z.object({ about: z.string().min(1), members: z.array(ticker).min(1) });

/** splits.json: splits that happened (`from` old shares became `to` new ones). */
const splitRow = z.strictObject({
  symbol: ticker,
  date: isoDate,
  from: z.number().int().positive(),
  to: z.number().int().positive(),
});
export const splitsFile = file(splitRow).superRefine(
  uniqueRows((r: { symbol: string; date: string }) => `${r.symbol} ${r.date}`),
);

/** leveraged-funds.json: a fund whose daily return is a multiple of an underlying's. */
const leveragedRow = z.strictObject({
  symbol: ticker,
  underlying: ticker,
  leverage: z.number().refine((n) => n !== 0 && Math.abs(n) <= 3, 'a daily multiple of −3 … 3, not 0'),
});
export const leveragedFile = file(leveragedRow).superRefine(uniqueRows((r: { symbol: string }) => r.symbol));
