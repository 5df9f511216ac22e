import { z } from 'zod';
import { decimal, page, record, timestampMs } from '../primitives';

/**
 * Fundamentals response fields are not published (docs/openapi-client.md): these are the records a trader
 * expects, validated leniently. Every money or ratio figure is a decimal string; optional fields
 * are shown as "—" when absent.
 */

const opt = decimal.optional();

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
  market_cap: opt,
  shares_outstanding: opt,
  currency: z.string().optional(),
});

export const analystTargetPrice = record({
  symbol: z.string(),
  current_price: decimal,
  target_high: decimal,
  target_low: decimal,
  target_mean: decimal,
  target_median: decimal,
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
  eps_estimate: decimal,
  eps_high: opt,
  eps_low: opt,
  eps_actual: opt,
  revenue_estimate: opt,
  revenue_actual: opt,
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
  eps_estimate: opt,
  eps_actual: opt,
  revenue_estimate: opt,
  revenue_actual: opt,
});

export const dividendEvent = record({
  symbol: z.string(),
  announce_date: z.string().optional(),
  ex_date: z.string(),
  record_date: z.string().optional(),
  pay_date: z.string(),
  amount: decimal,
  currency: z.string().optional(),
  frequency: z.string().optional(),
  dividend_type: z.string().optional(),
});

export const capitalFlow = record({
  date: z.string(),
  inflow: decimal,
  outflow: decimal,
  net_flow: decimal,
  large_net: opt,
  medium_net: opt,
  small_net: opt,
});

export const industryPeer = record({
  symbol: z.string(),
  name: z.string(),
  price: opt,
  change_ratio: opt,
  market_cap: opt,
  pe_ratio: opt,
  pb_ratio: opt,
  revenue_growth: opt,
  net_margin: opt,
  dividend_yield: opt,
});

export const industryComparison = record({
  symbol: z.string(),
  sector: z.string(),
  industry: z.string(),
  items: z.array(industryPeer),
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
  eps: opt,
  pe_ratio: opt,
  pb_ratio: opt,
  ps_ratio: opt,
  roe: opt,
  roa: opt,
  gross_margin: opt,
  operating_margin: opt,
  net_margin: opt,
  debt_to_equity: opt,
  current_ratio: opt,
  book_value_per_share: opt,
  revenue_growth: opt,
});

export const incomeStatement = record({
  ...statementPeriod,
  revenue: decimal,
  cost_of_revenue: decimal,
  gross_profit: decimal,
  operating_expense: decimal,
  operating_income: decimal,
  interest_expense: opt,
  pretax_income: decimal,
  income_tax: decimal,
  net_income: decimal,
  eps_basic: decimal,
  eps_diluted: decimal,
  shares_diluted: decimal,
});

export const cashFlowStatement = record({
  ...statementPeriod,
  operating_cash_flow: decimal,
  investing_cash_flow: decimal,
  financing_cash_flow: decimal,
  net_change_in_cash: decimal,
  capital_expenditure: decimal,
  free_cash_flow: decimal,
  dividends_paid: opt,
});

export const balanceSheet = record({
  ...statementPeriod,
  total_assets: decimal,
  current_assets: decimal,
  cash_and_equivalents: decimal,
  total_liabilities: decimal,
  current_liabilities: decimal,
  long_term_debt: decimal,
  total_equity: decimal,
  retained_earnings: opt,
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
  expense_ratio: decimal,
  aum: decimal,
  fund_category: z.string(),
  benchmark: z.string().optional(),
  nav: decimal,
  holdings_count: z.number().int().optional(),
  dividend_yield: opt,
  description: z.string().optional(),
});

export const fundPerformance = record({
  symbol: z.string(),
  as_of: z.string(),
  return_1m: opt,
  return_3m: opt,
  return_ytd: opt,
  return_1y: opt,
  return_3y: opt,
  return_5y: opt,
  return_since_inception: opt,
  benchmark_return_1y: opt,
});

export const fundRating = record({
  symbol: z.string(),
  rating: z.number().int(),
  risk_level: z.string(),
  rated_by: z.string().optional(),
  as_of: z.string(),
});

export const fundSplit = record({ date: z.string(), ratio_from: decimal, ratio_to: decimal });
export const fundFile = record({
  file_id: z.string(),
  title: z.string(),
  file_type: z.string(),
  date: z.string(),
  url: z.string().optional(),
});
export const allocationSlice = record({ name: z.string(), weight: decimal });
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
  weight: decimal,
  shares: opt,
  market_value: opt,
});
export const fundHoldings = record({ symbol: z.string(), as_of: z.string(), items: z.array(fundHolding) });
export const fundNetValue = record({ date: z.string(), nav: decimal, change: opt, change_ratio: opt });
export const fundDividend = record({
  ex_date: z.string(),
  pay_date: z.string().optional(),
  amount: decimal,
  currency: z.string().optional(),
});
export const fundDividendPage = page(fundDividend);

export type CompanyProfile = z.output<typeof companyProfile>;
export type IncomeStatement = z.output<typeof incomeStatement>;
export type BalanceSheet = z.output<typeof balanceSheet>;
export type CashFlowStatement = z.output<typeof cashFlowStatement>;
export type FinancialIndicators = z.output<typeof financialIndicators>;
