import Decimal from 'decimal.js';
import { z } from 'zod';
import { leaveNote, readDecimalText } from '../readers';
import { calendarDate, page, record, rows, timestampMs } from '../primitives';
import { fraction, money, multiple, percent, shares } from './units';

/**
 * Fundamentals response fields are not published by the broker: these are the records a trader
 * expects, validated leniently. Every money or ratio figure is a decimal string; optional fields
 * are shown as "—" when absent.
 * Units: one per kind of figure, declared in records/units.ts.
 */

export const companyProfile = record({
  symbol: z.string(),
  name: z.string(),
  exchange: z.string(),
  sector: z.string(),
  industry: z.string(),
  description: z.string(),
  employees: z.number().int().optional(),
  website: z.string().optional(),
  ceo: z.string().optional(),
  headquarters: z.string().optional(),
  founded: z.string().optional(),
  ipo_date: z.string().optional(),
  market_cap: money('Market capitalisation').optional(),
  shares_outstanding: shares('Shares outstanding').optional(),
  pe_ratio: multiple('Price / trailing diluted EPS').optional(),
  high_52w: money('Highest price of the last 52 weeks').optional(),
  low_52w: money('Lowest price of the last 52 weeks').optional(),
  currency: z.string().optional(),
});

export const analystTargetPrice = record({
  symbol: z.string(),
  current_price: money('Last price'),
  target_high: money('Highest price target'),
  target_low: money('Lowest price target'),
  target_mean: money('Mean price target'),
  target_median: money('Median price target'),
  analyst_count: z.number().int(),
  updated_at: timestampMs,
});

export const analystRating = record({
  symbol: z.string(),
  strong_buy: z.number().int(),
  buy: z.number().int(),
  hold: z.number().int(),
  sell: z.number().int(),
  strong_sell: z.number().int(),
  consensus: z.string(),
  updated_at: timestampMs,
});

export const forecastEps = record({
  fiscal_year: z.number().int(),
  fiscal_period: z.string(),
  report_date: z.string(),
  eps_estimate: money('EPS estimate per share'),
  eps_high: money('Highest EPS estimate').optional(),
  eps_low: money('Lowest EPS estimate').optional(),
  eps_actual: money('Reported diluted EPS').optional(),
  revenue_estimate: money('Revenue estimate').optional(),
  revenue_actual: money('Reported revenue').optional(),
  analyst_count: z.number().int().optional(),
});

export const filing = record({
  filing_id: z.string(),
  form_type: z.string(),
  title: z.string(),
  filed_date: z.string(),
  period_end: z.string().optional(),
  url: z.string().optional(),
});

export const earningsEvent = record({
  symbol: z.string(),
  fiscal_year: z.number().int(),
  fiscal_period: z.string(),
  report_date: z.string(),
  report_time: z.string().optional(),
  eps_estimate: money('EPS estimate per share').optional(),
  eps_actual: money('Reported diluted EPS').optional(),
  revenue_estimate: money('Revenue estimate').optional(),
  revenue_actual: money('Reported revenue').optional(),
});

export const dividendEvent = record({
  symbol: z.string(),
  announce_date: z.string().optional(),
  ex_date: z.string(),
  record_date: z.string().optional(),
  pay_date: z.string(),
  amount: money('Dividend per share'),
  currency: z.string().optional(),
  frequency: z.string().optional(),
  dividend_type: z.string().optional(),
});

const capitalFlowFields = record({
  /** `YYYY-MM-DD`; the real service writes `yyyyMMdd` (readers.ts). */
  date: calendarDate,
  inflow: money('Inflow'),
  outflow: money('Outflow'),
  net_flow: money('Net flow'),
  large_net: money('Net flow of large orders').optional(),
  medium_net: money('Net flow of medium orders').optional(),
  small_net: money('Net flow of small orders').optional(),
});

/**
 * The real service's capital-flow rows carry inflow and outflow per order size (`large_in`,
 * `large_out`, `medium_in` …, in scientific notation) and no totals: the totals are their sums.
 */
function capitalFlowTotals(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const v = value as Record<string, unknown>;
  if (v.inflow !== undefined || v.large_in === undefined) return value;
  const sizes = ['large', 'medium', 'small'] as const;
  const amounts = sizes.map((size) => [readDecimalText(v[`${size}_in`]), readDecimalText(v[`${size}_out`])]);
  if (amounts.some(([i, o]) => i === undefined || o === undefined)) return value;
  const sum = (k: 0 | 1) => amounts.reduce((t, a) => t.plus(a[k] as string), new Decimal(0));
  const net = (i: number) =>
    new Decimal(amounts[i]?.[0] as string).minus(amounts[i]?.[1] as string).toFixed();
  leaveNote({ kind: 'repaired', reader: 'alias', value: v.large_in });
  return {
    ...v,
    inflow: sum(0).toFixed(),
    outflow: sum(1).toFixed(),
    net_flow: sum(0).minus(sum(1)).toFixed(),
    large_net: net(0),
    medium_net: net(1),
    small_net: net(2),
  };
}

export const capitalFlow = z.preprocess(capitalFlowTotals, capitalFlowFields);

export const industryPeer = record({
  symbol: z.string(),
  name: z.string(),
  price: money('Last price').optional(),
  change_ratio: fraction('Change since the previous close').optional(),
  market_cap: money('Market capitalisation').optional(),
  pe_ratio: multiple('Price / trailing diluted EPS').optional(),
  pb_ratio: multiple('Price / book').optional(),
  revenue_growth: fraction('Revenue growth over the same quarter a year earlier').optional(),
  net_margin: fraction('Trailing net margin').optional(),
  dividend_yield: fraction('Trailing dividend yield').optional(),
});

export const industryComparison = record({
  symbol: z.string(),
  sector: z.string(),
  industry: z.string(),
  items: rows(industryPeer),
});

const statementPeriod = {
  fiscal_year: z.number().int(),
  /** `Q1`…`Q4` for quarters, `FY` for a year. */
  fiscal_period: z.string(),
  period_end: z.string(),
  currency: z.string().optional(),
};

export const financialIndicators = record({
  ...statementPeriod,
  eps: money('Diluted EPS of the period').optional(),
  pe_ratio: multiple('Price / trailing-twelve-month diluted EPS').optional(),
  pb_ratio: multiple('Market cap / total equity').optional(),
  ps_ratio: multiple('Market cap / trailing revenue').optional(),
  roe: fraction('Trailing net income / total equity').optional(),
  roa: fraction('Trailing net income / total assets').optional(),
  gross_margin: fraction('Gross profit / revenue').optional(),
  operating_margin: fraction('Operating income / revenue').optional(),
  net_margin: fraction('Net income / revenue').optional(),
  debt_to_equity: multiple('Long-term debt / total equity').optional(),
  current_ratio: multiple('Current assets / current liabilities').optional(),
  book_value_per_share: money('Total equity per diluted share').optional(),
  revenue_growth: fraction('Revenue growth over the same period a year earlier').optional(),
});

export const incomeStatement = record({
  ...statementPeriod,
  revenue: money('Revenue'),
  cost_of_revenue: money('Cost of revenue'),
  gross_profit: money('Gross profit'),
  operating_expense: money('Operating expense'),
  operating_income: money('Operating income'),
  interest_expense: money('Interest expense').optional(),
  pretax_income: money('Pretax income'),
  income_tax: money('Income tax'),
  net_income: money('Net income'),
  eps_basic: money('Net income per basic share'),
  eps_diluted: money('Net income per diluted share (equal to basic for a loss)'),
  shares_diluted: shares('Weighted diluted shares'),
});

export const cashFlowStatement = record({
  ...statementPeriod,
  operating_cash_flow: money('Operating cash flow'),
  investing_cash_flow: money('Investing cash flow'),
  financing_cash_flow: money('Financing cash flow'),
  net_change_in_cash: money('Net change in cash'),
  capital_expenditure: money('Capital expenditure'),
  free_cash_flow: money('Free cash flow'),
  dividends_paid: money('Dividends paid').optional(),
});

export const balanceSheet = record({
  ...statementPeriod,
  total_assets: money('Total assets'),
  current_assets: money('Current assets'),
  cash_and_equivalents: money('Cash and equivalents'),
  total_liabilities: money('Total liabilities'),
  current_liabilities: money('Current liabilities'),
  long_term_debt: money('Long-term debt'),
  total_equity: money('Total equity'),
  retained_earnings: money('Retained earnings (never above total assets)').optional(),
});

export const financialAlert = record({
  alert_id: z.string(),
  alert_type: z.string(),
  title: z.string(),
  severity: z.string(),
  date: z.string(),
  description: z.string().optional(),
});

export const fundBrief = record({
  symbol: z.string(),
  name: z.string(),
  issuer: z.string(),
  inception_date: z.string(),
  expense_ratio: fraction('Annual expense ratio'),
  aum: money('Assets under management'),
  fund_category: z.string(),
  benchmark: z.string().optional(),
  nav: money('Net asset value per share'),
  holdings_count: z
    .number()
    .int()
    .optional()
    .describe('Number of holdings in the real fund (may exceed the items listed)'),
  dividend_yield: fraction('Trailing distribution yield').optional(),
  description: z.string().optional(),
});

export const fundPerformance = record({
  symbol: z.string(),
  as_of: z.string(),
  return_1m: fraction('Return over one month').optional(),
  return_3m: fraction('Return over three months').optional(),
  return_ytd: fraction('Return since the start of the year').optional(),
  return_1y: fraction('Return over one year').optional(),
  return_3y: fraction('Cumulative return over three years').optional(),
  return_5y: fraction('Cumulative return over five years').optional(),
  return_since_inception: fraction('Cumulative return since inception').optional(),
  benchmark_return_1y: fraction('Benchmark return over one year').optional(),
});

export const fundRating = record({
  symbol: z.string(),
  rating: z.number().int(),
  risk_level: z.string(),
  rated_by: z.string().optional(),
  as_of: z.string(),
});

export const fundSplit = record({
  date: z.string(),
  ratio_from: shares('Old shares'),
  ratio_to: shares('New shares'),
});
export const fundFile = record({
  file_id: z.string(),
  title: z.string(),
  file_type: z.string(),
  date: z.string(),
  url: z.string().optional(),
});
export const allocationSlice = record({ name: z.string(), weight: percent('Share of the fund') });
export const fundAllocation = record({
  symbol: z.string(),
  as_of: z.string(),
  asset_classes: z.array(allocationSlice),
  sectors: z.array(allocationSlice),
  regions: z.array(allocationSlice),
});
export const fundHolding = record({
  symbol: z.string(),
  name: z.string(),
  weight: percent('Share of the fund'),
  shares: shares('Shares held').optional(),
  market_value: money('Market value of the position').optional(),
  in_universe: z.boolean().optional().describe('Whether the holding is an instrument the sandbox quotes'),
});
export const fundHoldings = record({ symbol: z.string(), as_of: z.string(), items: z.array(fundHolding) });
export const fundNetValue = record({
  date: z.string(),
  nav: money('Net asset value per share'),
  change: money('Change since the previous NAV').optional(),
  change_ratio: fraction('Change since the previous NAV').optional(),
});
export const fundDividend = record({
  ex_date: z.string(),
  pay_date: z.string().optional(),
  amount: money('Distribution per share'),
  currency: z.string().optional(),
});
export const fundDividendPage = page(fundDividend);

export type CompanyProfile = z.output<typeof companyProfile>;
export type IncomeStatement = z.output<typeof incomeStatement>;
export type BalanceSheet = z.output<typeof balanceSheet>;
export type CashFlowStatement = z.output<typeof cashFlowStatement>;
export type FinancialIndicators = z.output<typeof financialIndicators>;
